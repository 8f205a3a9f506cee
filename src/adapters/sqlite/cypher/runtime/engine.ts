import { once } from 'node:events';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { AnalyzedQuery } from '../../../../cypher/index';
import { CypherLimitError } from '../../../../cypher/errors';
import { AppError } from '../../../../errors';
import type { CypherEngine, CypherResult, CypherRunOptions } from '../../../../ports/cypher-engine';
import { startModuleWorker } from '../../../../workers/module-worker';
import { compileToSql } from '../compile/compile-query';
import { MEMORY_GRAPH_DEFAULT_RECORDS } from '../memory/memory-graph';
import { compileMemoryQuery } from '../memory/memory-query';
import { DEFAULT_SHORTEST_PATH_NODES } from './shortest-path-search';
import type { BuiltMessage, ThreadReply, ThreadRequest } from './query-thread';
import { SIZE_LIMIT } from './scalar-functions';
import { VALUE_ERROR } from './sql-functions';

/** How the SQLite engine runs queries. */
export interface SqliteCypherEngineOptions {
  /** The store's database file (each query thread opens it read-only). */
  filename: string;
  /** Property keys with a declared expression index (docs/filters.md). */
  indexedKeys: ReadonlySet<string>;
  /** Queries that run at the same time; more wait for a free thread. */
  threads: number;
  /**
   * Nodes and relationships each thread keeps in memory to answer whole-graph queries
   * (memory-graph.ts); 0 keeps none. MEMORY_GRAPH_DEFAULT_RECORDS when unset.
   */
  graphCacheRecords?: number;
  /**
   * Nodes one shortestPath() or allShortestPaths() pattern of a query may visit, over all
   * its start nodes (shortest-path-search.ts). DEFAULT_SHORTEST_PATH_NODES when unset.
   */
  shortestPathNodes?: number;
  /** Told how each query was answered and of each copy read (the `cypher_*` metrics). */
  metrics?: CypherEngineMetrics;
}

/** What the engine reports to the metrics (CypherMetrics, ./metrics.ts). */
export interface CypherEngineMetrics {
  /** A query answered, from a thread's in-memory copy or by SQL. */
  answered(by: 'memory' | 'sql'): void;
  /** A thread read a copy of a workspace's graph, taking `seconds`. */
  copyRead(seconds: number): void;
}

/**
 * A thread that has not answered this long after its query's deadline is stuck in native
 * code that never reads the clock; it is replaced.
 */
const STUCK_GRACE_MS = 2_000;

interface Pending {
  request: ThreadRequest;
  resolve: (result: CypherResult) => void;
  reject: (error: unknown) => void;
  columns: string[];
  timeoutMs: number;
  /** While it waits for a free thread: ends the wait at the time limit. */
  waiting?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** False until the thread has opened its connection. */
  ready: boolean;
  busy: Pending | null;
  /** True while the thread reads a workspace's graph into memory after an answer. */
  building: boolean;
  /**
   * Shared with the thread: set to 1 to stop the query it runs (its `cy_alive` check reads
   * it), back to 0 before each query.
   */
  cancel: Int32Array;
}

/**
 * Cypher on the embedded store: the analyzed query is compiled to one SQL statement bound
 * to the workspace (compile-query.ts) and run in a pool of query threads, each with its own
 * read-only connection, so the event loop keeps serving other requests while a query runs.
 * The caller is answered at the deadline at the latest (400 CYPHER_LIMIT_EXCEEDED,
 * `limit: "timeMs"`); the thread abandons the statement itself (query-thread.ts). A query
 * whose caller went away (its signal aborted) is taken out of the queue, or stopped in its
 * thread through the thread's cancel flag, so that the thread serves the next query at once.
 */
export class SqliteCypherEngine implements CypherEngine {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;
  /** Queries answered from a query thread's in-memory graph (memory-query.ts) so far. */
  answeredFromMemory = 0;

  constructor(private readonly options: SqliteCypherEngineOptions) {}

