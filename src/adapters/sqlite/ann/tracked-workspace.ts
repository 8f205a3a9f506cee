import type { HnswWorkspace } from './hnsw-workspace';

/** How one workspace is searched right now (diagnostics, e.g. for the index status). */
export interface AnnStatus {
  /**
   * `exact`: no graph (below the size threshold, or not searched yet): sqlite-vec answers.
   * `loading` / `building`: a graph is on its way; sqlite-vec answers meanwhile.
   * `ready`: the graph answers. `failed`: the last build failed; exact until a retry works.
   */
  mode: 'exact' | 'loading' | 'building' | 'ready' | 'failed';
  /** Committed points of the workspace as the graph sees them; null without a graph. */
  points: number | null;
  /** Committed changes not yet applied to the graph. */
  backlog: number;
  /** Why the last build failed, while `failed`. */
  lastError: string | null;
}

/** A workspace whose graph this process keeps, and where that graph stands. */
export class TrackedWorkspace {
  state: 'loading' | 'building' | 'ready' | 'failed' = 'loading';
  /** Generation of the vector table the graph was built from (snapshots record it). */
  generation = '';
  /** When the graph was last saved or loaded as a snapshot (epoch ms; 0: never). */
  snapshotSavedAt = 0;
  failedAt = 0;
  lastError: string | null = null;
  /** Resolves when the graph is ready, failed, or no longer tracked. */
  readonly settled: Promise<void>;
  private resolveSettled: () => void = () => undefined;

  /**
   * @param since the change-log position when tracking started: the graph receives every
   *   later change; a snapshot must catch up to here from the log.
   */
  constructor(
    readonly ann: HnswWorkspace,
    readonly since: number,
  ) {
    this.settled = new Promise((resolve) => {
      this.resolveSettled = resolve;
    });
  }

  ready(generation: string): void {
    this.state = 'ready';
    this.generation = generation;
    this.settle();
  }

  fail(message: string): void {
    this.state = 'failed';
    this.failedAt = Date.now();
    this.lastError = message;
    this.settle();
  }

  /** The graph was saved as, or loaded from, a snapshot now. */
  snapshotSaved(): void {
    this.snapshotSavedAt = Date.now();
  }

  settle(): void {
    this.resolveSettled();
  }

  status(): AnnStatus {
    return {
      mode: this.state,
      points: this.ann.size,
      backlog: this.ann.backlog,
      lastError: this.lastError,
    };
  }
}
