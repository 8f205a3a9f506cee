import type { Logger } from 'pino';
import type { GraphEdge, GraphNode } from '../domain/graph';
import type { ReachedNode } from '../domain/graph-paths';
import { AppError, ServiceUnavailableError } from '../errors';
import type { Embedder } from '../ports/embedder';
import type { GraphStore } from '../ports/graph-store';
import type { VectorHit, VectorIndex } from '../ports/vector-index';
import { fuse, type Fusion } from './fusion';

/** The largest `topK`, and how many nearest nodes hybrid search knows the similarity of. */
export const MAX_TOP_K = 100;
/** The most nodes a hybrid-search traversal visits (seeds included); `meta.maxNodes`. */
export const HYBRID_MAX_NODES = 500;

export interface SearchRequest {
  query: string;
  /** 1..100. */
  topK: number;
  entityType?: string;
  minScore?: number;
}

export interface SearchHit {
  node: GraphNode;
  /** Cosine similarity to the query. */
  score: number;
}

/** `topK` is the number of vector hits that seed the traversal. */
export interface HybridSearchRequest extends SearchRequest {
  /** 0..3 hops from the seeds. */
  depth: number;
  /** Only follow these relationship types (all when empty). */
  relationshipTypes: readonly string[];
  fusion: Fusion;
}

export interface HybridHit {
  node: GraphNode;
  score: number;
  /** Cosine similarity when the node is among the 100 nearest to the query, else null. */
  vectorScore: number | null;
  graphScore: number;
  hops: number;
  /** The seed (a vector hit) whose path reached the node. */
  seedId: string;
  path: { nodeIds: string[]; edgeIds: string[] };
}

export interface HybridSearchResult {
  /** Every node reached (of the requested entity type), best first. */
  results: HybridHit[];
  /** The touched subgraph: every node reached and every edge among them. */
  subgraph: { nodes: GraphNode[]; edges: GraphEdge[] };
  /** Vector hits that seeded the traversal. */
  seedCount: number;
  /** Nodes the traversal reached (at most HYBRID_MAX_NODES). */
  reachedCount: number;
  truncated: boolean;
}

/**
 * Semantic and hybrid search over one workspace (docs/search.md "API" and "Ranking").
 * Every hit is read back from the graph store, so a node deleted since it was indexed is
 * never returned, whatever the vector index still holds.
 */
export class SearchService {
  constructor(
    private readonly deps: {
      embedder: Embedder;
      vectors: VectorIndex;
      graph: GraphStore;
      logger: Logger;
      /** Loads the embedder and ensures the index (shared with the indexer; once). */
      prepare: () => Promise<void>;
    },
  ) {}

  async search(workspaceId: string, request: SearchRequest): Promise<SearchHit[]> {
    const vector = await this.vectorOf(request.query);
    // A node deleted since it was indexed is skipped, and the next nearest takes its place:
    // the index is asked for more until `topK` hits remain or it has no more to give.
    let asked = request.topK;
    for (;;) {
      const hits = await this.nearestTo(workspaceId, vector, {
        topK: asked,
        entityType: request.entityType,
        minScore: request.minScore,
      });
      const nodes = await this.load(workspaceId, hits);
      const found = hits
        .map((hit) => ({ node: nodes.get(hit.nodeId), score: hit.score }))
        .filter((hit): hit is SearchHit => hit.node !== undefined)
        .filter((hit) => !request.entityType || hit.node.entityType === request.entityType);
      if (found.length >= request.topK || hits.length < asked || asked >= MAX_TOP_K) {
        return found.slice(0, request.topK);
      }
      asked = Math.min(MAX_TOP_K, asked + 2 * (hits.length - found.length));
    }
  }

