import type { Embedder } from '../ports/embedder';

/** Query texts whose vectors are kept (about 2 KB each at 512 dimensions: 2 MB). */
export const QUERY_CACHE_ENTRIES = 1000;

/**
 * The query embedder with the vectors of recent query texts kept in memory: a search sent
 * again (a page reloaded, a query retried, the same search from several clients) skips the
 * model, and identical queries arriving together share one embedding. Least recently used
 * texts go first. The vectors depend only on the text and the model, which does not change
 * while the process runs, so an entry never goes stale.
 *
 * A failed embedding is not kept: the next call tries the model again. Closing is the
 * wrapped embedder's business (its owner closes it).
 */
export class QueryEmbeddingCache implements Embedder {
  readonly name: string;
  /** Text to vector, oldest use first (a Map iterates in insertion order). */
  private readonly entries = new Map<string, Promise<Float32Array>>();

  constructor(
    private readonly embedder: Embedder,
    private readonly capacity = QUERY_CACHE_ENTRIES,
    private readonly onHit: () => void = () => undefined,
  ) {
    this.name = embedder.name;
  }

  dimensions(): Promise<number> {
    return this.embedder.dimensions();
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const known = texts.filter((text) => this.entries.has(text)).length;
    const missing = [...new Set(texts.filter((text) => !this.entries.has(text)))];
    if (missing.length > 0) {
      const batch = this.embedder.embed(missing);
      missing.forEach((text, i) => {
        const vector = batch.then((vectors) => {
          const found = vectors[i];
          if (!found) {
            throw new Error('The embedder returned fewer vectors than texts');
          }
          return found;
        });
        // Forgotten on failure, so that the next call asks the model again.
        vector.catch(() => {
          if (this.entries.get(text) === vector) {
            this.entries.delete(text);
          }
        });
        this.remember(text, vector);
      });
    }
    for (let i = 0; i < known; i += 1) {
      this.onHit();
    }
    const vectors = await Promise.all(texts.map((text) => this.lookup(text)));
    // Copies: the kept vectors stay as they are whatever a caller does with its own.
    return vectors.map((vector) => new Float32Array(vector));
  }

  private lookup(text: string): Promise<Float32Array> {
    const vector = this.entries.get(text);
    if (!vector) {
      // Evicted between the check and here (a call with more texts than the capacity).
      return this.embedder.embed([text]).then(([only]) => {
        if (!only) {
          throw new Error('The embedder returned no vector');
        }
        return only;
      });
    }
    // Used now: moved to the end of the order.
    this.entries.delete(text);
    this.entries.set(text, vector);
    return vector;
  }

  private remember(text: string, vector: Promise<Float32Array>): void {
    this.entries.set(text, vector);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
