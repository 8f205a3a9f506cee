import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Neo4jClient } from '../adapters/neo4j/client';
import type { SqliteDatabase } from '../adapters/sqlite/database';
import { SqliteIndexOutbox } from '../adapters/sqlite/index-outbox';
import type { Config } from '../config/load-config';
import type { Clock } from '../ports/clock';
import type { Embedder } from '../ports/embedder';
import type { GraphStore } from '../ports/graph-store';
import type { IndexOutbox } from '../ports/index-outbox';
import type { VectorIndex } from '../ports/vector-index';
import type { WorkspaceStore } from '../ports/workspace-store';
import type { StoreInstrument } from '../metrics/store-metrics';
import { SearchIndexer, type IndexerOptions } from '../search/indexer';
import { SearchMetrics } from '../search/metrics';
import { QUERY_CACHE_ENTRIES, QueryEmbeddingCache } from '../search/query-cache';
import { createEmbedders, createVectorIndex, sharedEmbedders } from './search-backends';
import type { SearchDeps } from '../search/search-deps';
import { SearchService } from '../search/search-service';

export interface SearchWiring {
  deps: SearchDeps;
  /** Stops the indexer (after its batch in flight), then closes the embedder and index. */
  close(): Promise<void>;
}

/** Workspaces listed per page when every workspace must be re-indexed. */
const WORKSPACE_PAGE = 100;

/**
 * Builds search from the configuration (docs/search.md): the embedder (EMBEDDINGS_URL or
 * the bundled model), the vector index (VECTOR_STORE: Qdrant, Neo4j or sqlite-vec), the
 * outbox of the graph's engine (Neo4j's when the graph is in Neo4j, else SQLite's), and
 * the background indexer, which starts at once.
 */
export function createSearch(options: {
  config: Pick<Config, 'embeddings' | 'vectorStore' | 'qdrant'> &
    Partial<Pick<Config, 'searchQueryCache'>>;
  db: SqliteDatabase;
  /** The graph's Neo4j, when the graph is there (its vector index with VECTOR_STORE=neo4j). */
  neo4j?: Neo4jClient;
  graph: GraphStore;
  workspaces: WorkspaceStore;
  clock: Clock;
  logger: Logger;
  /** The Neo4j outbox when the graph is in Neo4j. */
  outbox?: IndexOutbox;
  /** One embedder for queries and indexing (tests); else the configured ones. */
  embedder?: Embedder;
  decorateVectorIndex?: (index: VectorIndex) => VectorIndex;
  indexer?: Partial<IndexerOptions>;
  /** Milliseconds graph writes have been running, in all (the indexer yields to them). */
  writeBusyMs?: () => number;
  /** False for one-shot processes (the CLI): they index only when asked (`reindex`). */
  startIndexer?: boolean;
  /** Where search metrics are registered (the server's `/metrics`); none without. */
  metrics?: Registry;
  /** Times the outbox's and vector index's calls; none when absent. */
  instrument?: StoreInstrument;
}): SearchWiring {
  const instrument: StoreInstrument = options.instrument ?? ((store) => store);
  const embedders = options.embedder
    ? sharedEmbedders(options.embedder)
    : createEmbedders(options.config);
  const outbox =
    options.outbox ?? instrument(new SqliteIndexOutbox(options.db), 'sqlite', 'indexOutbox');
  const metrics = options.metrics
    ? new SearchMetrics(options.metrics, () => outbox.pendingAll())
    : undefined;
  const base = instrument(
    createVectorIndex(
      options.config,
      { db: options.db, neo4j: options.neo4j },
      { buildOnWrite: options.startIndexer !== false },
    ),
    options.config.vectorStore,
    'vectors',
  );
  const vectors = options.decorateVectorIndex ? options.decorateVectorIndex(base) : base;
  const timedQuery = metrics ? metrics.timed(embedders.query, 'query') : embedders.query;
  const cached = options.config.searchQueryCache ?? QUERY_CACHE_ENTRIES;
  // Recent query texts skip the model (the histogram times only real embeddings).
  const queryEmbedder =
    cached > 0
      ? new QueryEmbeddingCache(
          timedQuery,
          cached,
          metrics ? () => metrics.queryCacheHit() : undefined,
        )
      : timedQuery;
  const indexer = new SearchIndexer(
    {
      outbox,
      graph: options.graph,
      embedder: metrics ? metrics.timed(embedders.index, 'index') : embedders.index,
      vectors,
      clock: options.clock,
      logger: options.logger,
      workspaceIds: () => allWorkspaceIds(options.workspaces),
      ...(metrics ? { onIndexed: metrics.indexed.bind(metrics) } : {}),
      ...(options.writeBusyMs ? { writeBusyMs: options.writeBusyMs } : {}),
    },
    options.indexer,
  );
  if (options.startIndexer !== false) {
    indexer.start();
  }
  return {
    deps: {
      service: new SearchService({
        embedder: queryEmbedder,
        vectors,
        graph: options.graph,
        logger: options.logger,
        prepare: () => indexer.prepare(),
      }),
      indexer,
    },
    close: async () => {
      // Closing the embedder at once makes a model still loading, or a batch still
      // embedding, fail now instead of finishing first; its entries stay in the outbox.
      const stopping = indexer.stop();
      await embedders.close();
      await stopping;
      await vectors.close();
    },
  };
}

async function allWorkspaceIds(workspaces: WorkspaceStore): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += WORKSPACE_PAGE) {
    const page = await workspaces.listAll({ limit: WORKSPACE_PAGE, offset });
    ids.push(...page.items.map((w) => w.id));
    if (page.items.length < WORKSPACE_PAGE) {
      return ids;
    }
  }
}
