import type { Index } from 'usearch';
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
  graph: Index;
  keys: readonly number[];
  labels: readonly PointLabel[];
  watermark: number;
}

/** A committed change of one point that the graph does not reflect yet. */
type PendingChange =
  | { seq: number; kind: 'put'; point: PointRecord }
  /** Written by another connection: read back from SQLite when applied. */
  | { seq: number; kind: 'unread' }
  | { seq: number; kind: 'remove' };

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
 * Changes are recorded at once (`record`) and applied later in small slices (`applySome`).
 * Meanwhile `search` scans the waiting points exactly and skips the graph's stale copies of
 * them, so a search sees every point recorded before it. It declines (null: the caller
 * takes the exact path) while a waiting point has not been read back, or when a
 * scan of the waiting points or the filter's over-fetch would cost more than an exact scan.
 */
export class HnswWorkspace {
  private graph: Index | null = null;
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

  /** True once a graph is installed. */
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

  /**
   * Applies pending changes in order until `deadline` (performance.now() ms); `read` gives
   * the current point of a key written elsewhere (null once it is gone). Returns whether
   * changes remain.
   */
  applySome(deadline: number, read: (key: number) => PointRecord | null): boolean {
    const graph = this.graph;
    if (!graph) {
      return this.pending.size > 0;
    }
    for (const [key, change] of this.pending) {
      if (performance.now() >= deadline) {
        return true;
      }
      let point: PointRecord | null = null;
      if (change.kind === 'put') {
        point = change.point;
      } else if (change.kind === 'unread') {
        point = read(key);
      }
      this.pending.delete(key);
      this.count(key, change, -1);
      if (this.labels.delete(key)) {
        graph.remove(BigInt(key));
        this.stale -= 1;
        this.removedSinceBuild += 1;
      }
      if (point) {
        graph.add(BigInt(key), point.vector, 1);
        this.labels.set(key, { nodeId: point.nodeId, entityType: point.entityType });
        this.addType(point.entityType, 1);
      } else if (change.kind === 'unread') {
        // Gone since: the removal's own row follows and finds nothing left to remove.
        this.points -= 1;
      }
    }
    return false;
  }

  /** The hits of `query`, or null when the exact path must answer it (see the class). */
  search(query: VectorQuery, limits: SearchLimits): VectorHit[] | null {
    const graph = this.graph;
    if (!graph || this.unread > 0 || this.puts > limits.maxPendingScan) {
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
    const hits: VectorHit[] = [];
    for (const change of this.pending.values()) {
      if (change.kind === 'put' && (type === undefined || change.point.entityType === type)) {
        hits.push({
          nodeId: change.point.nodeId,
          score: cosine(query.vector, change.point.vector),
        });
      }
    }
    const indexed = graph.size();
    const width = limits.width(indexed);
    for (;;) {
      const wanted = Math.min(fetch, indexed);
      if (type !== undefined && wanted > limits.maxFetch) {
        return null;
      }
      // The search examines `width` candidates anyway: all of them are hits to look at.
      const k = Math.min(Math.max(wanted, width), indexed);
      const found = k > 0 ? this.searchGraph(graph, query, k) : [];
      if (found.length >= query.topK || k >= indexed) {
        hits.push(...found);
        break;
      }
      // Widen by what the type's share among these k suggests, at least fourfold: a type
      // far from the query is rare near it, however common it is in the workspace.
      fetch = Math.max(k * 4, Math.ceil((2 * k * query.topK) / Math.max(1, found.length)));
    }
    return best(hits, query);
  }

  /**
   * Saves the graph to `path` and returns what a snapshot needs besides: the labels, and
   * the seq up to which the graph is complete (changes still pending are replayed after).
   * @param completeThrough every log row up to here has been recorded here
   */
  save(path: string, completeThrough: number): Omit<GraphContents, 'graph'> {
    if (!this.graph) {
      throw new Error('No graph to save');
    }
    this.graph.save(path);
    let watermark = Math.max(this.seq, completeThrough);
    for (const change of this.pending.values()) {
      watermark = Math.min(watermark, change.seq - 1);
    }
    this.changedSinceSnapshot = this.pending.size;
    return { keys: [...this.labels.keys()], labels: [...this.labels.values()], watermark };
  }

  /**
   * The best `query.topK` graph hits among the `k` nearest keys, skipping keys superseded by
   * a pending change and, with a filter, keys of other types.
   */
  private searchGraph(graph: Index, query: VectorQuery, k: number): VectorHit[] {
    const { keys, distances } = graph.search(query.vector, k, 1);
    const hits: VectorHit[] = [];
    for (let i = 0; i < keys.length && hits.length < query.topK; i += 1) {
      const key = Number(keys[i]);
      const label = this.pending.has(key) ? undefined : this.labels.get(key);
      if (label && (query.entityType === undefined || label.entityType === query.entityType)) {
        hits.push({ nodeId: label.nodeId, score: 1 - (distances[i] ?? 1) });
      }
    }
    return hits;
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
