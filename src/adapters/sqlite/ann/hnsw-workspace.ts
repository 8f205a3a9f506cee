import type { GraphAccess, GraphChanges, GraphMatches } from './graph-access';
import type { VectorHit, VectorQuery } from '../../../ports/vector-index';

/** What a hit needs of a point besides its vector. */
export interface PointLabel {
  nodeId: string;
  entityType: string;
}

export interface PointRecord extends PointLabel {
  vector: Float32Array;
}

/** A graph and the labels of its keys, as of log seq `watermark`. */
export interface GraphContents {
  graph: GraphAccess;
  keys: readonly number[];
  labels: readonly PointLabel[];
  watermark: number;
}

/** A committed change of one point that the graph does not reflect yet. */
type PendingChange =
  | PutOrRemove
  /** Written by another connection: read back from SQLite when applied. */
  | { seq: number; kind: 'unread' };

type PutOrRemove =
  { seq: number; kind: 'put'; point: PointRecord } | { seq: number; kind: 'remove' };

/** Bounds of a batch sent to the graph (GraphAccess.apply applies a prefix of it). */
const MIN_BATCH = 16;
const MAX_BATCH = 256;

/** Limits of the in-memory search (see HnswVectorIndex for the defaults and why). */
export interface SearchLimits {
  /** Candidates the graph search examines, given the graph's size. */
  width: (size: number) => number;
  /** More changed points waiting than this: not searched here (too slow to scan). */
  maxPendingScan: number;
  /** Widest graph search for an entity-type filter before the exact path is cheaper. */
  maxFetch: number;
}

/**
 * The in-memory HNSW graph of one workspace, keyed by `vector_nodes.id`, with the node id
 * and entity type of every key, plus the committed changes not applied to it yet.
 *
 * Changes are recorded at once (`record`) and sent to the graph later, a batch at a time
 * (`applyNext`); a change leaves the backlog when the graph has applied it. Meanwhile
 * `search` scans the waiting points exactly and skips the graph's copies of them, so a
 * search sees every point recorded before it. It declines (null: the caller takes the exact
 * path) while a waiting point has not been read back, or when a scan of the waiting points
 * or the filter's over-fetch would cost more than an exact scan.
 *
 * The graph answers asynchronously (it lives in GraphThread), and every answer is combined
 * with the state of this object when it arrives: the thread handles messages in order, so
 * by then the graph holds exactly the batches whose answers arrived before.
 */
export class HnswWorkspace {
  private graph: GraphAccess | null = null;
  private readonly labels = new Map<number, PointLabel>();
  /** Latest unapplied change per key, in the order keys first changed. */
  private readonly pending = new Map<number, PendingChange>();
  /** Points per entity type, over the committed state (unread points not counted). */
  private readonly types = new Map<string, number>();
  private points = 0;
  private unread = 0;
  private puts = 0;
  /** Pending keys whose (older) copy is in the graph. */
  private stale = 0;
  /** A batch or a save under way with the graph (one at a time); resolves when it ends. */
  private busyWith: Promise<void> | null = null;
  /** Changes to send in the next batch: about twice what the graph applied last time. */
  private batchSize = MIN_BATCH;
  /** Points removed from the graph since it was built: it leaves tombstones behind. */
  removedSinceBuild = 0;
  /** Changes since the graph's snapshot, or since it was built (an upper bound). */
  changedSinceSnapshot = 0;
  /** Every log row of this workspace up to this seq is in the graph or pending. */
  seq: number;

  constructor(
    readonly workspaceId: string,
    seq: number,
  ) {
    this.seq = seq;
  }

  /** True once a graph is installed (and until it is released). */
  get ready(): boolean {
    return this.graph !== null;
  }

  /** Committed points of the workspace. */
  get size(): number {
    return this.points;
  }

  /** Changes waiting to be applied to the graph. */
  get backlog(): number {
    return this.pending.size;
  }

  /** True while a batch or a save is under way. */
  get busy(): boolean {
    return this.busyWith !== null;
  }

  /** Records a committed change of the point `key` (log row `seq`). */
  record(seq: number, key: number, change: 'remove' | 'unread' | PointRecord): void {
    const next: PendingChange =
      change === 'remove' || change === 'unread'
        ? { seq, kind: change }
        : { seq, kind: 'put', point: change };
    const before = this.pending.get(key);
    if (before && before.seq > seq) {
      // Catching up from the log after newer changes arrived: the newer one stands.
      return;
    }
    this.points -= this.exists(key, before) ? 1 : 0;
    this.count(key, before, -1);
    if (!before && this.labels.has(key)) {
      this.stale += 1;
    }
    this.pending.set(key, next);
    this.count(key, next, 1);
    this.points += next.kind === 'remove' ? 0 : 1;
    this.seq = Math.max(this.seq, seq);
    this.changedSinceSnapshot += 1;
  }

