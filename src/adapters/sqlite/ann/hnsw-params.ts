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
 * points, then growing with the square root of the size (573 at 100,000 with the default
 * 256): a bigger graph needs a wider search for the same recall (see DEFAULT_HNSW_PARAMS).
 */
export function searchWidth(size: number, params: HnswParams): number {
  const scaled = params.expansionSearch * Math.sqrt(size / SEARCH_WIDTH_REFERENCE);
  return Math.min(MAX_SEARCH_WIDTH, Math.max(params.expansionSearch, Math.ceil(scaled)));
}

/**
 * Measured on the bundled model's embeddings of the search benchmark's node texts (varied
 * texts, 300 paraphrasing queries), recall@10 against an exact scan, one core:
 * - 20,000 points: 0.960 with ef 64 (0.3 ms a query), 0.985 with 128, 0.996 with 256
 *   (0.55 ms), 0.998 with 512 (1 ms);
 * - 100,000 points: 0.966 with ef 128, 0.991 with 256 (1.1 ms), 0.997 with 512 (2 ms),
 *   0.999 with 1,024 (3.6 ms).
 * Texts that differ only by a number or two ("main pump 17", "main pump 18") give neighbours
 * whose scores differ in the third decimal; an approximate top 10 may swap such near-equals,
 * which lowers a recall count without changing what a reader sees. A wider graph
 * (connectivity 24 or 32) did not do better at the same ef. Building with expansionAdd 64
 * instead of 128 halves the cost of an insert (0.12 ms against 0.22 ms a point, on the
 * event loop when the indexer adds) for a recall@10 of 0.992 instead of 0.996 at 20,000
 * points (ef 256); 32 drops it to 0.985.
 */
export const DEFAULT_HNSW_PARAMS: HnswParams = {
  connectivity: 16,
  expansionAdd: 64,
  expansionSearch: 256,
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
