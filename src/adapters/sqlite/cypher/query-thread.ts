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
import type { SqlQuery } from './compile-query';
import { ResultTooLargeError } from './render';
import { runSqlQuery } from './run-query';
import { registerCypherFunctions } from './sql-functions';

/** One query for the thread. */
export interface ThreadRequest {
  id: number;
  query: SqlQuery;
  workspaceId: string;
  rowLimit: number;
  deadline: number;
}

/** The thread's answer. */
export type ThreadReply =
  | { id: number; ok: true; rows: unknown[][]; truncated: boolean }
  | {
      id: number;
      ok: false;
      timedOut: boolean;
      message: string;
      /** Set when the answer was past a result limit (ResultTooLargeError). */
      limit?: { name: 'resultRecords' | 'resultBytes'; max: number };
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

const { filename, cancel } = workerData as { filename: string; cancel: Int32Array };
const db = new BetterSqlite3(filename, { readonly: true });
db.pragma('busy_timeout = 5000');
registerCypherFunctions(db);
let deadline = Infinity;
let calls = 0;
db.function('cy_alive', { varargs: true, deterministic: false }, () => {
  calls += 1;
  if (calls % CHECK_EVERY === 0) {
    if (Atomics.load(cancel, 0) !== 0) {
      throw new Error(QUERY_CANCELLED);
    }
    if (Date.now() > deadline) {
      throw new Error(DEADLINE_PASSED);
    }
  }
  return 1;
});

parentPort?.postMessage('ready');
parentPort?.on('message', (request: ThreadRequest) => {
  deadline = request.deadline;
  calls = 0;
  let reply: ThreadReply;
  try {
    const result = runSqlQuery(db, request.workspaceId, request.query, request.rowLimit);
    reply = { id: request.id, ok: true, rows: result.rows, truncated: result.truncated };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = {
      id: request.id,
      ok: false,
      timedOut: message.includes(DEADLINE_PASSED) || Date.now() > deadline,
      message,
      ...(error instanceof ResultTooLargeError
        ? { limit: { name: error.limit, max: error.max } }
        : {}),
    };
  }
  parentPort?.postMessage(reply);
});
