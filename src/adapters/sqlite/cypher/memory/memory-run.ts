import type { CyType } from '../../../../cypher/types';
import type { MemoryGraph } from './memory-graph';
import type { MemoryValue } from './memory-values';

/*
 * What the parts of an in-memory query (memory-query.ts) share: the run they are given,
 * rows and the values computed from them, and the bounds every loop keeps.
 */

/** A query outside the in-memory subset (compileMemoryQuery answers null). */
export class Unsupported extends Error {}

/**
 * Most rows (or collected values) one projection holds at once. A query that needs more is
 * given up with MemoryRowsExceeded, for SQL to answer (within its time limit), rather than
 * growing the thread's memory without bound.
 */
export const MAX_HELD_ROWS = 1_000_000;

/** Thrown when a projection would hold more than MAX_HELD_ROWS. */
export class MemoryRowsExceeded extends Error {
  constructor() {
    super(`The in-memory answer would hold more than ${MAX_HELD_ROWS} rows`);
  }
}

/** Checks the rows a projection holds against the run's bound (MAX_HELD_ROWS). */
export function held(rows: number, run: MemoryRun): void {
  if (rows > (run.maxHeldRows ?? MAX_HELD_ROWS)) {
    throw new MemoryRowsExceeded();
  }
}

export type Row = MemoryValue[];

/** What a query needs while it runs. */
export interface MemoryRun {
  graph: MemoryGraph;
  /** Throws once the query must stop (its deadline passed, or it was cancelled). */
  check: () => void;
  /** Most rows a projection may hold (MAX_HELD_ROWS when unset). */
  maxHeldRows?: number;
}

export type Eval = (row: Row, run: MemoryRun) => MemoryValue;

/** A sort rank of a value from the row it is computed from: an index that orders as the value. */
export type Rank = { of: (row: Row, run: MemoryRun) => number; bound: (run: MemoryRun) => number };

export interface Slot {
  index: number;
  type: CyType;
}

export type Scope = ReadonlyMap<string, Slot>;

/** How often the loops check whether the query must stop. */
export const CHECK_EVERY = 4096;
