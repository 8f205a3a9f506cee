import { wrapTransactions, type GraphStore } from '../ports/graph-store';

/**
 * Graph writes of this process, as the indexer sees them: how many transactions are
 * running, and when the last one ended. While writes keep coming, the indexer indexes one
 * batch per pause instead of draining the outbox at full speed (docs/search.md,
 * "Indexing"): on Neo4j its reads and vector writes compete with the commands for the
 * same server, which the event-loop check cannot see.
 */
export class WritePressure {
  private running = 0;
  private lastEnd = Number.NEGATIVE_INFINITY;

  constructor(
    /** A write that ended less than this long ago still counts as pressure. */
    private readonly quietMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work`, counted as a graph write while it runs and for `quietMs` after. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.lastEnd = this.now();
    }
  }

  /** Whether a write is running or one ended within the last `quietMs`. */
  active(): boolean {
    return this.running > 0 || this.now() - this.lastEnd < this.quietMs;
  }
}

/** A GraphStore whose transactions count as writes in `pressure`; reads pass through. */
export function pressureTrackingGraphStore(inner: GraphStore, pressure: WritePressure): GraphStore {
  return wrapTransactions(inner, (workspaceId, work) =>
    pressure.track(() => inner.transaction(workspaceId, work)),
  );
}
