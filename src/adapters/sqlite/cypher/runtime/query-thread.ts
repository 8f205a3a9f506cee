/**
 * A thread that runs analyst queries (started by SqliteCypherEngine): its own read-only
 * connection on the store's file, so a slow query never holds the event loop nor the
 * service's reader connection.
 *
 * Protocol: the thread says `'ready'` once its connection is open; then (main -> thread)
 * a `ThreadRequest`, answered (thread -> main) by a `ThreadReply` with the same id. The request carries its deadline (epoch milliseconds): `cy_alive`, which the
 * compiler puts into every join and every recursive step, throws once it has passed, and
 * SQLite abandons the statement (better-sqlite3 exposes neither a progress handler nor
 * sqlite3_interrupt, and a statement in native code does not see a thread being terminated).
 * The same check reads the thread's cancel flag (`cancel[0]`, shared with the main thread):
 * set when the caller went away or the engine is closing, it ends the statement at once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { AnalyzedQuery } from '../../../../cypher/index';
import type { SqlQuery } from '../compile/compile-query';
import { graphState, MemoryGraphCache } from '../memory/memory-graph';
import { compileMemoryQuery } from '../memory/memory-query';
import { MemoryRowsExceeded } from '../memory/memory-run';
import { ResultTooLargeError } from './render';
import { renderResult, runSqlQuery, type SqlQueryResult } from './run-query';
import { ShortestPathLimitError, ShortestPathSearches } from './shortest-path-search';
import { registerCypherFunctions } from './sql-functions';
import { prepareCached } from '../../statement-cache';

/** One query for the thread. */
export interface ThreadRequest {
  id: number;
  query: SqlQuery;
  /**
   * The analyzed query, when the in-memory graph may answer it (memory-query.ts); null when
   * SQL answers it in any case (outside the subset, a read of the kept counts, or no copies
   * kept: SqliteCypherEngine.mayAnswerFromMemory).
   */
  analyzed: AnalyzedQuery | null;
  workspaceId: string;
  rowLimit: number;
  deadline: number;
}

/** Sent once the thread has read a copy of a graph after an answer (ThreadReply.building). */
export interface BuiltMessage {
  kind: 'built';
  /** How long reading the copy took, in seconds; null when none was read. */
  readSeconds: number | null;
}

/** The thread's answer. */
export type ThreadReply =
  | {
      id: number;
      ok: true;
      rows: unknown[][];
      truncated: boolean;
      /** True when the in-memory graph answered, false when SQL did. */
      fromMemory: boolean;
      /**
       * True when the thread reads the workspace's graph into memory after this answer
       * (it sends a `BuiltMessage` when done, and takes no query meanwhile).
       */
      building: boolean;
    }
  | {
      id: number;
      ok: false;
      timedOut: boolean;
      message: string;
      /**
       * Set when the answer was past a result limit (ResultTooLargeError) or a shortest-path
       * search past its bound (ShortestPathLimitError).
       */
      limit?: { name: 'resultRecords' | 'resultBytes' | 'shortestPathNodes'; max: number };
    };

/** The message `cy_alive` throws with, to tell a deadline from another failure. */
const DEADLINE_PASSED = 'cypher query deadline passed';
/** The message `cy_alive` throws with once the query is cancelled. */
const QUERY_CANCELLED = 'cypher query cancelled';

/**
 * How many calls of `cy_alive` share one clock reading. Recursive steps call it once a
 * step; joins about once in 64 combinations (sampledAliveCheck in frame.ts), so a join
 * reads the clock about every thousand combinations.
 */
const CHECK_EVERY = 16;

