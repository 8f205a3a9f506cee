import type { Database, Statement } from 'better-sqlite3';

/** Statements kept per connection; the oldest is dropped past it. */
const MAX_STATEMENTS = 256;

const caches = new WeakMap<Database, Map<string, Statement>>();

/**
 * `db.prepare(sql)`, reusing the statement prepared for the same text before. Analyst
 * Cypher (cypher/) runs through it: analysts repeat queries with other parameters, and the
 * compiler writes the same text for the same query shape (values are always parameters),
 * so SQLite plans it once.
 */
export function prepareCached<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database,
  sql: string,
): Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Most recently used last, so that the first entry is the one to drop.
    cache.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (cache.size >= MAX_STATEMENTS) {
      cache.delete(cache.keys().next().value!);
    }
  }
  cache.set(sql, statement);
  return statement as unknown as Statement<P, R>;
}
