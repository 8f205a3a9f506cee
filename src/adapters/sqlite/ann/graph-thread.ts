import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../../workers/module-worker';
import type { GraphAccess, GraphApplied, GraphChanges, GraphMatches } from './graph-access';
import type { HnswParams } from './hnsw-params';
import type { GraphReply, GraphRequest } from './graph-thread-worker';

type Pending = {
  resolve: (reply: GraphReply & { ok: true }) => void;
  reject: (error: Error) => void;
};

/** A request without its id: GraphThread numbers them. */
type Request = GraphRequest extends infer R
  ? R extends GraphRequest
    ? Omit<R, 'id'>
    : never
  : never;

/**
 * The graphs of one HnswVectorIndex, kept in a worker thread of their own
 * (graph-thread-worker): searching a graph and inserting into it cost the event loop only
 * a message each way. The thread starts with the first graph and does not keep the process
 * alive while idle. If it dies, every call waiting on it fails (its workspaces fall back to
 * exact search and are rebuilt), and the next `open` starts a new one.
 */
export class GraphThread {
  private worker: Worker | null = null;
  private readonly calls = new Map<number, Pending>();
  private nextCall = 1;
  private nextGraph = 1;
  private closed = false;

  /** A graph in the thread: empty, or loaded from the file a build or snapshot saved. */
  async open(dimensions: number, params: HnswParams, file: string | null): Promise<GraphAccess> {
    const graph = this.nextGraph;
    this.nextGraph += 1;
    const reply = await this.call({ op: 'open', graph, dimensions, params, path: file });
    return new ThreadGraph(this, graph, reply.size ?? 0);
  }

  /** Stops the thread (and frees every graph); later calls reject. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('The vector index was closed'));
    await worker?.terminate();
  }

  /** @internal ThreadGraph's way to the thread. */
  call(request: Request, transfer: ArrayBuffer[] = []): Promise<GraphReply & { ok: true }> {
    if (this.closed) {
      return Promise.reject(new Error('The vector index was closed'));
    }
    const worker = this.started();
    const id = this.nextCall;
    this.nextCall += 1;
    return new Promise((resolve, reject) => {
      if (this.calls.size === 0) {
        // Someone waits for an answer: the process must stay up for it.
        worker.ref();
      }
      this.calls.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  private started(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const worker = startModuleWorker(path.join(__dirname, 'graph-thread-worker'));
    worker.unref();
    worker.on('message', (reply: GraphReply) => {
      const pending = this.calls.get(reply.id);
      if (!pending) {
        return;
      }
      this.calls.delete(reply.id);
      if (this.calls.size === 0) {
        worker.unref();
      }
      if (reply.ok) {
        pending.resolve(reply);
      } else {
        pending.reject(new Error(reply.message));
      }
    });
    const died = (why: string): void => {
      if (this.worker === worker) {
        this.worker = null;
        this.failAll(new Error(`The HNSW graph thread ${why}`));
      }
    };
    worker.on('error', (error: Error) => died(`crashed: ${error.message}`));
    worker.on('exit', (code) => died(`exited (code ${code})`));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const calls = [...this.calls.values()];
    this.calls.clear();
    for (const call of calls) {
      call.reject(error);
    }
  }
}

/** One graph in a GraphThread. */
class ThreadGraph implements GraphAccess {
  private released = false;

  constructor(
    private readonly thread: GraphThread,
    private readonly graph: number,
    private points: number,
  ) {}

  get size(): number {
    return this.points;
  }

  async search(vector: Float32Array, k: number): Promise<GraphMatches> {
    // A copy of its own (a view would carry its whole buffer along), moved to the thread.
    const copy = vector.slice();
    const reply = await this.call({ op: 'search', graph: this.graph, vector: copy, k }, [
      copy.buffer,
    ]);
    return {
      keys: reply.keys ?? new Float64Array(0),
      distances: reply.distances ?? new Float32Array(0),
    };
  }

  async apply(changes: GraphChanges): Promise<GraphApplied> {
    const reply = await this.call({ op: 'apply', graph: this.graph, changes }, [
      changes.keys.buffer as ArrayBuffer,
      changes.puts.buffer as ArrayBuffer,
      changes.vectors.buffer as ArrayBuffer,
    ]);
    this.points = reply.size ?? this.points;
    return { applied: reply.applied ?? 0, size: this.points };
  }

  async save(file: string): Promise<void> {
    await this.call({ op: 'save', graph: this.graph, path: file });
  }

  release(): void {
    if (!this.released) {
      this.released = true;
      // Nothing waits for it: a dead or closed thread has freed the graph already.
      this.thread.call({ op: 'release', graph: this.graph }).catch(() => undefined);
    }
  }

  private call(request: Request, transfer?: ArrayBuffer[]): Promise<GraphReply & { ok: true }> {
    if (this.released) {
      return Promise.reject(new Error('The graph was released'));
    }
    return this.thread.call(request, transfer);
  }
}
