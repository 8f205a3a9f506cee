import { Worker } from 'node:worker_threads';
import { BUILD_WORKER_SOURCE } from './build-worker-source';
import type { HnswParams } from './hnsw-params';

/** What one build produced: the graph is in the file the request named. */
export interface BuildResult {
  /** The newest log seq when the points were read: the graph holds every change up to it. */
  watermark: number;
  generation: string;
  dimensions: number;
  keys: Float64Array;
  nodeIds: string[];
  entityTypes: string[];
}

export interface BuildRequest {
  workspaceId: string;
  params: HnswParams;
  /** Where the worker saves the graph. */
  graphPath: string;
  /** Asked when the build's turn comes: a graph no longer wanted is not built. */
  stillWanted?: () => boolean;
}

type WorkerReply = ({ type: 'built' } & BuildResult) | { type: 'failed'; message: string };

/**
 * Builds HNSW graphs off the event loop: one worker thread per build (started from
 * BUILD_WORKER_SOURCE, at a lower scheduling priority), one build at a time, so at most
 * one build's CPU and memory are in use. `close` terminates a build in progress and fails
 * the waiting ones; nothing runs after it.
 */
export class GraphBuilder {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly workers = new Set<Worker>();
  private closed = false;

  /**
   * @param filename the SQLite file (the worker opens its own read-only connection)
   * @param threads usearch threads per build
   */
  constructor(
    private readonly filename: string,
    private readonly threads: number,
  ) {}

  /** Builds after the builds already queued. */
  build(request: BuildRequest): Promise<BuildResult> {
    const run = this.queue.then(() => this.run(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Builds started or queued (diagnostics). */
  get busy(): boolean {
    return this.workers.size > 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private run(request: BuildRequest): Promise<BuildResult> {
    if (this.closed) {
      return Promise.reject(new Error('The vector index was closed'));
    }
    if (request.stillWanted?.() === false) {
      return Promise.reject(new Error('The graph is no longer wanted'));
    }
    const worker = new Worker(BUILD_WORKER_SOURCE, {
      eval: true,
      workerData: {
        driverPath: require.resolve('better-sqlite3'),
        sqliteVecPath: require.resolve('sqlite-vec'),
        usearchPath: require.resolve('usearch'),
        filename: this.filename,
        workspaceId: request.workspaceId,
        params: request.params,
        graphPath: request.graphPath,
        threads: this.threads,
      },
    });
    // A build is a cache being filled: it must not keep a process alive.
    worker.unref();
    this.workers.add(worker);
    return new Promise<BuildResult>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: BuildResult | Error): void => {
        if (settled) {
          return;
        }
        settled = true;
        this.workers.delete(worker);
        if (outcome instanceof Error) {
          reject(outcome);
        } else {
          resolve(outcome);
        }
      };
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'built') {
          settle({
            watermark: reply.watermark,
            generation: reply.generation,
            dimensions: reply.dimensions,
            // Copied into this realm (the message's arrays belong to the worker's).
            keys: new Float64Array(reply.keys),
            nodeIds: reply.nodeIds,
            entityTypes: reply.entityTypes,
          });
        } else {
          settle(new Error(`Building the HNSW graph failed: ${reply.message}`));
        }
      });
      worker.on('error', (error) =>
        settle(
          new Error(
            `The HNSW build worker crashed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        ),
      );
      worker.on('exit', (code) =>
        settle(
          new Error(
            this.closed
              ? 'The vector index was closed'
              : `The HNSW build worker exited (code ${code})`,
          ),
        ),
      );
    });
  }
}
