import type { Logger } from 'pino';
import type { Clock } from '../ports/clock';
import type { Embedder } from '../ports/embedder';
import type { GraphStore } from '../ports/graph-store';
import type { IndexOutbox, OutboxEntry } from '../ports/index-outbox';
import type { ApproximateStatus, VectorIndex } from '../ports/vector-index';
import { yieldToEventLoop } from '../yield-to-event-loop';
import { IndexBatches, type StartedBatch } from './index-batches';
import { busyWithOthers, defaultWait, safeMessage, stage, StageFailure } from './indexer-support';
import { PassWaiters } from './pass-waiters';

/** `ready`: nothing waiting; `indexing`: entries waiting; `degraded`: the last attempt failed. */
export type IndexState = 'ready' | 'indexing' | 'degraded';

/** What `GET /api/rag/index/status` shows for one workspace. */
export interface IndexStatus {
  state: IndexState;
  backend: string;
  embedder: string;
  /** Null until the embedder has loaded. */
  dimensions: number | null;
  /** Vectors stored for the workspace; null while the vector store cannot be reached. */
  indexed: number | null;
  /** Outbox entries waiting for the workspace. */
  pending: number;
  /** When this process last indexed a change of the workspace. */
  lastIndexedAt: string | null;
  /** Why the last attempt failed, while the indexer is degraded. */
  lastError: string | null;
  /** The in-process approximate graph (embedded default); null for other backends. */
  approximate: ApproximateStatus | null;
}

export interface IndexerDeps {
  outbox: IndexOutbox;
  graph: GraphStore;
  embedder: Embedder;
  vectors: VectorIndex;
  clock: Clock;
  logger: Logger;
  /** Every workspace id, to re-index them all when the vector index had to be recreated. */
  workspaceIds: () => Promise<string[]>;
  /** Told of every completed batch (the indexing rate and lag on `/metrics`). */
  onIndexed?: (entries: readonly OutboxEntry[], at: number) => void;
  /**
   * Milliseconds, up to now, during which graph writes of this process were running
   * (`WritePressure.busyMs`): writes running most of the time since the previous batch
   * pause the indexer like a busy event loop does.
   */
  writeBusyMs?: () => number;
}

export interface IndexerOptions {
  /** Outbox entries per batch (one embed call, one upsert). */
  batchSize: number;
  /** How often an idle indexer looks at the outbox. */
  idleMs: number;
  /** First retry delay after a failure; doubles per consecutive failure up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /**
   * Pause between two batches while the event loop is busier than `busyUtilization` (0..1)
   * with work other than the indexer's own since the previous batch, or when graph writes
   * were running more than `busyUtilization` of that time (`writeBusyMs`): under full
   * request load, and under a stream of writes to a graph server the loop does not see,
   * indexing takes one batch per pause and catches up when the load drops (requests first;
   * the lag shows as `pending`). Each pause in a row doubles the next, up to
   * `maxBusyPauseMs`: a bulk load keeps the graph to itself, and indexing still moves on.
   */
  busyPauseMs: number;
  maxBusyPauseMs: number;
  busyUtilization: number;
  /** Overrides the event-loop check (unit tests). */
  isBusy?: () => boolean;
  /** Waits `ms` or until `wake` is called (injected by unit tests to record the delays). */
  wait?: (ms: number, wake: AbortSignal) => Promise<void>;
}

export const DEFAULT_INDEXER_OPTIONS: IndexerOptions = {
  batchSize: 256,
  idleMs: 200,
  initialBackoffMs: 500,
  maxBackoffMs: 30_000,
  busyPauseMs: 1000,
  maxBusyPauseMs: 8000,
  busyUtilization: 0.85,
};

/**
 * The background indexer (docs/search.md "Indexing"). One loop per process: take the
 * oldest outbox entries, read each node's current state, embed the texts in one call,
 * upsert the vectors (or remove those of deleted nodes), then complete the entries (an
 * entry changed meanwhile stays for the next round). Two batches are in flight at once:
 * while one is written on this thread, the next is read and embedded (the bundled model
 * embeds in its own thread), so neither side waits for the other. Any failure (embedder,
 * vector store, graph) leaves the entries in place and retries with exponential backoff;
 * commands never wait for any of this. A node whose text the embedder keeps refusing is
 * skipped instead of holding the outbox back (`IndexBatches`).
 *
 * Before the first batch or the first search (`prepare`), the vector index is ensured
 * for the embedder's dimensions; when it had to be recreated (the embedder changed), or
 * was created now while the graph may hold nodes already (the deployment moved its vectors
 * to another store), every workspace is enqueued again. The bundled model (about 1 s of CPU
 * to load) is thus loaded only once there is something to embed, not by every process
 * that opens the store (the CLI, a server with no changes yet).
 */
