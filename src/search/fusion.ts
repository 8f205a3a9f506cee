/**
 * How hybrid search combines vector similarity with graph proximity (docs/search.md
 * "Ranking"). Pure functions, unit-tested on their own.
 */

/** Reciprocal rank fusion; `k` damps the weight of the top ranks (Cormack et al., k = 60). */
export interface RrfFusion {
  method: 'rrf';
  k: number;
}

/** `alpha * similarity + (1 - alpha) * graphScore`. */
export interface WeightedFusion {
  method: 'weighted';
  alpha: number;
}

export type Fusion = RrfFusion | WeightedFusion;

export const DEFAULT_RRF_K = 60;
export const DEFAULT_ALPHA = 0.5;

/** One reached node before fusion. */
export interface FusionCandidate {
  id: string;
  hops: number;
  /** Cosine similarity to the query when known (the node is among the nearest), else null. */
  vectorScore: number | null;
}

export interface FusedScore {
  score: number;
  graphScore: number;
}

/** Graph proximity: 1 for a seed, 1/2 one hop away, 1/3 two hops, 1/4 three. */
export function graphScore(hops: number): number {
  return 1 / (1 + hops);
}

/**
 * The fused score of every candidate:
 * - `weighted`: `alpha * max(0, vectorScore) + (1 - alpha) * graphScore`; an unknown
 *   similarity counts as 0 (the node is farther from the query than every known one).
 * - `rrf`: `1 / (k + vectorRank) + 1 / (k + graphRank)`. The vector list ranks the nodes
 *   with a known similarity, best first (1, 2, 3, ...; ties by id); a node without one
 *   is absent from it and gets no term. The proximity list ranks by hops with
 *   competition ranking (every seed is 1; a node at h hops ranks 1 + the number of
 *   candidates closer than h), since nodes at the same distance are equally close.
 */
export function fuse(
  candidates: readonly FusionCandidate[],
  fusion: Fusion,
): Map<string, FusedScore> {
  const scores = new Map<string, FusedScore>();
  if (fusion.method === 'weighted') {
    for (const c of candidates) {
      const g = graphScore(c.hops);
      const v = Math.max(0, c.vectorScore ?? 0);
      scores.set(c.id, { score: fusion.alpha * v + (1 - fusion.alpha) * g, graphScore: g });
    }
    return scores;
  }
  const vectorRank = new Map<string, number>();
  candidates
    .filter((c) => c.vectorScore !== null)
    .sort((a, b) => (b.vectorScore ?? 0) - (a.vectorScore ?? 0) || (a.id < b.id ? -1 : 1))
    .forEach((c, i) => vectorRank.set(c.id, i + 1));
  const closer = new Map<number, number>();
  for (const c of candidates) {
    closer.set(c.hops, 0);
  }
  for (const hops of closer.keys()) {
    closer.set(hops, candidates.filter((c) => c.hops < hops).length);
  }
  for (const c of candidates) {
    const vRank = vectorRank.get(c.id);
    const gRank = 1 + (closer.get(c.hops) ?? 0);
    const score = (vRank === undefined ? 0 : 1 / (fusion.k + vRank)) + 1 / (fusion.k + gRank);
    scores.set(c.id, { score, graphScore: graphScore(c.hops) });
  }
  return scores;
}
