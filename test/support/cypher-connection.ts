import BetterSqlite3, { type Database } from 'better-sqlite3';
import {
  DEFAULT_SHORTEST_PATH_NODES,
  ShortestPathSearches,
} from '../../src/adapters/sqlite/cypher/runtime/shortest-path-search';
import { registerCypherFunctions } from '../../src/adapters/sqlite/cypher/runtime/sql-functions';

/**
 * A read-only connection like a Cypher query thread's (query-thread.ts): the Cypher SQL
 * functions, the shortest-path searches, and a time check that never stops a statement.
 */
export function queryThreadConnection(filename: string): Database {
  const db = new BetterSqlite3(filename, { readonly: true });
  registerCypherFunctions(db);
  new ShortestPathSearches(DEFAULT_SHORTEST_PATH_NODES).register(db);
  db.function('cy_alive', { varargs: true, deterministic: false }, () => 1);
  return db;
}