export class SearchIndexer {
  private readonly options: IndexerOptions;
  private readonly wait: (ms: number, wake: AbortSignal) => Promise<void>;
  private readonly batches: IndexBatches;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake = new AbortController();
  private ensured = false;
  private lastUtilization = performance.eventLoopUtilization();
  /** `writeBusyMs` and the time at the previous busy check. */
  private lastWrites = { busyMs: 0, at: performance.now() };
  /** Milliseconds of this loop's own work on the event loop since the last busy check. */
  private ownMs = 0;
  /** The busy pauses taken in a row, since the load last dropped. */
  private busyStreak = 0;
  private preparing: Promise<void> | null = null;
  private failures = 0;
  private dims: number | null = null;
  private lastError: string | null = null;
  private readonly lastIndexed = new Map<string, string>();
  private readonly waiters = new PassWaiters();

  constructor(
    private readonly deps: IndexerDeps,
    options: Partial<IndexerOptions> = {},
  ) {
    this.options = { ...DEFAULT_INDEXER_OPTIONS, ...options };
    this.wait = this.options.wait ?? defaultWait;
    this.batches = new IndexBatches(deps, {
      timed: (work) => this.timed(work),
      failures: () => this.failures,
    });
  }

  /** Starts the loop (once); it runs until `stop`. */
  start(): void {
    if (!this.loop && !this.stopped) {
      this.loop = this.run();
    }
  }

  /** Wakes an idle or backing-off loop at once (after a command, or for `whenIdle`). */
  nudge(): void {
    this.wake.abort();
  }

  /**
   * Resolves once a pass of the loop begun after this call has found the outbox empty
   * (tests wait on this, never on time).
   */
  whenIdle(): Promise<void> {
    const idle = this.waiters.whenIdle();
    this.nudge();
    return idle;
  }

  /**
   * Resolves once the outbox is empty; rejects with the failure as soon as an attempt
   * fails (`cli reindex` reports it instead of retrying forever).
   */
  drain(): Promise<void> {
    const drained = this.waiters.whenDrained();
    this.nudge();
    return drained;
  }

  /**
   * `cli reindex`: removes the workspace's vectors and enqueues every node of it; returns
   * how many. The loop (this process's or a server's) then embeds them again.
   */
  async reindex(workspaceId: string): Promise<number> {
    await this.prepare();
    await this.deps.vectors.clearWorkspace(workspaceId);
    const count = await this.deps.outbox.enqueueWorkspace(workspaceId);
    this.nudge();
    return count;
  }

  /**
   * Loads the embedder and ensures the vector index for its dimensions, once (concurrent
   * callers share the attempt; a failed attempt is tried again by the next caller).
   */
  prepare(): Promise<void> {
    if (this.ensured) {
      return Promise.resolve();
    }
    this.preparing ??= this.ensure().finally(() => {
      this.preparing = null;
    });
    return this.preparing;
  }

  /** Ends the loop after the batch in flight, if any, has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.loop;
  }

  /** The status of one workspace's index. */
  async status(workspaceId: string): Promise<IndexStatus> {
    const pending = await this.deps.outbox.pending(workspaceId);
    let indexed: number | null = null;
    let countError: string | null = null;
    try {
      indexed = await this.deps.vectors.count(workspaceId);
    } catch (error) {
      countError = safeMessage(error, 'The vector index');
    }
    const lastError = this.lastError ?? countError;
    return {
      state: lastError !== null ? 'degraded' : pending > 0 ? 'indexing' : 'ready',
      backend: this.deps.vectors.backend,
      embedder: this.deps.embedder.name,
      dimensions: this.dims,
      indexed,
      pending,
      lastIndexedAt: this.lastIndexed.get(workspaceId) ?? null,
      lastError,
      approximate: this.deps.vectors.approximateStatus?.(workspaceId) ?? null,
    };
  }

