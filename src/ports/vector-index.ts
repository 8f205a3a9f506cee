/** One node's vector with what filters need, stored under (workspaceId, nodeId). */
export interface VectorPoint {
  workspaceId: string;
  nodeId: string;
  entityType: string;
  vector: Float32Array;
}

export interface VectorQuery {
  workspaceId: string;
  vector: Float32Array;
  /** 1..100. */
  topK: number;
  /** Only nodes of this entity type. */
  entityType?: string;
  /** Only hits with at least this cosine similarity. */
  minScore?: number;
}

/** A hit: cosine similarity in [-1, 1], best first. */
export interface VectorHit {
  nodeId: string;
  score: number;
}

/** Where an in-process approximate index of one workspace stands (see VectorIndex). */
export interface ApproximateStatus {
  /**
   * `exact`: no graph (a small workspace, or not searched yet): searches are exact.
   * `loading` / `building`: a graph is on its way; searches are exact meanwhile.
   * `ready`: the graph answers. `failed`: the last build failed; exact until a retry works.
   */
  mode: 'exact' | 'loading' | 'building' | 'ready' | 'failed';
  /** Points in the graph; null without one. */
  points: number | null;
  /** Committed changes not yet applied to the graph. */
  backlog: number;
}

/**
 * Nearest-neighbour index of node vectors, partitioned by workspace: every read and write
 * names its workspace and never sees another's points. Adapters: sqlite-vec (embedded
 * default, workspace as partition key), Neo4j (one vector index beside the graph, searches
 * kept to the workspace) and Qdrant (one collection, workspace payload index with
 * `is_tenant`). Failures of the engine reject with `StoreUnavailableError`.
 */
export interface VectorIndex {
  /** `sqlite-vec`, `neo4j` or `qdrant`, shown in the index status. */
  readonly backend: string;
  /**
   * Creates the index for vectors of `dimensions` if missing. When an index exists with
   * other dimensions (the embedder changed), it is emptied and recreated, and the result
   * says so (`recreated`): every workspace must then be re-indexed. `created` says that no
   * index existed before this call (a new deployment, one that just moved its vectors to
   * this store, or an index lost): it holds none of the nodes the graph may already have,
   * so every workspace must be indexed too. Adapters that cannot tell leave it out.
   */
  ensure(dimensions: number): Promise<{ recreated: boolean; created?: boolean }>;
  /** Inserts or replaces points (same workspace and node id: replaced). */
  upsert(points: readonly VectorPoint[]): Promise<void>;
  /** Removes the points of these nodes; unknown ids are ignored. */
  remove(workspaceId: string, nodeIds: readonly string[]): Promise<void>;
  /** Removes every point of the workspace. */
  clearWorkspace(workspaceId: string): Promise<void>;
  /** Exact or approximate top-k by cosine similarity within one workspace. */
  search(query: VectorQuery): Promise<VectorHit[]>;
  /** Points stored for the workspace. */
  count(workspaceId: string): Promise<number>;
  /**
   * The workspace's approximate graph kept in this process, for adapters that keep one
   * (the embedded default); absent for engines that do their own (Qdrant).
   */
  approximateStatus?(workspaceId: string): ApproximateStatus;
  close(): Promise<void>;
}
