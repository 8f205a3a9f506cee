import type { Database } from 'better-sqlite3';
import type { PropertyIndexes } from '../../filters/indexes';
import { literalPath } from './filter-sql';

/**
 * Expression indexes for the declared property keys: `(workspace_id, entity_type,
 * json_extract(properties, '$.<key>'), id)` on nodes and the same with `type` on edges, so a
 * list filtered by its type and a condition on the key is a range seek, and counting it
 * reads the index only. Indexes of keys no longer declared are dropped, so the declaration
 * is the whole truth. The key is part of the index name and of its expression: both are
 * built only from keys that passed the property key pattern (`literalPath` checks again).
 */

const TABLES = {
  node: { table: 'graph_nodes', typeColumn: 'entity_type' },
  edge: { table: 'graph_edges', typeColumn: 'type' },
} as const;

/** Index names: `graph_nodes_property_<key>`, `graph_edges_property_<key>`. */
export function propertyIndexName(kind: 'node' | 'edge', key: string): string {
  return `${TABLES[kind].table}_property_${key}`;
}

/** Creates the declared indexes that are missing and drops the undeclared ones. */
export function applyPropertyIndexes(db: Database, declared: PropertyIndexes): void {
  db.transaction(() => {
    for (const kind of ['node', 'edge'] as const) {
      const { table, typeColumn } = TABLES[kind];
      const wanted = new Map(declared[kind].map((key) => [propertyIndexName(kind, key), key]));
      const existing = db
        .prepare<[string, string], string>(
          `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND name LIKE ? ESCAPE '!'`,
        )
        .pluck()
        .all(table, `${table}!_property!_%`);
      for (const name of existing) {
        if (!wanted.has(name)) {
          db.exec(`DROP INDEX IF EXISTS "${name.replace(/"/g, '""')}"`);
        }
      }
      for (const [name, key] of wanted) {
        db.exec(
          `CREATE INDEX IF NOT EXISTS ${name} ON ${table}
             (workspace_id, ${typeColumn}, json_extract(properties, ${literalPath(key)}), id)`,
        );
      }
    }
  })();
}
