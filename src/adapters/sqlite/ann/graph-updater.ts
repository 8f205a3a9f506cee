import type { PointRecord } from './hnsw-workspace';
import type { TrackedWorkspace } from './tracked-workspace';

/**
 * Sends the recorded changes of ready graphs to them, a batch at a time per graph (the
 * graph thread applies each for a few milliseconds at most, so searches behind it wait
 * little). The event loop only reads back points written elsewhere and posts the batch.
 * Searches meanwhile see the waiting points (HnswWorkspace.search).
 */
export class GraphUpdater {
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly graphs: () => Iterable<TrackedWorkspace>,
    /** The current point of a key written by another connection (null once gone). */
    private readonly readPoint: (workspaceId: string, key: number) => PointRecord | null,
    /** After a batch of a graph that is still tracked (rebuild or snapshot when due). */
    private readonly afterApplying: (tracked: TrackedWorkspace) => void,
  ) {}

  /** Makes sure every graph with a backlog gets its next batch soon. */
  schedule(): void {
    if (this.scheduled || this.stopped) {
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const tracked of [...this.graphs()]) {
        if (tracked.state === 'ready' && tracked.ann.backlog > 0 && !tracked.ann.busy) {
          this.next(tracked);
        }
      }
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private next(tracked: TrackedWorkspace): void {
    const ann = tracked.ann;
    ann
      .applyNext((key) => this.readPoint(ann.workspaceId, key))
      .then(
        (more) => {
          if (this.stopped || tracked.state !== 'ready') {
            return;
          }
          this.afterApplying(tracked);
          if (more) {
            this.schedule();
          }
        },
        (error: unknown) => {
          // The graph may be half-updated: searched exactly until rebuilt.
          if (tracked.state === 'ready') {
            tracked.fail(error instanceof Error ? error.message : String(error));
          }
        },
      );
  }
}