  /**
   * Whether work other than the indexer's own kept the event loop busier than
   * `busyUtilization` since the previous call. The indexer's own time (reading nodes,
   * writing vectors) is taken out: counted as load, it alone would pause the indexer.
   */
  private loopBusy(): boolean {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, this.lastUtilization);
    this.lastUtilization = now;
    const busy = busyWithOthers(since, this.ownMs, this.options.busyUtilization);
    this.ownMs = 0;
    return busy;
  }

  /** Whether to pause before the next batch (see `busyPauseMs`). */
  private busy(): boolean {
    // Both checks run: each also starts its next interval.
    const loop = this.options.isBusy ? this.options.isBusy() : this.loopBusy();
    return this.writesBusy() || loop;
  }

  /**
   * Pauses before the next batch while the load lasts: each pause in a row twice the one
   * before, up to `maxBusyPauseMs`, looked at again every `busyPauseMs` so that a pause ends
   * soon after the load does.
   */
  private async pauseWhileBusy(): Promise<void> {
    const { busyPauseMs, maxBusyPauseMs } = this.options;
    if (!this.busy()) {
      this.busyStreak = 0;
      return;
    }
    const pause = Math.min(busyPauseMs * 2 ** Math.min(this.busyStreak, 30), maxBusyPauseMs);
    this.busyStreak += 1;
    for (let waited = 0; waited < pause && !this.stopped; waited += busyPauseMs) {
      if (waited > 0 && !this.busy()) {
        this.busyStreak = 0;
        return;
      }
      await this.wait(Math.min(busyPauseMs, pause - waited), this.wake.signal);
    }
  }

  /** Whether graph writes ran more than `busyUtilization` of the time since the last call. */
  private writesBusy(): boolean {
    if (!this.deps.writeBusyMs) {
      return false;
    }
    const now = { busyMs: this.deps.writeBusyMs(), at: performance.now() };
    const elapsed = now.at - this.lastWrites.at;
    const share = elapsed > 0 ? (now.busyMs - this.lastWrites.busyMs) / elapsed : 0;
    this.lastWrites = now;
    return share > this.options.busyUtilization;
  }

  /** Runs `work`, counting its wall time as the indexer's own use of the event loop. */
  private async timed<T>(work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.ownMs += performance.now() - start;
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let delay = this.options.idleMs;
      const pass = this.waiters.begin();
      try {
        await this.catchUp();
        this.recovered();
        this.waiters.emptied(pass);
      } catch (error) {
        if (this.stopped) {
          // Closing the embedder under a batch in flight: the entries stay for next time.
          break;
        }
        this.failures += 1;
        this.lastError =
          error instanceof StageFailure ? error.message : safeMessage(error, 'Indexing');
        this.waiters.failed(new Error(this.lastError));
        delay = Math.min(
          this.options.maxBackoffMs,
          this.options.initialBackoffMs * 2 ** (this.failures - 1),
        );
        this.deps.logger.warn(
          {
            err: error instanceof StageFailure ? error.reason : error,
            failures: this.failures,
            retryInMs: delay,
          },
          'search indexer: attempt failed, will retry',
        );
      }
      if (this.stopped) {
        break;
      }
      const wake = this.wake;
      await this.wait(delay, wake.signal);
      if (wake.signal.aborted) {
        this.wake = new AbortController();
      }
    }
    this.waiters.stopped(new Error('The indexer stopped.'));
  }

  /**
   * Indexes batch after batch until the outbox has nothing newer. The next batch is taken
   * (entries above the current one's last seq), read and sent to the embedder before the
   * current one is written, so embedding and writing overlap. A failure throws with the
   * current batch's entries still in the outbox (and the next one's, never written).
   */
  private async catchUp(): Promise<void> {
    const wasEnsured = this.ensured;
    let entries = await this.deps.outbox.peek(this.options.batchSize);
    if (entries.length === 0) {
      return;
    }
    await this.prepare();
    if (!wasEnsured) {
      // Preparing may have enqueued every workspace again, giving these entries new seqs:
      // taken as peeked, they would be indexed twice.
      entries = await this.deps.outbox.peek(this.options.batchSize);
      if (entries.length === 0) {
        return;
      }
    }
    let current = await this.batches.start(entries);
    for (;;) {
      const after = entries[entries.length - 1]!.seq;
      const following = this.stopped
        ? []
        : await this.deps.outbox.peek(this.options.batchSize, after);
      let next: StartedBatch | null = null;
      try {
        next = following.length > 0 ? await this.batches.start(following) : null;
        await this.finishBatch(current);
      } catch (error) {
        // The next batch's embedding may still fail later: nobody awaits it any more.
        next?.vectors.catch(() => undefined);
        throw error;
      }
      this.recovered();
      if (!next) {
        return;
      }
      [current, entries] = [next, following];
      // Yield to I/O between batches: a long drain must not starve requests. While the
      // loop is saturated with requests, pause longer: they come first.
      await yieldToEventLoop();
      await this.pauseWhileBusy();
    }
  }

  private async ensure(): Promise<void> {
    try {
      const dims = await stage('Loading the embedder', () => this.deps.embedder.dimensions());
      this.dims = dims;
      const { recreated, created = false } = await stage('Preparing the vector index', () =>
        this.deps.vectors.ensure(dims),
      );
      if (recreated || created) {
        await stage('Re-enqueueing every workspace', async () => {
          for (const workspaceId of await this.deps.workspaceIds()) {
            await this.deps.outbox.enqueueWorkspace(workspaceId);
          }
        });
        this.deps.logger.info(
          { backend: this.deps.vectors.backend },
          recreated
            ? 'search indexer: vector index recreated for new dimensions, re-indexing everything'
            : 'search indexer: new vector index, indexing every workspace',
        );
      }
      this.ensured = true;
    } catch (error) {
      // Also when a search triggered it: the status shows why search is down.
      this.lastError = error instanceof StageFailure ? error.message : safeMessage(error, 'Setup');
      throw error;
    }
  }

  /** Writes a started batch and records when its workspaces were last indexed. */
  private async finishBatch(batch: StartedBatch): Promise<void> {
    await this.batches.finish(batch);
    const now = this.deps.clock.now();
    const at = new Date(now).toISOString();
    for (const entry of batch.entries) {
      this.lastIndexed.set(entry.workspaceId, at);
    }
    this.deps.onIndexed?.(batch.entries, now);
  }

  private recovered(): void {
    if (this.failures > 0) {
      this.deps.logger.info({ failures: this.failures }, 'search indexer: recovered');
    }
    this.failures = 0;
    this.lastError = null;
  }
}
