import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqliteDatabase } from '../database';
import type { ChangeFollower } from './change-follower';
import { GraphBuilder, type BuildResult } from './graph-builder';
import { createHnsw, sameGraphParams, type HnswParams } from './hnsw-params';
import type { PointLabel } from './hnsw-workspace';
import { SnapshotStore, type SnapshotHeader } from './snapshots';
import type { TrackedWorkspace } from './tracked-workspace';

/** What the loader reports back to the index that owns the tracked workspaces. */
export interface GraphLoaderHost {
  /** Whether `tracked` is still its workspace's graph (not replaced, dropped or closed). */
  isCurrent(tracked: TrackedWorkspace): boolean;
  /** `tracked` has its graph now (ready): apply its backlog, or rebuild if it is too large. */
  installed(tracked: TrackedWorkspace): void;
  /** The vector table was recreated under a build: stop tracking the workspace. */
  dropped(workspaceId: string): void;
}

export interface GraphLoaderSettings {
  params: HnswParams;
  /** Graphs of at least this many points are kept as snapshots. */
  snapshotMinPoints: number;
  /** usearch threads per build (default: the cores, at most 4). */
  buildThreads?: number;
  /** Default: `vector-snapshots` next to the SQLite file. */
  snapshotDir?: string;
  /** The vector table's dimensions now. */
  dimensions: () => number | null;
}

/**
 * Gives tracked workspaces their graphs: loads a workspace's snapshot when it matches the
 * tables (then catches up from the log), else builds the graph in the worker and installs
 * it; keeps large graphs as snapshots. Loading a file and installing it runs on the event
 * loop (about 20 ms for 20,000 points); everything else of a build runs in the worker.
 */
export class GraphLoader {
  private constructor(
    private readonly builder: GraphBuilder,
    private readonly snapshots: SnapshotStore,
    private readonly follower: ChangeFollower,
    private readonly host: GraphLoaderHost,
    private readonly settings: GraphLoaderSettings,
  ) {}

  /** A loader for the database's file; null for a database without one (no worker can open it). */
  static forDatabase(
    db: SqliteDatabase,
    follower: ChangeFollower,
    host: GraphLoaderHost,
    settings: GraphLoaderSettings,
  ): GraphLoader | null {
    const writer = db.writer;
    if (writer.memory || writer.name === '') {
      return null;
    }
    const filename = path.resolve(writer.name);
    const threads = settings.buildThreads ?? Math.min(4, os.availableParallelism());
    const dir = settings.snapshotDir ?? path.join(path.dirname(filename), 'vector-snapshots');
    return new GraphLoader(
      new GraphBuilder(filename, threads),
      new SnapshotStore(dir),
      follower,
      host,
      settings,
    );
  }

  /** Gives `tracked` its graph: from its snapshot when `fromSnapshot` and usable, else built. */
  load(tracked: TrackedWorkspace, fromSnapshot: boolean): void {
    if (!this.host.isCurrent(tracked)) {
      return;
    }
    try {
      if (fromSnapshot && this.loadSnapshot(tracked)) {
        return;
      }
    } catch {
      // An unreadable snapshot: built afresh below.
      this.snapshots.discard(tracked.ann.workspaceId);
    }
    tracked.state = 'building';
    const graphPath = this.snapshots.newGraphPath(tracked.ann.workspaceId);
    this.builder
      .build({
        workspaceId: tracked.ann.workspaceId,
        params: this.settings.params,
        graphPath,
        stillWanted: () => this.host.isCurrent(tracked),
      })
      .then(
        (result) => this.built(tracked, result, graphPath),
        (error: unknown) => this.failed(tracked, error, graphPath),
      );
  }

  /** Saves the graph as the workspace's snapshot now, on the event loop (keep it rare). */
  saveSnapshot(tracked: TrackedWorkspace): void {
    if (tracked.ann.size < this.settings.snapshotMinPoints) {
      return;
    }
    const graphPath = this.snapshots.newGraphPath(tracked.ann.workspaceId);
    try {
      const saved = tracked.ann.save(graphPath, this.follower.position);
      this.snapshots.commit(
        tracked.ann.workspaceId,
        graphPath,
        this.header(tracked, saved.watermark),
        saved.keys,
        saved.labels,
      );
      tracked.snapshotSaved();
    } catch {
      // A snapshot only saves work after a restart: without it, the graph is rebuilt.
      fs.rmSync(graphPath, { force: true });
    }
  }