  /**
   * Installs a graph built (or loaded) as of `contents.watermark`: pending changes it
   * already contains are dropped, later ones stay pending.
   */
  install(contents: GraphContents): void {
    this.graph = contents.graph;
    this.labels.clear();
    contents.keys.forEach((key, i) => {
      const label = contents.labels[i];
      if (label) {
        this.labels.set(key, label);
      }
    });
    for (const [key, change] of this.pending) {
      if (change.seq <= contents.watermark) {
        this.pending.delete(key);
      }
    }
    this.seq = Math.max(this.seq, contents.watermark);
    this.removedSinceBuild = 0;
    this.changedSinceSnapshot = this.pending.size;
    this.recount();
  }

  /** Frees the graph: the workspace is no longer tracked (or tracked with another graph). */
  release(): void {
    this.graph?.release();
    this.graph = null;
  }

  /**
   * Sends the oldest pending changes to the graph and takes off the backlog those it
   * applied (it applies a prefix, for a few milliseconds at most). `read` gives the current
   * point of a key written elsewhere (null once it is gone). Resolves to whether changes
   * remain. One batch (or save) at a time: while one is under way this resolves at once.
   */
  async applyNext(read: (key: number) => PointRecord | null): Promise<boolean> {
    const graph = this.graph;
    if (!graph || this.busyWith || this.pending.size === 0) {
      return this.pending.size > 0;
    }
    const batch: [number, PutOrRemove][] = [];
    for (const [key, change] of this.pending) {
      if (batch.length >= this.batchSize) {
        break;
      }
      batch.push([key, change.kind === 'unread' ? this.readBack(key, change, read) : change]);
    }
    return this.exclusive(async () => {
      const { applied } = await graph.apply(graphChanges(batch));
      for (const [key, change] of batch.slice(0, applied)) {
        this.settle(key, change);
      }
      this.batchSize = Math.min(MAX_BATCH, Math.max(MIN_BATCH, 2 * applied));
      return this.pending.size > 0;
    });
  }

  /** The hits of `query`, or null when the exact path must answer it (see the class). */
  async search(query: VectorQuery, limits: SearchLimits): Promise<VectorHit[] | null> {
    const graph = this.graph;
    if (!graph || this.declines(limits)) {
      return null;
    }
    const type = query.entityType;
    let fetch = query.topK + this.stale;
    if (type !== undefined) {
      const ofType = this.types.get(type) ?? 0;
      if (ofType === 0) {
        return [];
      }
      // Expect the type's share of the graph among the nearest points, with a margin.
      fetch = Math.ceil((2 * query.topK * this.points) / ofType) + this.stale;
    }
    const indexed = graph.size;
    const width = limits.width(indexed);
    for (;;) {
      const wanted = Math.min(fetch, indexed);
      if (type !== undefined && wanted > limits.maxFetch) {
        return null;
      }
      // The search examines `width` candidates anyway: all of them are hits to look at.
      const k = Math.min(Math.max(wanted, width), indexed);
      const matches = k > 0 ? await graph.search(query.vector, k) : null;
      if (this.graph !== graph || this.declines(limits)) {
        // Released, or changes arrived meanwhile that this graph cannot answer for.
        return null;
      }
      const found = matches ? this.graphHits(matches, query) : [];
      if (found.length >= query.topK || k >= indexed) {
        // The waiting points as of now: the graph holds every batch answered before.
        return best([...this.pendingHits(query), ...found], query);
      }
      // Widen by what the type's share among these k suggests, at least fourfold: a type
      // far from the query is rare near it, however common it is in the workspace.
      fetch = Math.max(k * 4, Math.ceil((2 * k * query.topK) / Math.max(1, found.length)));
    }
  }

  /**
   * Saves the graph to `path` and returns what a snapshot needs besides: the labels, and
   * the seq up to which the graph is complete (changes still pending are replayed after).
   * Waits for a batch under way first, and holds the next one back until saved.
   * @param completeThrough every log row up to here has been recorded here
   */
  async save(path: string, completeThrough: number): Promise<Omit<GraphContents, 'graph'>> {
    while (this.busyWith) {
      await this.busyWith;
    }
    const graph = this.graph;
    if (!graph) {
      throw new Error('No graph to save');
    }
    // Nothing is under way: the graph holds exactly the labelled keys.
    let watermark = Math.max(this.seq, completeThrough);
    for (const change of this.pending.values()) {
      watermark = Math.min(watermark, change.seq - 1);
    }
    const contents = {
      keys: [...this.labels.keys()],
      labels: [...this.labels.values()],
      watermark,
    };
    const before = this.changedSinceSnapshot;
    this.changedSinceSnapshot = this.pending.size;
    try {
      await this.exclusive(() => graph.save(path));
    } catch (error) {
      this.changedSinceSnapshot += before;
      throw error;
    }
    return contents;
  }

  private declines(limits: SearchLimits): boolean {
    return this.unread > 0 || this.puts > limits.maxPendingScan;
  }

  /** The waiting points of the query's type, scored exactly. */
  private pendingHits(query: VectorQuery): VectorHit[] {
    const hits: VectorHit[] = [];
    for (const change of this.pending.values()) {
      if (
        change.kind === 'put' &&
        (query.entityType === undefined || change.point.entityType === query.entityType)
      ) {
        hits.push({
          nodeId: change.point.nodeId,
          score: cosine(query.vector, change.point.vector),
        });
      }
    }
    return hits;
  }