  /**
   * The `topK` nearest nodes (any entity type, at least `minScore`) seed a breadth-first
   * expansion of `depth` hops (at most HYBRID_MAX_NODES nodes); every node reached is
   * scored by `fusion` from its similarity (known for the 100 nearest nodes) and its
   * distance to the seeds, and returned best first with its path (only those of the
   * requested entity type), together with the touched subgraph.
   */
  async hybridSearch(
    workspaceId: string,
    request: HybridSearchRequest,
  ): Promise<HybridSearchResult> {
    const vector = await this.vectorOf(request.query);
    const pool = await this.nearestTo(workspaceId, vector, { topK: MAX_TOP_K });
    const similarity = new Map(pool.map((hit) => [hit.nodeId, hit.score]));
    // Seeds among the nodes that still exist: one deleted since it was indexed gives its
    // place to the next nearest (usually one read of `topK` ids).
    const candidates = pool.filter(
      (hit) => request.minScore === undefined || hit.score >= request.minScore,
    );
    const seeds: VectorHit[] = [];
    for (let from = 0; seeds.length < request.topK && from < candidates.length;) {
      const next = candidates.slice(from, from + request.topK - seeds.length);
      from += next.length;
      const live = await this.load(workspaceId, next);
      seeds.push(...next.filter((hit) => live.has(hit.nodeId)));
    }
    const expansion = await this.deps.graph.expand(
      workspaceId,
      seeds.map((hit) => hit.nodeId),
      { depth: request.depth, types: request.relationshipTypes, maxNodes: HYBRID_MAX_NODES },
    );
    const scores = fuse(
      expansion.reached.map((r) => ({
        id: r.node.id,
        hops: r.hops,
        vectorScore: similarity.get(r.node.id) ?? null,
      })),
      request.fusion,
    );
    const hits = expansion.reached
      .filter((r) => !request.entityType || r.node.entityType === request.entityType)
      .map((r) => toHybridHit(r, scores.get(r.node.id), similarity.get(r.node.id) ?? null))
      .sort(compareHits);
    return {
      results: hits,
      subgraph: { nodes: expansion.reached.map((r) => r.node), edges: expansion.edges },
      seedCount: expansion.reached.filter((r) => r.hops === 0).length,
      reachedCount: expansion.reached.length,
      truncated: expansion.truncated,
    };
  }

  /** The query's vector; embedder and index failures become 503s. */
  private async vectorOf(query: string): Promise<Float32Array> {
    const backend = this.deps.vectors.backend;
    let vector: Float32Array | undefined;
    try {
      await this.deps.embedder.dimensions();
    } catch (error) {
      throw this.unavailable(error, 'embedder', 'The embedder is unavailable; try again shortly.');
    }
    try {
      await this.deps.prepare();
    } catch (error) {
      throw this.unavailable(error, backend, 'The vector index is unavailable; try again shortly.');
    }
    try {
      [vector] = await this.deps.embedder.embed([query]);
    } catch (error) {
      throw this.unavailable(error, 'embedder', 'The embedder is unavailable; try again shortly.');
    }
    if (!vector) {
      throw new Error('The embedder returned no vector for the query.');
    }
    return vector;
  }

  /** The index's nearest hits to `vector`; engine failures become 503s. */
  private async nearestTo(
    workspaceId: string,
    vector: Float32Array,
    options: { topK: number; entityType?: string | undefined; minScore?: number | undefined },
  ): Promise<VectorHit[]> {
    const backend = this.deps.vectors.backend;
    try {
      return await this.deps.vectors.search({
        workspaceId,
        vector,
        topK: options.topK,
        ...(options.entityType ? { entityType: options.entityType } : {}),
        ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
      });
    } catch (error) {
      throw this.unavailable(error, backend, 'The vector index is unavailable; try again shortly.');
    }
  }

  /** The current records of the hits that still exist (one store read). */
  private async load(
    workspaceId: string,
    hits: readonly VectorHit[],
  ): Promise<Map<string, GraphNode>> {
    const nodes = await this.deps.graph.getNodes(
      workspaceId,
      hits.map((hit) => hit.nodeId),
    );
    return new Map(nodes.map((node) => [node.id, node]));
  }

  /**
   * A 503 naming the engine that failed in `details.checks`, as `/ready` does. Errors that
   * are the caller's (4xx AppErrors) pass through unchanged.
   */
  private unavailable(error: unknown, check: string, message: string): AppError {
    if (error instanceof AppError && error.status < 500) {
      return error;
    }
    this.deps.logger.warn({ err: error }, message);
    return new ServiceUnavailableError(message, { checks: { [check]: 'down' } });
  }
}

function toHybridHit(
  reached: ReachedNode,
  fused: { score: number; graphScore: number } | undefined,
  vectorScore: number | null,
): HybridHit {
  return {
    node: reached.node,
    score: fused?.score ?? 0,
    vectorScore,
    graphScore: fused?.graphScore ?? 0,
    hops: reached.hops,
    seedId: reached.seedId,
    path: { nodeIds: reached.pathNodeIds, edgeIds: reached.pathEdgeIds },
  };
}

/** Best score first; then closer, then more similar, then by id (stable answers). */
function compareHits(a: HybridHit, b: HybridHit): number {
  return (
    b.score - a.score ||
    a.hops - b.hops ||
    (b.vectorScore ?? -2) - (a.vectorScore ?? -2) ||
    (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0)
  );
}
