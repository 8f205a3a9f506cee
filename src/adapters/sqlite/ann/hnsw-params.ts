import { Index, MetricKind, ScalarKind } from 'usearch';

/** How the HNSW graph of a workspace is built and searched (usearch's terms). */
export interface HnswParams {
  /** Links per node (M). */
  connectivity: number;
  /** Candidates examined when inserting a point (efConstruction). */
  expansionAdd: number;
  /**
   * Candidates examined per search (ef) in a graph of up to SEARCH_WIDTH_REFERENCE points;
   * larger graphs search wider (`searchWidth`).
   */
  expansionSearch: number;
}

/** Graph size up to which `expansionSearch` is the search width. */
const SEARCH_WIDTH_REFERENCE = 20_000;
/** Widest search: beyond this, an exact scan costs little more. */
const MAX_SEARCH_WIDTH = 16_384;

/**
 * Candidates a search examines in a graph of `size` points: `expansionSearch` up to 20,000
 * points, then growing with the square root of the size (4,580 at 100,000). With the width
 * fixed at 2,048, recall@10 on the embeddings described below fell from 0.999 at 20,000
 * points to 0.91 at 100,000; 4,096 brought it back to 0.995 there.
 */
export function searchWidth(size: number, params: HnswParams): number {
  const scaled = params.expansionSearch * Math.sqrt(size / SEARCH_WIDTH_REFERENCE);
  return Math.min(MAX_SEARCH_WIDTH, Math.max(params.expansionSearch, Math.ceil(scaled)));
}

/**
 * Measured on Universal Sentence Encoder lite embeddings of generated node texts (20,000
 * points with many near-duplicates, queries at similarity ~0.5 from everything): recall@10
 * against an exact scan was 0.79 with ef 128, 0.93 with 512, 0.98-0.99 with 1,024 and 0.999
 * with 2,048 (1.3-2 ms per query on one core; the exact scan takes about 15 ms). Random
 * clustered vectors reach 0.999 with ef 64, so they are no guide: real embeddings need the
 * wide search. A wider graph (connectivity 24 or 32) did not do better at the same ef.
 * expansionAdd 128 costs about 0.13 ms per inserted point on such embeddings (0.3 ms on
 * random vectors).
 */
export const DEFAULT_HNSW_PARAMS: HnswParams = {
  connectivity: 16,
  expansionAdd: 128,
  expansionSearch: 2048,
};

/**
 * A new, empty usearch index for cosine distance over vectors of `dimensions`, stored as
 * f16 (half the memory of f32 at the same recall here; i8 loses recall).
 */
export function createHnsw(dimensions: number, params: HnswParams): Index {
  return new Index({
    dimensions,
    metric: MetricKind.Cos,
    quantization: ScalarKind.F16,
    connectivity: params.connectivity,
    expansion_add: params.expansionAdd,
    expansion_search: params.expansionSearch,
    multi: false,
  });
}

/**
 * Whether a graph built with `a` is the graph `b` would build: the search width is not part
 * of a saved graph (a loaded index searches with the width it was created with).
 */
export function sameGraphParams(
  a: Pick<HnswParams, 'connectivity' | 'expansionAdd'>,
  b: Pick<HnswParams, 'connectivity' | 'expansionAdd'>,
): boolean {
  return a.connectivity === b.connectivity && a.expansionAdd === b.expansionAdd;
}
