/**
 * Turns text into vectors (docs/search.md). Adapters: the bundled Universal Sentence
 * Encoder lite (default), an OpenAI-compatible `/v1/embeddings` endpoint (EMBEDDINGS_URL),
 * and a deterministic hash embedder for fast unit tests only.
 */
export interface Embedder {
  /** Shown in the index status, e.g. `use-lite` or `openai-compatible:text-embedding-3-small`. */
  readonly name: string;
  /**
   * Length of every vector this embedder returns. Resolves once the model is loaded (or
   * the endpoint probed); later calls answer from memory.
   */
  dimensions(): Promise<number>;
  /**
   * One unit-length (L2-normalised) vector per text, in the order given. Rejects when the
   * model or endpoint fails; the indexer retries later, commands never see the error.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /**
   * Releases what the embedder holds (the bundled model's worker thread); later calls
   * reject. Optional: an embedder that holds nothing has none.
   */
  close?(): Promise<void>;
}