  /**
   * The best `query.topK` graph hits among the matches, skipping keys superseded by a
   * pending change and, with a filter, keys of other types.
   */
  private graphHits({ keys, distances }: GraphMatches, query: VectorQuery): VectorHit[] {
    const hits: VectorHit[] = [];
    for (let i = 0; i < keys.length && hits.length < query.topK; i += 1) {
      const key = keys[i] ?? -1;
      const label = this.pending.has(key) ? undefined : this.labels.get(key);
      if (label && (query.entityType === undefined || label.entityType === query.entityType)) {
        hits.push({ nodeId: label.nodeId, score: 1 - (distances[i] ?? 1) });
      }
    }
    return hits;
  }

  /** Runs `work` as the one batch or save under way (its bookkeeping included). */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    let done = (): void => undefined;
    this.busyWith = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      return await work();
    } finally {
      this.busyWith = null;
      done();
    }
  }

  /** Replaces an unread change by what SQLite holds now: the point, or its removal. */
  private readBack(
    key: number,
    change: PendingChange,
    read: (key: number) => PointRecord | null,
  ): PutOrRemove {
    const point = read(key);
    const next: PutOrRemove = point
      ? { seq: change.seq, kind: 'put', point }
      : { seq: change.seq, kind: 'remove' };
    this.count(key, change, -1);
    this.count(key, next, 1);
    if (!point) {
      // Gone since: the removal's own row follows and finds nothing left to remove.
      this.points -= 1;
    }
    this.pending.set(key, next);
    return next;
  }

  /** The graph has applied `change` of `key`. */
  private settle(key: number, change: PutOrRemove): void {
    const current = this.pending.get(key) === change;
    const wasInGraph = this.labels.delete(key);
    if (wasInGraph) {
      this.removedSinceBuild += 1;
    }
    if (change.kind === 'put') {
      this.labels.set(key, { nodeId: change.point.nodeId, entityType: change.point.entityType });
    }
    if (current) {
      this.pending.delete(key);
      this.count(key, change, -1);
      this.stale -= wasInGraph ? 1 : 0;
      if (change.kind === 'put') {
        this.addType(change.point.entityType, 1);
      }
    } else {
      // A newer change of the key waits: the graph's copy is still a stale one (or none).
      this.stale += (this.labels.has(key) ? 1 : 0) - (wasInGraph ? 1 : 0);
    }
  }

  private exists(key: number, change: PendingChange | undefined): boolean {
    return change ? change.kind !== 'remove' : this.labels.has(key);
  }

  /** Adds (`sign` 1) or takes back (-1) what one key's state counts for. */
  private count(key: number, change: PendingChange | undefined, sign: 1 | -1): void {
    if (!change) {
      const label = this.labels.get(key);
      if (label) {
        this.addType(label.entityType, sign);
      }
    } else if (change.kind === 'put') {
      this.puts += sign;
      this.addType(change.point.entityType, sign);
    } else if (change.kind === 'unread') {
      this.unread += sign;
    }
  }

  private addType(type: string, delta: number): void {
    const next = (this.types.get(type) ?? 0) + delta;
    if (next === 0) {
      this.types.delete(type);
    } else {
      this.types.set(type, next);
    }
  }

  private recount(): void {
    this.types.clear();
    this.points = 0;
    this.unread = 0;
    this.puts = 0;
    this.stale = 0;
    for (const label of this.labels.values()) {
      this.addType(label.entityType, 1);
    }
    this.points = this.labels.size;
    for (const [key, change] of this.pending) {
      this.points -= this.labels.has(key) ? 1 : 0;
      this.count(key, undefined, -1);
      this.stale += this.labels.has(key) ? 1 : 0;
      this.count(key, change, 1);
      this.points += change.kind === 'remove' ? 0 : 1;
    }
  }
}

/** Best first (ties by node id, as the exact path orders them), at least minScore, topK. */
function best(hits: VectorHit[], query: VectorQuery): VectorHit[] {
  const scored = hits
    .map((hit) => ({ nodeId: hit.nodeId, score: Math.min(1, Math.max(-1, hit.score)) }))
    .filter((hit) => query.minScore === undefined || hit.score >= query.minScore);
  scored.sort(
    (a, b) => b.score - a.score || (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0),
  );
  return scored.slice(0, query.topK);
}

/** The changes of a batch as the graph takes them. */
function graphChanges(batch: readonly [number, PutOrRemove][]): GraphChanges {
  let dimensions = 0;
  let putCount = 0;
  for (const [, change] of batch) {
    if (change.kind === 'put') {
      dimensions = change.point.vector.length;
      putCount += 1;
    }
  }
  const changes: GraphChanges = {
    keys: new Float64Array(batch.length),
    puts: new Uint8Array(batch.length),
    vectors: new Float32Array(putCount * dimensions),
  };
  let put = 0;
  batch.forEach(([key, change], i) => {
    changes.keys[i] = key;
    if (change.kind === 'put') {
      changes.puts[i] = 1;
      changes.vectors.set(change.point.vector, put * dimensions);
      put += 1;
    }
  });
  return changes;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
