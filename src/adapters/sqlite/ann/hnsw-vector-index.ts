import type { SqliteDatabase } from '../database';
import type { OwnVectorChange } from '../vector-changes';
import { checkVector, SqliteVectorIndex } from '../vector-index';
import type {
  VectorHit,
  ApproximateStatus,
  VectorIndex,
  VectorPoint,
  VectorQuery,
} from '../../../ports/vector-index';
import {
  ChangeFollower,
  DEFAULT_LOG_RETENTION,
  type ChangeSink,
  type LogRetention,
} from './change-follower';
import { GraphLoader, type GraphLoaderHost } from './graph-loader';
import { GraphUpdater } from './graph-updater';
import { DEFAULT_HNSW_PARAMS, searchWidth, type HnswParams } from './hnsw-params';
import { HnswWorkspace, type SearchLimits } from './hnsw-workspace';
import { TrackedWorkspace, type AnnStatus } from './tracked-workspace';

export type { AnnStatus } from './tracked-workspace';

/** Options of the in-memory HNSW index; every one has a default (docs/search.md). */
export interface HnswVectorIndexOptions {
  /** Workspaces with fewer points are always searched exactly (sqlite-vec). Default 2,000. */
  minPoints?: number;
  /** Graphs of at least this many points are kept as snapshot files. Default 10,000. */
  snapshotMinPoints?: number;
  /**
   * Start a workspace's graph as soon as this process's own writes take it to minPoints
   * (a server, whose indexer fills workspaces that will be searched), not at its first
   * search. Default false: a one-shot process (the CLI) never pays for a graph.
   */
  buildOnWrite?: boolean;
  /**
   * With buildOnWrite: how long this process's writes to the workspace must pause before
   * its graph is started. While an initial load or an import keeps writing, inserting every
   * point into a growing graph would cost the event loop about 0.15 ms a point; one build
   * in the worker once the writes settle costs less and never blocks requests. Searches
   * meanwhile are exact (and a search starts the graph at once, as without buildOnWrite).
   * Default 1,000 ms.
   */
  buildQuietMs?: number;
  /** Directory of the snapshots. Default: `vector-snapshots` next to the SQLite file. */
  snapshotDir?: string;
  params?: Partial<HnswParams>;
  /** usearch threads per build, in the build worker. Default: the cores, at most 4. */
  buildThreads?: number;
  /** Longest one slice of incremental graph updates holds the event loop. Default 4 ms. */
  sliceMs?: number;
  /** More changed points waiting than this, and a search scans exactly. Default 2,000. */
  maxPendingScan?: number;
  /** Widest graph search for an entity-type filter, else exact. Default 4,096. */
  maxFetch?: number;
  /** How much of the change log is kept. */
  logRetention?: Partial<LogRetention>;
  /**
   * Waiting changes above which (and above half the workspace) the graph is rebuilt in the
   * worker instead of updated here. Default 5,000.
   */
  rebuildBacklog?: number;
}

/** A failed build is tried again after this long; meanwhile searches are exact. */
const RETRY_BUILD_MS = 60_000;
/** Least time between two snapshot saves of one workspace on the event loop. */
const SNAPSHOT_INTERVAL_MS = 10 * 60_000;

/**
 * The embedded VectorIndex with approximate search: sqlite-vec (`SqliteVectorIndex`) keeps
 * every vector durably and answers exactly; in front of it each large workspace has an HNSW
 * graph in memory (usearch, f16), kept in step with SQLite through the change log that every
 * write records, whichever process made it (`ChangeFollower`). Graphs are built in a worker
 * thread (`GraphBuilder`) and saved as snapshots (`SnapshotStore`); until a workspace's
 * graph is ready, and whenever the graph cannot answer cheaply, the search is exact.
 * docs/search.md "sqlite-vec" describes the design and its thresholds.
 */
