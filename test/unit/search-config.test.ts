import { loadConfig } from '../../src/config/load-config';
import { configProblems } from '../support/config-problems';
import { createEmbedders, createVectorIndex } from '../../src/search/search-backends';
import type { SqliteDatabase } from '../../src/adapters/sqlite/database';

describe('search configuration', () => {
  it('defaults to the bundled embedder and sqlite-vec', () => {
    const config = loadConfig({});
    expect(config.embeddings).toBeUndefined();
    expect(config.qdrant).toBeUndefined();
    const embedders = createEmbedders(config);
    expect(embedders.query.name).toBe('use-lite');
    // Two faces of one model: queries on the calling thread, index batches in a worker.
    expect(embedders.index.name).toBe('use-lite');
    expect(embedders.index).not.toBe(embedders.query);
    expect(createVectorIndex(config, {} as SqliteDatabase).backend).toBe('sqlite-vec');
  });

  it('selects the OpenAI-compatible endpoint when EMBEDDINGS_URL is set', () => {
    const config = loadConfig({
      EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      EMBEDDINGS_API_KEY: 'secret',
      EMBEDDINGS_TIMEOUT_MS: '5000',
    });
    expect(config.embeddings).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      apiKey: 'secret',
      timeoutMs: 5000,
    });
    const embedders = createEmbedders(config);
    expect(embedders.query.name).toBe('openai-compatible:nomic-embed-text');
    expect(embedders.index).toBe(embedders.query);
  });

  it('selects Qdrant when QDRANT_URL is set, with the default collection', () => {
    const config = loadConfig({ QDRANT_URL: 'http://127.0.0.1:6333', QDRANT_API_KEY: 'k' });
    expect(config.qdrant).toEqual({
      url: 'http://127.0.0.1:6333',
      apiKey: 'k',
      collection: 'ontology_nodes',
    });
    expect(createVectorIndex(config, {} as SqliteDatabase).backend).toBe('qdrant');
  });

  it('keeps the vectors of 1,000 recent query texts unless SEARCH_QUERY_CACHE says otherwise', () => {
    expect(loadConfig({}).searchQueryCache).toBe(1000);
    expect(loadConfig({ SEARCH_QUERY_CACHE: '0' }).searchQueryCache).toBe(0);
    expect(loadConfig({ SEARCH_QUERY_CACHE: '50000' }).searchQueryCache).toBe(50_000);
  });

  it('names each bad variable', () => {
    expect(
      configProblems({
        EMBEDDINGS_URL: 'ftp://x',
        QDRANT_URL: 'not a url',
        QDRANT_COLLECTION: 'bad name!',
        EMBEDDINGS_TIMEOUT_MS: '0',
        SEARCH_QUERY_CACHE: '-1',
      }),
    ).toEqual(
      expect.arrayContaining([
        'EMBEDDINGS_URL: EMBEDDINGS_URL must be an http(s) URL',
        'QDRANT_URL: QDRANT_URL must be an http(s) URL',
        'QDRANT_COLLECTION: QDRANT_COLLECTION must be 1-255 letters, digits, _ or -',
        'EMBEDDINGS_TIMEOUT_MS: EMBEDDINGS_TIMEOUT_MS must be positive',
        'SEARCH_QUERY_CACHE: SEARCH_QUERY_CACHE must not be negative',
      ]),
    );
    expect(configProblems({ EMBEDDINGS_URL: 'http://127.0.0.1:8080' })).toEqual([
      'EMBEDDINGS_MODEL: required when EMBEDDINGS_URL is set',
    ]);
  });
});