  run(analyzed: AnalyzedQuery, options: CypherRunOptions): Promise<CypherResult> {
    if (this.closed) {
      return Promise.reject(new Error('the Cypher engine is closed'));
    }
    const query = compileToSql(analyzed, {
      workspaceId: options.workspaceId,
      indexedKeys: this.options.indexedKeys,
      rowLimit: options.rowLimit,
    });
    const { signal } = options;
    if (signal?.aborted) {
      return Promise.reject(cancelled(signal));
    }
    return new Promise<CypherResult>((resolve, reject) => {
      const pending: Pending = {
        request: {
          id: (this.nextId += 1),
          query,
          // Only a query the in-memory graph may answer travels with its syntax tree.
          analyzed: this.mayAnswerFromMemory(analyzed, query.counted) ? analyzed : null,
          workspaceId: options.workspaceId,
          rowLimit: options.rowLimit,
          deadline: Infinity,
        },
        resolve,
        reject,
        columns: analyzed.columns.map((c) => c.name),
        timeoutMs: options.timeoutMs,
      };
      if (signal) {
        const onAbort = (): void => this.cancel(pending, cancelled(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        const settle = (): void => signal.removeEventListener('abort', onAbort);
        const { resolve: done, reject: fail } = pending;
        pending.resolve = (result) => (settle(), done(result));
        pending.reject = (error) => (settle(), fail(error));
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** True when a query thread's in-memory graph may answer the query (memory-query.ts). */
  private mayAnswerFromMemory(analyzed: AnalyzedQuery, counted: boolean): boolean {
    const records = this.options.graphCacheRecords ?? MEMORY_GRAPH_DEFAULT_RECORDS;
    // A count read from the kept counters reads one row: SQL answers it.
    return records > 0 && !counted && compileMemoryQuery(analyzed) !== null;
  }

  /**
   * The caller went away: a waiting query leaves the queue; a running one is stopped by its
   * thread's cancel flag, and the thread takes the next query once it has (the caller is
   * answered with `reason` at once).
   */
  private cancel(pending: Pending, reason: Error): void {
    const waiting = this.queue.indexOf(pending);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      clearTimeout(pending.waiting);
      pending.reject(reason);
      return;
    }
    const slot = this.slots.find((s) => s.busy === pending);
    if (slot) {
      Atomics.store(slot.cancel, 0, 1);
      const { reject } = pending;
      this.abandon(slot, pending);
      reject(reason);
    }
  }

  /** Stops the query threads, and the queries they run. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      pending.reject(new Error('the Cypher engine is closed'));
    }
    // A thread still running a query is told to stop (its cancel flag) and given the grace
    // period to end the statement, rather than being terminated inside SQLite, where a
    // thread being terminated can no longer run the check that ends the statement.
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        if (slot.busy) {
          Atomics.store(slot.cancel, 0, 1);
          await Promise.race([
            once(slot.worker, 'message'),
            new Promise((resolve) => setTimeout(resolve, STUCK_GRACE_MS).unref()),
          ]);
        }
        await slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.busy === null && !s.building);
      if (!slot) {
        if (!this.slots.some((s) => !s.ready)) {
          this.spawn();
        }
        this.limitWaits();
        return;
      }
      const pending = this.queue.shift()!;
      this.start(slot, pending);
    }
  }

  /**
   * The time limit counts from here, when a ready thread takes the query: neither the
   * start of a thread nor the wait for a free one is the query's run time.
   */
  private start(slot: Slot, pending: Pending): void {
    clearTimeout(pending.waiting);
    slot.busy = pending;
    pending.request.deadline = Date.now() + pending.timeoutMs;
    const { resolve, reject } = pending;
    const timer = setTimeout(() => {
      this.abandon(slot, pending);
      reject(timeLimit(pending.timeoutMs));
    }, pending.timeoutMs);
    timer.unref();
    pending.resolve = (result) => (clearTimeout(timer), resolve(result));
    pending.reject = (error) => (clearTimeout(timer), reject(error));
    Atomics.store(slot.cancel, 0, 0);
    // A thread keeps the process alive only while it has work, as a pending timer would.
    slot.worker.ref();
    slot.worker.postMessage(pending.request);
  }

  /**
   * Queries waiting while every ready thread is busy are answered at their time limit (400
   * CYPHER_LIMIT_EXCEEDED), so that a burst of slow queries cannot hold later ones for
   * minutes. The wait for a thread to start does not count: that is not the queries' doing.
   */
  private limitWaits(): void {
    if (!this.slots.some((s) => s.ready)) {
      return;
    }
    for (const pending of this.queue) {
      if (pending.waiting) {
        continue;
      }
      pending.waiting = setTimeout(() => {
        const at = this.queue.indexOf(pending);
        if (at >= 0) {
          this.queue.splice(at, 1);
          pending.reject(
            new CypherLimitError(
              'timeMs',
              pending.timeoutMs,
              `The query waited ${pending.timeoutMs} ms for a free query thread without starting (the others were busy); try again later`,
            ),
          );
        }
      }, pending.timeoutMs);
      pending.waiting.unref();
    }
  }

  private spawn(): void {
    if (this.slots.length >= this.options.threads) {
      return;
    }
    const cancel = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const worker = startModuleWorker(path.join(__dirname, 'query-thread'), {
      workerData: {
        filename: this.options.filename,
        cancel,
        graphCacheRecords: this.options.graphCacheRecords ?? MEMORY_GRAPH_DEFAULT_RECORDS,
        shortestPathNodes: this.options.shortestPathNodes ?? DEFAULT_SHORTEST_PATH_NODES,
      },
    });
    const slot: Slot = { worker, ready: false, busy: null, building: false, cancel };
    worker.on('message', (reply: ThreadReply | BuiltMessage | 'ready') => {
      if (reply === 'ready') {
        slot.ready = true;
        slot.worker.unref();
        this.dispatch();
      } else if ('kind' in reply) {
        if (reply.readSeconds !== null) {
          this.options.metrics?.copyRead(reply.readSeconds);
        }
        slot.building = false;
        slot.worker.unref();
        this.dispatch();
      } else {
        this.answer(slot, reply);
      }
    });
    worker.on('error', (error: unknown) => this.fail(slot, error));
    worker.on('exit', () => this.fail(slot, new Error('a Cypher query thread exited')));
    this.slots.push(slot);
  }

  private answer(slot: Slot, reply: ThreadReply): void {
    const pending = slot.busy;
    slot.busy = null;
    slot.building = reply.ok && reply.building;
    if (!slot.building) {
      slot.worker.unref();
    }
    if (pending && pending.request.id === reply.id) {
      if (reply.ok) {
        this.answeredFromMemory += reply.fromMemory ? 1 : 0;
        this.options.metrics?.answered(reply.fromMemory ? 'memory' : 'sql');
        pending.resolve({ columns: pending.columns, rows: reply.rows, truncated: reply.truncated });
      } else if (reply.limit) {
        pending.reject(new CypherLimitError(reply.limit.name, reply.limit.max, reply.message));
      } else if (reply.timedOut) {
        pending.reject(timeLimit(pending.timeoutMs));
      } else if (reply.message.includes(VALUE_ERROR)) {
        // As the Neo4j engine answers a value error (its ArithmeticError).
        const cause = reply.message.slice(reply.message.indexOf(VALUE_ERROR) + VALUE_ERROR.length);
        pending.reject(
          new AppError(
            400,
            'CYPHER_SEMANTIC_ERROR',
            `The query failed on a value of the data: ${cause}`,
          ),
        );
      } else if (reply.message.includes(SIZE_LIMIT)) {
        pending.reject(
          new CypherLimitError(
            'size',
            0,
            `The query is too large to run: ${reply.message.slice(reply.message.indexOf(SIZE_LIMIT) + SIZE_LIMIT.length)}`,
          ),
        );
      } else if (/misuse of aggregate/i.test(reply.message)) {
        // Caught by the compiler where it is known (compile-expression.ts); this is the net.
        pending.reject(
          new AppError(
            400,
            'CYPHER_UNSUPPORTED',
            'An aggregate is used where the embedded store cannot compute it: compute it in a WITH first (WITH collect(x) AS xs RETURN ...)',
            { construct: 'aggregate in a list expression' },
          ),
        );
      } else if (SQLITE_SIZE_LIMITS.test(reply.message)) {
        pending.reject(
          new CypherLimitError(
            'size',
            0,
            `The query is too large for SQLite to run (${reply.message}): shorten its longest expression, list or label list`,
          ),
        );
      } else {
        pending.reject(new Error(`Cypher query failed in SQLite: ${reply.message}`));
      }
    }
    this.dispatch();
  }

  /** A thread died: its query fails, and a new thread takes its place when needed. */
  private fail(slot: Slot, error: unknown): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) {
      return;
    }
    this.slots.splice(index, 1);
    slot.busy?.reject(error);
    slot.busy = null;
    if (!slot.ready) {
      // A thread that cannot even start (the file unreadable...): the waiting queries fail
      // instead of waiting for threads that would fail the same way.
      for (const pending of this.queue.splice(0)) {
        pending.reject(error);
      }
    } else if (!this.closed) {
      this.dispatch();
    }
  }

  /**
   * The caller is answered at the deadline; the thread ends the statement itself
   * (query-thread.ts) and is replaced if it has not within the grace period.
   */
  private abandon(slot: Slot, pending: Pending): void {
    pending.resolve = () => undefined;
    pending.reject = () => undefined;
    setTimeout(() => {
      if (slot.busy === pending) {
        this.fail(slot, new Error('a Cypher query thread did not stop at its deadline'));
        void slot.worker.terminate();
      }
    }, STUCK_GRACE_MS).unref();
  }
}

/**
 * SQLite's errors for a statement past one of its compiled-in limits (expression depth,
 * function arguments, terms of a compound SELECT, columns, length of a string): the query's
 * size, not a fault of the service.
 */
const SQLITE_SIZE_LIMITS =
  /Expression tree is too large|too many arguments on function|too many terms in compound SELECT|too many columns|too many SQL variables|string or blob too big|parser stack overflow|LIKE or GLOB pattern too complex|too many FROM clause terms|at most \d+ tables in a join/i;

function timeLimit(timeoutMs: number): CypherLimitError {
  return new CypherLimitError(
    'timeMs',
    timeoutMs,
    `The query ran longer than the time limit of ${timeoutMs} ms`,
  );
}

/** What a cancelled query is rejected with: the signal's reason when it is an error. */
function cancelled(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the query was cancelled');
}