  /** The workspace was cleared: its snapshot is of no use. */
  discard(workspaceId: string): void {
    this.snapshots.discard(workspaceId);
  }

  /** The vector table was recreated: no snapshot is of use. */
  discardAll(): void {
    this.snapshots.discardAll();
  }

  /** Terminates a build in progress and refuses the queued ones. */
  close(): Promise<void> {
    return this.builder.close();
  }

  /** Installs the workspace's snapshot if it matches the tables; false when it cannot. */
  private loadSnapshot(tracked: TrackedWorkspace): boolean {
    const workspaceId = tracked.ann.workspaceId;
    const snapshot = this.snapshots.read(workspaceId);
    if (!snapshot) {
      return false;
    }
    const log = this.follower.logState();
    const catchUp =
      snapshot.generation === log.generation &&
      snapshot.dimensions === this.settings.dimensions() &&
      sameGraphParams(snapshot, this.settings.params) &&
      snapshot.watermark <= log.newest
        ? this.follower.changesSince(workspaceId, snapshot.watermark, tracked.since)
        : null;
    if (catchUp === null) {
      this.snapshots.discard(workspaceId);
      return false;
    }
    const graph = createHnsw(snapshot.dimensions, this.settings.params);
    graph.load(snapshot.graphPath);
    if (graph.dimensions() !== snapshot.dimensions || graph.size() !== snapshot.keys.length) {
      this.snapshots.discard(workspaceId);
      return false;
    }
    tracked.ann.install({ graph, ...snapshot });
    this.follower.recordAll(tracked.ann, catchUp);
    tracked.ready(log.generation);
    tracked.snapshotSaved();
    this.host.installed(tracked);
    return true;
  }

  private built(tracked: TrackedWorkspace, result: BuildResult, graphPath: string): void {
    try {
      if (!this.host.isCurrent(tracked)) {
        fs.rmSync(graphPath, { force: true });
        return;
      }
      if (result.generation !== this.follower.logState().generation) {
        // The vector table was recreated during the build: its reset row drops this too.
        fs.rmSync(graphPath, { force: true });
        this.host.dropped(tracked.ann.workspaceId);
        return;
      }
      const graph = createHnsw(result.dimensions, this.settings.params);
      graph.load(graphPath);
      const keys = Array.from(result.keys);
      const labels = result.nodeIds.map((nodeId, i) => ({
        nodeId,
        entityType: result.entityTypes[i] ?? '',
      }));
      tracked.ann.install({ graph, keys, labels, watermark: result.watermark });
      tracked.ready(result.generation);
      const header = this.header(tracked, result.watermark);
      if (tracked.ann.size >= this.settings.snapshotMinPoints) {
        // The graph file becomes the snapshot, one turn later: writing the labels is the
        // other half of the event-loop time a build's hand-over costs.
        setImmediate(() => this.keepAsSnapshot(tracked, graphPath, header, keys, labels));
      } else {
        fs.rmSync(graphPath, { force: true });
      }
      this.host.installed(tracked);
    } catch (error) {
      this.failed(tracked, error, graphPath);
    }
  }

  private keepAsSnapshot(
    tracked: TrackedWorkspace,
    graphPath: string,
    header: SnapshotHeader,
    keys: readonly number[],
    labels: readonly PointLabel[],
  ): void {
    try {
      if (this.host.isCurrent(tracked)) {
        this.snapshots.commit(tracked.ann.workspaceId, graphPath, header, keys, labels);
        tracked.snapshotSaved();
        return;
      }
    } catch {
      // No snapshot: the graph is rebuilt after a restart.
    }
    fs.rmSync(graphPath, { force: true });
  }

  private failed(tracked: TrackedWorkspace, error: unknown, graphPath: string): void {
    fs.rmSync(graphPath, { force: true });
    if (this.host.isCurrent(tracked)) {
      tracked.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private header(tracked: TrackedWorkspace, watermark: number): SnapshotHeader {
    return {
      generation: tracked.generation,
      dimensions: this.settings.dimensions() ?? 0,
      connectivity: this.settings.params.connectivity,
      expansionAdd: this.settings.params.expansionAdd,
      watermark,
    };
  }
}
