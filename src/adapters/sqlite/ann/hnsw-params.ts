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
 * Builds (in a worker) are wide, so searches need about half the candidates for the same
 * recall; changes applied later on the event loop use a narrower `expansionInsert` to stay
 * cheap there. Measured: bench/history/search.md ("HNSW parameters").
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
