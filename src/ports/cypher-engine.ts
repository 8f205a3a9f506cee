import type { AnalyzedQuery } from '../cypher/index';

/** How one analyst query runs. */
export interface CypherRunOptions {
  /** The request's workspace: the only one the query can see. */
  workspaceId: string;
  /** Rows returned at most; more set `truncated`. */
  rowLimit: number;
  /** Bound on the query's run time; past it the engine stops it and throws 400 CYPHER_LIMIT_EXCEEDED (`limit: "timeMs"`). */
  timeoutMs: number;
  /**
   * Aborted when nobody waits for the answer any more (the client closed its connection):
   * the engine stops the query, frees what it held, and rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/**
 * What a query answered: `rows[i][j]` is column j of row i, rendered as the API shows
 * records (a node as its node record, a relationship as its edge record, a path as
 * `{ nodes, relationships }`, temporal values as ISO-8601 strings).
 */
export interface CypherResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
}

/**
 * Runs an analyzed read-only query against one engine's graph, confined to one workspace
 * by construction (docs/cypher.md, "How it runs"). SQLite compiles the syntax tree to SQL;
 * Neo4j emits it again as Cypher in which every pattern is bound to the workspace.
 */
export interface CypherEngine {
  run(query: AnalyzedQuery, options: CypherRunOptions): Promise<CypherResult>;
}
