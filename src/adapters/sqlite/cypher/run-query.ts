import type { Database } from 'better-sqlite3';
import type { SqlQuery } from './compile-query';
import { renderRows } from './render';
import { prepareCached } from './statement-cache';

/** What one query produced: the rendered rows, and whether the row limit cut them. */
export interface SqlQueryResult {
  rows: unknown[][];
  truncated: boolean;
}

/**
 * Runs a compiled query and renders its rows, in one read transaction (the records that
 * nodes and relationships become are read from the same snapshot as the query).
 */
export function runSqlQuery(
  db: Database,
  workspaceId: string,
  query: SqlQuery,
  rowLimit: number,
): SqlQueryResult {
  return db.transaction(() => {
    const rows = prepareCached(db, query.sql).raw(true).all(query.params) as unknown[][];
    const truncated = rows.length > rowLimit;
    const kept = truncated ? rows.slice(0, rowLimit) : rows;
    const types = query.columns.map((c) => c.type);
    return { rows: renderRows(db, workspaceId, types, kept), truncated };
  })();
}
