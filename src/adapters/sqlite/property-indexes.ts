import type { Database } from 'better-sqlite3';
import type { PropertyIndexes } from '../../filters/indexes';
import { literalPath } from './filter-sql';

/**
 * Expression indexes for the declared property keys: `(workspace_id, entity_type,
 * json_extract(properties, '$.<key>'), created_at, id)` on nodes and the same with `type` on
 * edges, so a list filtered by its type and a condition on the key is a range seek, and
 * counting it, or choosing its page in creation order, reads the index only (the page's
 * records are read once chosen: graph-list-query.ts). Indexes of keys no longer declared
 * are dropped, so the declaration is the whole truth; an index of an older shape is built
 * again. The key is part of the index name and of its expression: both are built only from
 * keys that passed the property key pattern (`literalPath` checks again).
 */

const TABLES = {
  node: { table: 'graph_nodes', typeColumn: 'entity_type' },
  edge: { table: 'graph_edges', typeColumn: 'type' },
} as const;

/** Index names: `graph_nodes_property_<key>`, `graph_edges_property_<key>`. */
export function propertyIndexName(kind: 'node' | 'edge', key: string): string {
  return `${TABLES[kind].table}_property_${key}`;
}

/**
 * Planner statistics of a property index, in the terms migration 002 seeds for the other
 * graph indexes (a large workspace: 100,000 records of a workspace, 5,000 of a type, a few
 * dozen per property value). Without a sqlite_stat1 row SQLite assumes ten rows per
 * workspace for the index, against 100,000 for every other index, and so read even an
 * unfiltered list sorted by createdAt through the property index, sorting every record of
 * the workspace. A later ANALYZE replaces the row with measured figures; the row of a
 * dropped index goes with it.
 */
const PROPERTY_INDEX_STAT = '1000000 100000 5000 50 1 1';

/**
 * Creates the declared indexes that are missing (with their planner statistics, unless
 * some are stored already) and drops the undeclared ones. The other connections load the
 * statistics when they next read the changed schema.
 */
export function applyPropertyIndexes(db: Database, declared: PropertyIndexes): void {
  // sqlite_stat1 exists from migration 002 on (its statistics are seeded there).
  const seedStat = db.prepare<[{ table: string; index: string; stat: string }]>(
    `INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT @table, @index, @stat
     WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = @table AND idx = @index)`,
  );
  db.transaction(() => {
    for (const kind of ['node', 'edge'] as const) {
      const { table, typeColumn } = TABLES[kind];
      const wanted = new Map(declared[kind].map((key) => [propertyIndexName(kind, key), key]));
      const existing = db
        .prepare<[string, string], { name: string; sql: string }>(
          `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND name LIKE ? ESCAPE '!'`,
        )
        .all(table, `${table}!_property!_%`);
      const columns = (key: string) =>
        `(workspace_id, ${typeColumn}, json_extract(properties, ${literalPath(key)}), created_at, id)`;
      for (const { name, sql } of existing) {
        const key = wanted.get(name);
        if (key === undefined || !sameText(sql, `ON ${table} ${columns(key)}`)) {
          db.exec(`DROP INDEX IF EXISTS "${name.replace(/"/g, '""')}"`);
        }
      }
      for (const [name, key] of wanted) {
        db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} ${columns(key)}`);
        seedStat.run({ table, index: name, stat: PROPERTY_INDEX_STAT });
      }
    }
  })();
  // This connection's planner reads the new statistics now (ANALYZE of the schema table
  // only reloads them).
  db.exec('ANALYZE sqlite_schema');
}

/** Whether an index's stored SQL ends with `tail`, whitespace aside. */
function sameText(sql: string, tail: string): boolean {
  const plain = (text: string) => text.replace(/\s+/g, ' ').replace(/\( /g, '(').trim();
  return plain(sql).endsWith(plain(tail));
}
