import { Index, MetricKind, ScalarKind } from 'usearch';

/** How the HNSW graph of a workspace is built and searched (usearch's terms). */
export interface HnswParams {
  /** Links per node (M). */
  connectivity: number;
  /** Candidates examined when inserting a point in a build (efConstruction). */
  expansionAdd: number;
  /**
   * Candidates examined when a point is added to a graph already built, one change at a
   * time on the event loop (`createHnsw`): less than `expansionAdd`, so that such a change
   * costs less there, at the price of slightly weaker links for that point only.
   */
  expansionInsert: number;
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
 * points, then growing with the square root of the size (358 at 100,000 with the default
 * 160): a bigger graph needs a wider search for the same recall (see DEFAULT_HNSW_PARAMS).
 */
export function searchWidth(size: number, params: HnswParams): number {
  const scaled = params.expansionSearch * Math.sqrt(size / SEARCH_WIDTH_REFERENCE);
  return Math.min(MAX_SEARCH_WIDTH, Math.max(params.expansionSearch, Math.ceil(scaled)));
}

/**
 * Measured on the bundled model's embeddings of the search benchmark's node texts (varied
 * texts, 300 paraphrasing queries), recall@10 against an exact scan, one core of an AMD EPYC
 * with AVX-512 (2026-11-29):
 * - 20,000 points: built with expansionAdd 128, 0.992 with ef 128 (0.29 ms a query), 0.996
 *   with 192 (0.42 ms); built with 64, 0.982 with 128 and 0.992 with 256 (0.55 ms);
 * - 100,000 points: built with 128, 0.983 with ef 256 (1.25 ms), 0.990 with 320 (1.36 ms),
 *   0.992 with 384 (1.59 ms); built with 64, 0.988 with 384 (1.86 ms) and 0.994 with 573
 *   (2.51 ms).
 * A graph built with expansionAdd 128 reaches a recall with fewer candidates, so searches
 * are about twice as cheap for the same recall; an insert costs about 1.5 times as much
 * (100,000 points built in 20.8 s instead of 13.6 s on two threads). Graphs are built in
 * one go in a worker, off the event loop, with 128; the changes that follow are applied on
 * the event loop with expansionInsert 64: updating a point of a 20,000-point graph built
 * with 128 costs 0.26 ms there, against 0.45 ms with 128. A wider graph (connectivity 24
 * or 32) did not do better at the same ef; i8 vectors lose recall (0.88 at 100,000 points
 * whatever the ef). Texts that differ only by a number or two ("main pump 17", "main pump
 * 18") give neighbours whose scores differ in the third decimal; an approximate top 10 may
 * swap such near-equals, which lowers a recall count without changing what a reader sees.
 */
export const DEFAULT_HNSW_PARAMS: HnswParams = {
  connectivity: 16,
  expansionAdd: 128,
  expansionInsert: 64,
  expansionSearch: 160,
};

/**
 * A new, empty usearch index for cosine distance over vectors of `dimensions`, stored as
 * f16 (half the memory of f32 at the same recall here; i8 loses recall), into which a
 * graph built in the worker is loaded and to which changes are then added one at a time:
 * it adds with `expansionInsert` (a loaded graph keeps the links its build gave it).
 */
export function createHnsw(dimensions: number, params: HnswParams): Index {
  return new Index({
    dimensions,
    metric: MetricKind.Cos,
    quantization: ScalarKind.F16,
    connectivity: params.connectivity,
    expansion_add: params.expansionInsert,
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
