import { OpenAiEmbedder } from '../adapters/embeddings/openai-embedder';
import { UseLiteModel } from '../adapters/embeddings/use-lite-embedder';
import type { Neo4jClient } from '../adapters/neo4j/client';
import { Neo4jVectorIndex } from '../adapters/neo4j/vector-index';
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

/** The engines a vector index may live in. */
export interface VectorStores {
  /** The embedded database (sqlite-vec tables). */
  db: SqliteDatabase;
  /** The graph's Neo4j, when the graph is there. */
  neo4j?: Neo4jClient | undefined;
}

/**
 * The vector index the configuration asks for (`vectorStore`, docs/search.md "Vector
 * indexes"): Qdrant; Neo4j's own vector index beside the graph; or sqlite-vec tables in the
 * embedded database with in-memory HNSW graphs in front of them (docs/search.md
 * "sqlite-vec"). Call `ensure(await embedder.dimensions())` before the first write.
 *
 * @param options.buildOnWrite true in a long-running server: a workspace's graph is started
 *   as soon as its indexer fills it past the size threshold, so it is ready when searches
 *   come; false (one-shot processes) builds one only when a workspace is searched.
 */
export function createVectorIndex(
  config: Pick<Config, 'vectorStore' | 'qdrant'>,
  stores: VectorStores,
  options: { buildOnWrite?: boolean } = {},
): VectorIndex {
  switch (config.vectorStore) {
    case 'qdrant': {
      const settings = config.qdrant;
      if (!settings) {
        throw new Error('VECTOR_STORE=qdrant without Qdrant settings');
      }
      return new QdrantVectorIndex({
        url: settings.url,
        collection: settings.collection,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      });
    }
    case 'neo4j':
      if (!stores.neo4j) {
        throw new Error('VECTOR_STORE=neo4j without the graph on Neo4j');
      }
      return new Neo4jVectorIndex(stores.neo4j);
    case 'sqlite':
      return new HnswVectorIndex(stores.db, { buildOnWrite: options.buildOnWrite ?? false });
  }
}
