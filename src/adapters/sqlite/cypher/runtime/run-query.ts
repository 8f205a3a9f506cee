import type { Database } from 'better-sqlite3';
import type { CyType } from '../../../../cypher/types';
import type { SqlQuery } from '../compile/compile-query';
import { renderRows, ResultTooLargeError } from './render';
import { prepareCached } from '../../statement-cache';
import {
  exceedsBytes,
  MAX_RESULT_BYTES,
  tooManyBytesMessage,
} from '../../../../cypher/result-size';

/**
 * Most nodes and relationships one answer renders as records, and most bytes its rows take
 * as JSON: `collect(n)` over a large workspace is one row, which the row limit cannot cut.
 */
export const MAX_RESULT_RECORDS = 10_000;
export { MAX_RESULT_BYTES };

export interface ResultLimits {
  records: number;
  bytes: number;
}

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
  limits: ResultLimits = { records: MAX_RESULT_RECORDS, bytes: MAX_RESULT_BYTES },
): SqlQueryResult {
  return db.transaction(() => {
    const rows = prepareCached(db, query.sql).raw(true).all(query.params) as unknown[][];
    const types = query.columns.map((c) => c.type);
    return renderResult(db, workspaceId, types, rows, rowLimit, limits);
  })();
}

/**
 * Renders rows in the SQL representation (representation.ts), at most `rowLimit` of them
 * (`truncated` when there were more), within the result limits. Call it inside the read
 * transaction the rows were read in.
 */
export function renderResult(
  db: Database,
  workspaceId: string,
  types: readonly CyType[],
  rows: unknown[][],
  rowLimit: number,
  limits: ResultLimits = { records: MAX_RESULT_RECORDS, bytes: MAX_RESULT_BYTES },
): SqlQueryResult {
  const truncated = rows.length > rowLimit;
  const kept = truncated ? rows.slice(0, rowLimit) : rows;
  const rendered = renderRows(db, workspaceId, types, kept, limits.records);
  if (exceedsBytes(rendered, limits.bytes)) {
    throw new ResultTooLargeError('resultBytes', limits.bytes, tooManyBytesMessage(limits.bytes));
  }
  return { rows: rendered, truncated };
}
