import { wrapTransactions, type GraphStore } from '../ports/graph-store';

/**
 * Graph writes of this process, as the indexer sees them: for how long, in all, at least
 * one write transaction was running. When writes kept the graph busy for most of the time
 * since its previous batch, the indexer pauses before the next one instead of draining the
 * outbox at full speed (docs/search.md, "Indexing"): on Neo4j its reads and vector writes
 * compete with the commands for the same server, which the event-loop check cannot see.
 */
export class WritePressure {
  private running = 0;
  private busySince = 0;
  private busyTotal = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Runs `work`, counted as a graph write while it runs. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    if (this.running === 0) {
      this.busySince = this.now();
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (this.running === 0) {
        this.busyTotal += this.now() - this.busySince;
      }
    }
  }

  /** Milliseconds, up to now, during which at least one write was running. */
  busyMs(): number {
    return this.busyTotal + (this.running > 0 ? this.now() - this.busySince : 0);
  }
}

/** A GraphStore whose transactions count as writes in `pressure`; reads pass through. */
export function pressureTrackingGraphStore(inner: GraphStore, pressure: WritePressure): GraphStore {
  return wrapTransactions(inner, (workspaceId, work) =>
    pressure.track(() => inner.transaction(workspaceId, work)),
  );
}
