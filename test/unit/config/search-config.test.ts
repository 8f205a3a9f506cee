import { loadConfig } from '../../../src/config/load-config';
import { configProblems } from '../../support/config-problems';
import { KEY_A } from '../../support/secrets';
import { createEmbedders, createVectorIndex } from '../../../src/container/search-backends';
import type { Neo4jClient } from '../../../src/adapters/neo4j/client';
import type { SqliteDatabase } from '../../../src/adapters/sqlite/database';

/** The stores a vector index may be created in; nothing is opened by creating one. */
const stores = { db: {} as SqliteDatabase, neo4j: {} as Neo4jClient };
/** The graph on Neo4j. */
const NEO4J = {
  NEO4J_URI: 'bolt://127.0.0.1:7687',
  NEO4J_PASSWORD: 'secret-password',
  SECRETS_KEY: KEY_A,
};
const QDRANT = { QDRANT_URL: 'http://127.0.0.1:6333' };

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
    expect(config.vectorStore).toBe('sqlite');
    expect(createVectorIndex(config, stores).backend).toBe('sqlite-vec');
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
    expect(config.vectorStore).toBe('qdrant');
    expect(createVectorIndex(config, stores).backend).toBe('qdrant');
  });

  it('keeps the vectors in Neo4j when the graph is there and QDRANT_URL is not set', () => {
    const config = loadConfig(NEO4J);
    expect(config.vectorStore).toBe('neo4j');
    expect(createVectorIndex(config, stores).backend).toBe('neo4j');
    expect(loadConfig({ ...NEO4J, VECTOR_STORE: 'neo4j' }).vectorStore).toBe('neo4j');
    expect(loadConfig({ ...NEO4J, VECTOR_STORE: '' }).vectorStore).toBe('neo4j');
  });

  it('prefers Qdrant when QDRANT_URL is set, with or without Neo4j', () => {
    expect(loadConfig({ ...NEO4J, ...QDRANT }).vectorStore).toBe('qdrant');
    expect(loadConfig({ ...QDRANT, VECTOR_STORE: 'qdrant' }).vectorStore).toBe('qdrant');
  });

  it('keeps the vectors in the embedded file with VECTOR_STORE=sqlite, also beside Neo4j', () => {
    const config = loadConfig({ ...NEO4J, VECTOR_STORE: 'sqlite' });
    expect(config.vectorStore).toBe('sqlite');
    expect(createVectorIndex(config, stores).backend).toBe('sqlite-vec');
  });

  it('refuses a VECTOR_STORE without its engine, or beside an unused QDRANT_URL', () => {
    expect(configProblems({ VECTOR_STORE: 'neo4j' })).toEqual([
      'VECTOR_STORE: neo4j keeps the vectors in the graph database; set NEO4J_URI',
    ]);
    expect(configProblems({ ...NEO4J, VECTOR_STORE: 'qdrant' })).toEqual([
      'VECTOR_STORE: qdrant needs QDRANT_URL',
    ]);
    expect(configProblems({ ...NEO4J, ...QDRANT, VECTOR_STORE: 'neo4j' })).toEqual([
      'VECTOR_STORE: is neo4j but QDRANT_URL is set; unset QDRANT_URL or set VECTOR_STORE=qdrant',
    ]);
    expect(configProblems({ ...QDRANT, VECTOR_STORE: 'sqlite' })).toEqual([
      'VECTOR_STORE: is sqlite but QDRANT_URL is set; unset QDRANT_URL or set VECTOR_STORE=qdrant',
    ]);
    expect(configProblems({ VECTOR_STORE: 'pinecone' })).toEqual([
      'VECTOR_STORE: must be one of sqlite, neo4j, qdrant',
    ]);
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
