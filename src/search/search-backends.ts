import { OpenAiEmbedder } from '../adapters/embeddings/openai-embedder';
import { UseLiteModel } from '../adapters/embeddings/use-lite-embedder';
import { QdrantVectorIndex } from '../adapters/qdrant/vector-index';
import { HnswVectorIndex } from '../adapters/sqlite/ann/hnsw-vector-index';
import type { SqliteDatabase } from '../adapters/sqlite/database';
import type { Config } from '../config/load-config';
import type { Embedder } from '../ports/embedder';
import type { VectorIndex } from '../ports/vector-index';

/**
 * The embedder as its two callers use it: `query` embeds search queries, `index` embeds
 * the indexer's batches. Two faces of one model, so that a query never waits behind a
 * batch (the bundled model runs queries on the calling thread and batches in a worker).
 */
export interface Embedders {
  query: Embedder;
  index: Embedder;
  close(): Promise<void>;
}

/** One embedder serving both callers (an HTTP endpoint, or a test's embedder). */
export function sharedEmbedders(embedder: Embedder): Embedders {
  return { query: embedder, index: embedder, close: () => embedder.close?.() ?? Promise.resolve() };
}

/**
 * The embedders the configuration asks for: the OpenAI-compatible endpoint when
 * EMBEDDINGS_URL is set (requests in flight are independent, so both callers share it),
 * else the bundled Universal Sentence Encoder lite (its worker and model start on first
 * use, so creating it costs nothing).
 */
export function createEmbedders(config: Pick<Config, 'embeddings'>): Embedders {
  const settings = config.embeddings;
  if (settings) {
    return sharedEmbedders(
      new OpenAiEmbedder({
        url: settings.url,
        model: settings.model,
        timeoutMs: settings.timeoutMs,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      }),
    );
  }
  const model = new UseLiteModel();
  return { query: model.query, index: model.background, close: () => model.close() };
}

/**
 * The vector index the configuration asks for: Qdrant when QDRANT_URL is set, else
 * sqlite-vec tables in the embedded database `db` with in-memory HNSW graphs in front of
 * them (docs/search.md "sqlite-vec"). Call `ensure(await embedder.dimensions())` before the
 * first write.
 *
 * @param options.buildOnWrite true in a long-running server: a workspace's graph is started
 *   as soon as its indexer fills it past the size threshold, so it is ready when searches
 *   come; false (one-shot processes) builds one only when a workspace is searched.
 */
export function createVectorIndex(
  config: Pick<Config, 'qdrant'>,
  db: SqliteDatabase,
  options: { buildOnWrite?: boolean } = {},
): VectorIndex {
  const settings = config.qdrant;
  if (settings) {
    return new QdrantVectorIndex({
      url: settings.url,
      collection: settings.collection,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    });
  }
  return new HnswVectorIndex(db, { buildOnWrite: options.buildOnWrite ?? false });
}