const { filename, cancel, graphCacheRecords, shortestPathNodes } = workerData as {
  filename: string;
  cancel: Int32Array;
  graphCacheRecords: number;
  shortestPathNodes: number;
};
const db = new BetterSqlite3(filename, { readonly: true });
db.pragma('busy_timeout = 5000');
registerCypherFunctions(db);
const searches = new ShortestPathSearches(shortestPathNodes).register(db);
let deadline = Infinity;
let calls = 0;
/** Throws once the running query must stop: cancelled, or past its deadline. */
function checkAlive(): void {
  if (Atomics.load(cancel, 0) !== 0) {
    throw new Error(QUERY_CANCELLED);
  }
  if (Date.now() > deadline) {
    throw new Error(DEADLINE_PASSED);
  }
}
db.function('cy_alive', { varargs: true, deterministic: false }, () => {
  calls += 1;
  if (calls % CHECK_EVERY === 0) {
    checkAlive();
  }
  return 1;
});

/** This thread's copies of workspaces' graphs (memory-graph.ts). */
const graphs = new MemoryGraphCache(graphCacheRecords);

/**
 * Answers from the workspace's graph in memory when the query is in the in-memory subset
 * and the copy is the current graph (checked in the answer's own read transaction);
 * otherwise null, and `stale` is set when a copy should be read for the next such query.
 */
function answerFromMemory(
  request: ThreadRequest,
  stale: { workspaceId: string | null },
): SqlQueryResult | null {
  const memory =
    request.analyzed && graphs.maxRecords > 0 ? compileMemoryQuery(request.analyzed) : null;
  if (!memory) {
    return null;
  }
  // The statement SQL would run is prepared (and kept) all the same: a query past SQLite's
  // limits gets the same 400 whichever way it would be answered.
  prepareCached(db, request.query.sql);
  return db.transaction(() => {
    const state = graphState(db, request.workspaceId);
    const graph = graphs.fresh(request.workspaceId, state.changes);
    if (!graph) {
      if (graphs.mayRead(request.workspaceId, state.records, performance.now())) {
        stale.workspaceId = request.workspaceId;
      }
      return null;
    }
    let rows: unknown[][];
    try {
      rows = memory.run({ graph, check: checkAlive }, request.rowLimit);
    } catch (error) {
      if (error instanceof MemoryRowsExceeded) {
        // More rows in flight than memory should hold: SQL answers instead.
        return null;
      }
      throw error;
    }
    const types = request.query.columns.map((c) => c.type);
    return renderResult(db, request.workspaceId, types, rows, request.rowLimit);
  })();
}

/**
 * Reads the workspace's graph into memory (in a read transaction of its own); answers how
 * long that took, in seconds, or null when the graph had grown past the bound.
 */
function readGraph(workspaceId: string): number | null {
  return db.transaction(() => {
    const state = graphState(db, workspaceId);
    if (state.records > graphs.maxRecords) {
      return null;
    }
    const started = performance.now();
    graphs.read(db, workspaceId, state.changes, () => performance.now());
    return (performance.now() - started) / 1000;
  })();
}

parentPort?.postMessage('ready');
parentPort?.on('message', (request: ThreadRequest) => {
  deadline = request.deadline;
  calls = 0;
  let reply: ThreadReply;
  const stale: { workspaceId: string | null } = { workspaceId: null };
  try {
    const fromMemory = answerFromMemory(request, stale);
    const result =
      fromMemory ?? runSqlQuery(db, request.workspaceId, request.query, request.rowLimit);
    reply = {
      id: request.id,
      ok: true,
      rows: result.rows,
      truncated: result.truncated,
      fromMemory: fromMemory !== null,
      building: stale.workspaceId !== null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = {
      id: request.id,
      ok: false,
      timedOut: message.includes(DEADLINE_PASSED) || Date.now() > deadline,
      message,
      ...(error instanceof ResultTooLargeError || error instanceof ShortestPathLimitError
        ? { limit: { name: error.limit, max: error.max } }
        : {}),
    };
  } finally {
    searches.clear();
  }
  parentPort?.postMessage(reply);
  if (reply.ok && stale.workspaceId !== null) {
    // After the answer: the caller does not wait for the copy, the next query uses it.
    let readSeconds: number | null = null;
    try {
      readSeconds = readGraph(stale.workspaceId);
    } catch {
      // No copy: SQL answers, and the next query tries again.
    }
    const built: BuiltMessage = { kind: 'built', readSeconds };
    parentPort?.postMessage(built);
  }
});