export class HnswVectorIndex implements VectorIndex, ChangeSink, GraphLoaderHost {
  readonly backend = 'sqlite-vec';
  private readonly inner: SqliteVectorIndex;
  private readonly follower: ChangeFollower;
  private readonly params: HnswParams;
  private readonly limits: SearchLimits;
  private readonly minPoints: number;
  private readonly snapshotMinPoints: number;
  private readonly workspaces = new Map<string, TrackedWorkspace>();
  /** Points this process wrote to workspaces it does not track (an over-estimate). */
  private readonly written = new Map<string, number>();
  /** Graphs waiting for their workspace's writes to pause (see buildQuietMs). */
  private readonly quietTimers = new Map<string, NodeJS.Timeout>();
  private readonly searches = { graph: 0, exact: 0 };
  private readonly updater: GraphUpdater;
  private closed = false;
  /** Created on first use; null for a database without a file (no worker can open it). */
  private graphLoader: GraphLoader | null | undefined;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: HnswVectorIndexOptions = {},
  ) {
    this.inner = new SqliteVectorIndex(db, { onCommit: (changes) => this.committed(changes) });
    this.follower = new ChangeFollower(db, this, {
      ...DEFAULT_LOG_RETENTION,
      ...options.logRetention,
    });
    this.params = { ...DEFAULT_HNSW_PARAMS, ...options.params };
    const params = this.params;
    this.limits = {
      width: (size) => searchWidth(size, params),
      maxPendingScan: options.maxPendingScan ?? 2000,
      maxFetch: options.maxFetch ?? 4096,
    };
    this.updater = new GraphUpdater(
      options.sliceMs ?? 4,
      () => this.workspaces.values(),
      (workspaceId, key) => this.follower.readPoint(workspaceId, key),
      (tracked) => this.afterApplying(tracked),
    );
    this.minPoints = options.minPoints ?? 2000;
    this.snapshotMinPoints = options.snapshotMinPoints ?? 10_000;
  }

  ensure(dimensions: number): Promise<{ recreated: boolean }> {
    return this.inner.ensure(dimensions);
  }

  upsert(points: readonly VectorPoint[]): Promise<void> {
    return this.inner.upsert(points);
  }

  remove(workspaceId: string, nodeIds: readonly string[]): Promise<void> {
    return this.inner.remove(workspaceId, nodeIds);
  }

  clearWorkspace(workspaceId: string): Promise<void> {
    return this.inner.clearWorkspace(workspaceId);
  }

  /**
   * The workspace's stored points. A workspace with a ready graph has them counted already,
   * from the change log it follows (read up to its newest row first), so that an index
   * status of a big workspace does not scan its rows on the event loop (about 60 ms at
   * 500,000 points); any other is counted in sqlite-vec's tables.
   */
  count(workspaceId: string): Promise<number> {
    if (this.enabledDimensions() !== null && this.workspaces.has(workspaceId)) {
      this.follower.follow(true);
      const tracked = this.workspaces.get(workspaceId);
      if (tracked?.state === 'ready') {
        return Promise.resolve(tracked.ann.size);
      }
    }
    return this.inner.count(workspaceId);
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    const dimensions = this.enabledDimensions();
    if (dimensions !== null) {
      checkVector(query.vector, dimensions);
      this.follower.follow(this.workspaces.size > 0);
      const hits = this.fromGraph(query);
      if (hits) {
        this.searches.graph += 1;
        return hits;
      }
    }
    this.searches.exact += 1;
    return this.inner.search(query);
  }

  /** How the workspace is searched now, with its graph's size and backlog. */
  annStatus(workspaceId: string): AnnStatus {
    return (
      this.workspaces.get(workspaceId)?.status() ?? {
        mode: 'exact',
        points: null,
        backlog: 0,
        lastError: null,
      }
    );
  }

  approximateStatus(workspaceId: string): ApproximateStatus {
    const { mode, points, backlog } = this.annStatus(workspaceId);
    return { mode, points, backlog };
  }

  /** Searches answered from a graph and exactly, since this index was created. */
  searchCounts(): { graph: number; exact: number } {
    return { ...this.searches };
  }

  /**
   * Starts the workspace's graph if it has at least minPoints points (as its first search
   * would) and resolves once the graph is ready, or failed, or the workspace is searched
   * exactly: a warm-up before traffic, and what tests wait on.
   */
  async prepareWorkspace(workspaceId: string): Promise<AnnStatus> {
    if (this.enabledDimensions() === null) {
      return this.annStatus(workspaceId);
    }
    this.follower.follow(this.workspaces.size > 0);
    if (!this.workspaces.has(workspaceId) && this.hasMinPoints(workspaceId)) {
      this.track(workspaceId);
    }
    for (;;) {
      const tracked = this.workspaces.get(workspaceId);
      if (!tracked || tracked.state === 'ready' || tracked.state === 'failed') {
        return this.annStatus(workspaceId);
      }
      // Replaced while waiting (a rebuild), or settled: look again.
      await tracked.settled;
    }
  }

  /**
   * Saves the snapshots of large graphs changed since their last one, then stops all
   * further work and terminates a build in progress. The database stays open (its owner
   * closes it).
   */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    for (const timer of this.quietTimers.values()) {
      clearTimeout(timer);
    }
    this.quietTimers.clear();
    this.follower.close();
    this.updater.stop();
    const loader = this.graphLoader;
    for (const tracked of this.workspaces.values()) {
      const unsaved = tracked.ann.changedSinceSnapshot > 0 || tracked.snapshotSavedAt === 0;
      if (tracked.state === 'ready' && unsaved) {
        loader?.saveSnapshot(tracked);
      }
      tracked.settle();
    }
    this.workspaces.clear();
    await loader?.close();
  }

  // ChangeSink: called by the follower while it hands changes over.

  graphOf(workspaceId: string): HnswWorkspace | undefined {
    const tracked = this.workspaces.get(workspaceId);
    return tracked && tracked.state !== 'failed' ? tracked.ann : undefined;
  }

  rebuild(workspaceIds: readonly string[] | 'all'): void {
    for (const workspaceId of workspaceIds === 'all' ? [...this.workspaces.keys()] : workspaceIds) {
      if (this.workspaces.has(workspaceId)) {
        this.track(workspaceId, 'rebuild');
      }
    }
  }

  cleared(workspaceId: string): void {
    this.untrack(workspaceId);
    this.written.delete(workspaceId);
    this.loader()?.discard(workspaceId);
  }

  reset(): void {
    for (const workspaceId of [...this.workspaces.keys()]) {
      this.untrack(workspaceId);
    }
    this.written.clear();
    this.loader()?.discardAll();
  }

  wroteUntracked(workspaceId: string, points: number): void {
    if (!this.options.buildOnWrite || this.closed || this.enabledDimensions() === null) {
      return;
    }
    const known = this.written.get(workspaceId) ?? 0;
    if (known >= this.minPoints) {
      // Counted past the threshold already: a bulk load writing on and on only pushes the
      // start back (the timer checks once more before it starts the graph).
      this.startWhenQuiet(workspaceId);
      return;
    }
    // Counted in the index only when the estimate says so (deletes may have cut it).
    const estimate = known + points;
    const actual =
      estimate >= this.minPoints
        ? this.follower.countPointsUpTo(workspaceId, this.minPoints)
        : estimate;
    this.written.set(workspaceId, actual);
    if (actual >= this.minPoints) {
      this.startWhenQuiet(workspaceId);
    }
  }

  /** Whether the workspace has enough points for a graph (counted up to that many). */
  private hasMinPoints(workspaceId: string): boolean {
    return this.follower.countPointsUpTo(workspaceId, this.minPoints) >= this.minPoints;
  }

  /** Starts the workspace's graph once its writes have paused for buildQuietMs. */
  private startWhenQuiet(workspaceId: string): void {
    clearTimeout(this.quietTimers.get(workspaceId));
    const timer = setTimeout(() => {
      this.quietTimers.delete(workspaceId);
      if (!this.closed && !this.workspaces.has(workspaceId) && this.hasMinPoints(workspaceId)) {
        this.written.delete(workspaceId);
        this.track(workspaceId);
      }
    }, this.options.buildQuietMs ?? 1000);
    timer.unref();
    this.quietTimers.set(workspaceId, timer);
  }

  recorded(ann: HnswWorkspace): void {
    const tracked = this.workspaces.get(ann.workspaceId);
    if (tracked?.state === 'ready') {
      this.applyOrRebuild(tracked);
    }
  }

  // GraphLoaderHost: called by the loader as graphs arrive.

  isCurrent(tracked: TrackedWorkspace): boolean {
    return !this.closed && this.workspaces.get(tracked.ann.workspaceId) === tracked;
  }

  /**
   * Schedules applying a new graph's backlog, or rebuilds it in the worker when the backlog
   * is so large (a bulk load, a reindex by another process) that the worker would do it
   * faster, and off the event loop.
   */
  installed(tracked: TrackedWorkspace): void {
    this.applyOrRebuild(tracked);
  }

  dropped(workspaceId: string): void {
    this.untrack(workspaceId);
  }

  private applyOrRebuild(tracked: TrackedWorkspace): void {
    const ann = tracked.ann;
    if (ann.backlog > Math.max(this.options.rebuildBacklog ?? 5000, ann.size / 2)) {
      this.track(ann.workspaceId, 'rebuild');
    } else {
      this.updater.schedule();
    }
  }

  /** The graph's answer, or null for the exact path (and starts tracking when due). */
  private fromGraph(query: VectorQuery): VectorHit[] | null {
    const tracked = this.workspaces.get(query.workspaceId);
    if (!tracked) {
      if (this.hasMinPoints(query.workspaceId)) {
        this.track(query.workspaceId);
      }
      return null;
    }
    if (tracked.state === 'failed') {
      if (Date.now() - tracked.failedAt >= RETRY_BUILD_MS) {
        this.track(query.workspaceId, 'rebuild');
      }
      return null;
    }
    return tracked.state === 'ready' ? tracked.ann.search(query, this.limits) : null;
  }

  /**
   * Starts the workspace's graph: from its snapshot if usable, else built; `rebuild`
   * replaces a graph that fell behind (or failed) with a new build, never the snapshot,
   * which is older still.
   */
  private track(workspaceId: string, how: 'start' | 'rebuild' = 'start'): void {
    this.untrack(workspaceId);
    const since = this.follower.position;
    const tracked = new TrackedWorkspace(new HnswWorkspace(workspaceId, since), since);
    this.workspaces.set(workspaceId, tracked);
    // Never inside the search (or commit) that started it.
    setImmediate(() => this.loader()?.load(tracked, how === 'start'));
  }

  private untrack(workspaceId: string): void {
    this.workspaces.get(workspaceId)?.settle();
    this.workspaces.delete(workspaceId);
  }

  /** After a slice of updates: compact a graph full of tombstones, or snapshot it when due. */
  private afterApplying(tracked: TrackedWorkspace): void {
    const ann = tracked.ann;
    if (ann.removedSinceBuild > Math.max(this.options.rebuildBacklog ?? 5000, ann.size)) {
      // Removed points leave tombstones in the graph: compact by rebuilding.
      this.track(ann.workspaceId, 'rebuild');
    } else if (
      ann.size >= this.snapshotMinPoints &&
      ann.changedSinceSnapshot >= Math.max(this.snapshotMinPoints, ann.size / 2) &&
      Date.now() - tracked.snapshotSavedAt >= SNAPSHOT_INTERVAL_MS
    ) {
      this.loader()?.saveSnapshot(tracked);
    }
  }

  private committed(changes: readonly OwnVectorChange[]): void {
    if (!this.closed && this.enabledDimensions() !== null) {
      this.follower.committed(changes, this.workspaces.size > 0);
    }
  }

  /** The vector dimensions when graphs can be used at all; else null (exact only). */
  private enabledDimensions(): number | null {
    if (this.closed || this.loader() === null || !this.follower.available()) {
      return null;
    }
    return this.inner.dimensions();
  }

  private loader(): GraphLoader | null {
    if (this.graphLoader === undefined) {
      this.graphLoader = GraphLoader.forDatabase(this.db, this.follower, this, {
        params: this.params,
        snapshotMinPoints: this.snapshotMinPoints,
        buildThreads: this.options.buildThreads,
        snapshotDir: this.options.snapshotDir,
        dimensions: () => this.inner.dimensions(),
      });
    }
    return this.graphLoader;
  }
}
