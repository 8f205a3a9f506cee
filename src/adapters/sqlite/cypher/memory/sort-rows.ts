import type { Eval, MemoryRun, Rank } from './memory-run';
import { compareSqlText, type MemoryValue } from './memory-values';

/*
 * ORDER BY of an in-memory query (memory-query.ts): every key becomes an integer rank per
 * row, and the rows are ordered by counting sorts, never by comparing rows.
 */

/** Sort key kinds the in-memory path orders (the others are answered by SQL). */
export const SORTABLE = new Set([
  'integer',
  'float',
  'number',
  'string',
  'boolean',
  'null',
  'node',
  'relationship',
]);

/** One ORDER BY key of a projection. */
export interface SortSpec {
  /** The projection item sorted on, or -1 for an expression of the rows before projection. */
  item: number;
  descending: boolean;
  /** The key read from a row before projection (projections without aggregates). */
  key: Eval | null;
  rank: Rank | null;
}

export interface Ranks {
  /** Each row's rank, in [0, buckets). */
  ranks: Int32Array;
  buckets: number;
}

/**
 * Positions of `count` rows in ORDER BY order (null after every value ascending, before
 * every value descending, as the SQL path sorts), stable: each key becomes a rank (read from
 * the graph, or from the sorted distinct values), then one counting sort per key, the last
 * key first.
 */
export function sortedPositions(
  count: number,
  sorts: readonly SortSpec[],
  run: MemoryRun,
  ranksOf: (sort: SortSpec) => Ranks,
): Int32Array {
  let order: Int32Array = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    order[i] = i;
  }
  for (let k = sorts.length - 1; k >= 0; k -= 1) {
    const { ranks, buckets } = ranksOf(sorts[k]!);
    order = countingSort(order, ranks, buckets);
    run.check();
  }
  return order;
}

/** Ranks read from the graph (never null: nodes, relationships and their fields), in [0, bound). */
export function boundedRanks(values: readonly number[], bound: number, descending: boolean): Ranks {
  const ranks = new Int32Array(values.length);
  for (let r = 0; r < values.length; r += 1) {
    ranks[r] = descending ? bound - 1 - values[r]! : values[r]!;
  }
  return { ranks, buckets: bound };
}

/** Ranks of values among their distinct values; null last ascending, first descending. */
export function valueRanks(values: readonly MemoryValue[], descending: boolean): Ranks {
  const distinct = new Map<MemoryValue, number>();
  for (const v of values) {
    if (v !== null) {
      distinct.set(v, 0);
    }
  }
  const sorted = [...distinct.keys()].sort(compareScalars);
  sorted.forEach((v, i) => distinct.set(v, i));
  const d = sorted.length;
  const ranks = new Int32Array(values.length);
  for (let r = 0; r < values.length; r += 1) {
    const v = values[r]!;
    if (v === null) {
      ranks[r] = descending ? 0 : d;
    } else {
      const rank = distinct.get(v)!;
      ranks[r] = descending ? d - rank : rank;
    }
  }
  return { ranks, buckets: d + 1 };
}

/** Orders two non-null values of one sortable kind (numbers, strings, booleans). */
function compareScalars(a: MemoryValue, b: MemoryValue): number {
  if (typeof a === 'string' && typeof b === 'string') {
    return compareSqlText(a, b);
  }
  return Number(a) - Number(b);
}

/** A stable counting sort of `order` by `ranks[row]` in [0, buckets). */
function countingSort(order: Int32Array, ranks: Int32Array, buckets: number): Int32Array {
  const starts = new Int32Array(buckets + 1);
  for (const row of order) {
    starts[ranks[row]! + 1]! += 1;
  }
  for (let b = 0; b < buckets; b += 1) {
    starts[b + 1]! += starts[b]!;
  }
  const sorted = new Int32Array(order.length);
  for (const row of order) {
    sorted[starts[ranks[row]!]!++] = row;
  }
  return sorted;
}
