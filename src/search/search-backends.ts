import { OpenAiEmbedder } from '../adapters/embeddings/openai-embedder';
import { UseLiteEmbedder } from '../adapters/embeddings/use-lite-embedder';
import { QdrantVectorIndex } from '../adapters/qdrant/vector-index';
import type { SqliteDatabase } from '../adapters/sqlite/database';
import { SqliteVectorIndex } from '../adapters/sqlite/vector-index';
import type { Config } from '../config/load-config';
import type { Embedder } from '../ports/embedder';
import type { VectorIndex } from '../ports/vector-index';

/**
 * The embedder the configuration asks for: the OpenAI-compatible endpoint when
 * EMBEDDINGS_URL is set, else the bundled Universal Sentence Encoder lite (its worker and
 * model start on first use, so creating it costs nothing).
 */
export function createEmbedder(config: Pick<Config, 'embeddings'>): Embedder {
  const settings = config.embeddings;
  if (settings) {
    return new OpenAiEmbedder({
      url: settings.url,
      model: settings.model,
      timeoutMs: settings.timeoutMs,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    });
  }
  return new UseLiteEmbedder();
}

/**
 * The vector index the configuration asks for: Qdrant when QDRANT_URL is set, else
 * sqlite-vec tables in the embedded database `db`. Call `ensure(await embedder.dimensions())`
 * before the first write.
 */
export function createVectorIndex(config: Pick<Config, 'qdrant'>, db: SqliteDatabase): VectorIndex {
  const settings = config.qdrant;
  if (settings) {
    return new QdrantVectorIndex({
      url: settings.url,
      collection: settings.collection,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    });
  }
  return new SqliteVectorIndex(db);
}
