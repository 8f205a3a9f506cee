import type { Index } from 'usearch';

/** The nearest keys a graph search found, best first, with their cosine distances. */
export interface GraphMatches {
  keys: Float64Array;
  distances: Float32Array;
}

/**
 * Changes for a graph, applied in order: each key's old copy (if any) is removed, then the
 * key is added again when it has a vector (the next `dimensions` floats of `vectors`).
 */
export interface GraphChanges {
  keys: Float64Array;
  /** 1 where the key gets a vector, 0 where it is only removed. */
  puts: Uint8Array;
  vectors: Float32Array;
}

/** How many of the changes were applied (a prefix of them), and the graph's size after. */
export interface GraphApplied {
  applied: number;
  size: number;
}

/**
 * An HNSW graph as the index uses it. `GraphThread` keeps the graphs of a server in a
 * thread of their own, so that neither searching them nor inserting into them holds the
 * event loop; `LocalGraph` wraps one in this thread (tests, and tools that want no thread).
 */
export interface GraphAccess {
  /** Points in the graph as of its last answer. */
  readonly size: number;
  search(vector: Float32Array, k: number): Promise<GraphMatches>;
  /**
   * Applies a prefix of `changes`, at least one, for about `APPLY_SLICE_MS` at most, so that
   * searches behind it wait little; the caller sends the rest again.
   */
  apply(changes: GraphChanges): Promise<GraphApplied>;
  save(path: string): Promise<void>;
  /** Frees the graph; later calls reject. */
  release(): void;
}

/** Longest one `apply` works before it answers with what it applied. */
export const APPLY_SLICE_MS = 4;

/** Applies a prefix of `changes` to `index` within `sliceMs` (at least one change). */
export function applyChanges(index: Index, changes: GraphChanges, sliceMs: number): number {
  const dimensions = index.dimensions();
  const deadline = performance.now() + sliceMs;
  let vector = 0;
  let applied = 0;
  while (applied < changes.keys.length) {
    if (applied > 0 && performance.now() >= deadline) {
      break;
    }
    const key = BigInt(changes.keys[applied] ?? 0);
    if (index.contains(key)) {
      index.remove(key);
    }
    if (changes.puts[applied] === 1) {
      index.add(key, changes.vectors.subarray(vector * dimensions, (vector + 1) * dimensions), 1);
      vector += 1;
    }
    applied += 1;
  }
  return applied;
}

/** The `k` nearest keys of `vector` in `index`, as plain arrays. */
export function searchIndex(index: Index, vector: Float32Array, k: number): GraphMatches {
  const found = index.search(vector, k, 1);
  return {
    keys: Float64Array.from(found.keys, (key) => Number(key)),
    distances: Float32Array.from(found.distances),
  };
}

/** A graph in this thread: every call runs at once, on the caller's thread. */
export class LocalGraph implements GraphAccess {
  private index: Index | null;

  constructor(index: Index) {
    this.index = index;
  }

  get size(): number {
    return this.index?.size() ?? 0;
  }

  search(vector: Float32Array, k: number): Promise<GraphMatches> {
    return this.run((index) => searchIndex(index, vector, k));
  }

  apply(changes: GraphChanges): Promise<GraphApplied> {
    return this.run((index) => ({
      applied: applyChanges(index, changes, Number.POSITIVE_INFINITY),
      size: index.size(),
    }));
  }

  save(path: string): Promise<void> {
    return this.run((index) => index.save(path));
  }

  release(): void {
    this.index = null;
  }

  private run<T>(work: (index: Index) => T): Promise<T> {
    const index = this.index;
    if (!index) {
      return Promise.reject(new Error('The graph was released'));
    }
    try {
      return Promise.resolve(work(index));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
