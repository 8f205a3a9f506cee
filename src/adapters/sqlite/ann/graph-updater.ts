import type { PointRecord } from './hnsw-workspace';
import type { TrackedWorkspace } from './tracked-workspace';

/**
 * Applies the recorded changes of ready graphs on the event loop, in slices: each slice
 * works for at most `sliceMs` (checked between two points, an insertion taking some
 * 0.1-0.3 ms), then yields with `setImmediate`, so requests wait for at most about one
 * slice. Searches meanwhile see the waiting points (HnswWorkspace.search).
 */
export class GraphUpdater {
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly sliceMs: number,
    private readonly graphs: () => Iterable<TrackedWorkspace>,
    /** The current point of a key written by another connection (null once gone). */
    private readonly readPoint: (workspaceId: string, key: number) => PointRecord | null,
    /** After a graph's share of a slice (rebuild or snapshot when due). */
    private readonly afterApplying: (tracked: TrackedWorkspace) => void,
  ) {}

  /** Makes sure a slice runs soon (once, however often it is called meanwhile). */
  schedule(): void {
    if (this.scheduled || this.stopped) {
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.slice();
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private slice(): void {
    if (this.stopped) {
      return;
    }
    const deadline = performance.now() + this.sliceMs;
    let more = false;
    for (const tracked of [...this.graphs()]) {
      const ann = tracked.ann;
      if (tracked.state !== 'ready' || ann.backlog === 0) {
        continue;
      }
      if (performance.now() >= deadline) {
        more = true;
        break;
      }
      try {
        more = ann.applySome(deadline, (key) => this.readPoint(ann.workspaceId, key)) || more;
      } catch (error) {
        // The graph may be half-updated: searched exactly until rebuilt.
        tracked.fail(error instanceof Error ? error.message : String(error));
        continue;
      }
      this.afterApplying(tracked);
    }
    if (more) {
      this.schedule();
    }
  }
}
