import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Embedder } from '../ports/embedder';
import type { OutboxEntry } from '../ports/index-outbox';
import { LATENCY_BUCKETS_SECONDS } from '../metrics/latency-buckets';

/** Which caller an embedding was for: a search query, or an index batch. */
export type EmbedFace = 'query' | 'index';

/**
 * Search metrics on `/metrics` (docs/search.md "Metrics"): the index backlog, the indexing
 * rate and lag, and the embedder's latency per kind of caller.
 */
export class SearchMetrics {
  private readonly embedSeconds: Histogram<'face'>;
  private readonly embeddedTexts: Counter<'face'>;
  private readonly indexedNodes: Counter;
  private readonly queryCacheHits: Counter;
  private readonly lagSeconds: Histogram;

  /** `backlog` counts the outbox entries of every workspace, read at each scrape. */
  constructor(registry: Registry, backlog: () => Promise<number>) {
    this.embedSeconds = new Histogram({
      name: 'search_embed_duration_seconds',
      help: 'Time of one embedder call, by caller (query: a search; index: an index batch).',
      labelNames: ['face'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers: [registry],
    });
    this.embeddedTexts = new Counter({
      name: 'search_embedded_texts_total',
      help: 'Texts embedded, by caller (query or index).',
      labelNames: ['face'],
      registers: [registry],
    });
    this.queryCacheHits = new Counter({
      name: 'search_query_cache_hits_total',
      help: 'Search queries whose vector came from the cache of recent query texts (no embedder call).',
      registers: [registry],
    });
    this.indexedNodes = new Counter({
      name: 'search_indexed_nodes_total',
      help: 'Outbox entries indexed (vector written or removed); its rate is the indexing rate.',
      registers: [registry],
    });
    this.lagSeconds = new Histogram({
      name: 'search_index_lag_seconds',
      help: 'Time from a node change to its vector being written (enqueue to completion).',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
      registers: [registry],
    });
    new Gauge({
      name: 'search_index_backlog',
      help: 'Node changes waiting to be indexed, in every workspace (NaN while unreadable).',
      registers: [registry],
      async collect() {
        try {
          this.set(await backlog());
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  }

  /** Counts a query answered from the query-vector cache. */
  queryCacheHit(): void {
    this.queryCacheHits.inc();
  }

  /** Counts a completed index batch and the lag of each of its entries. */
  indexed(entries: readonly OutboxEntry[], at: number): void {
    this.indexedNodes.inc(entries.length);
    for (const entry of entries) {
      const enqueued = Date.parse(entry.enqueuedAt);
      if (Number.isFinite(enqueued)) {
        this.lagSeconds.observe(Math.max(0, at - enqueued) / 1000);
      }
    }
  }

  /** The embedder, with the time of each call recorded under `face`. */
  timed(embedder: Embedder, face: EmbedFace): Embedder {
    const timed: Embedder = {
      name: embedder.name,
      dimensions: () => embedder.dimensions(),
      embed: async (texts) => {
        const end = this.embedSeconds.startTimer({ face });
        const vectors = await embedder.embed(texts);
        end();
        this.embeddedTexts.inc({ face }, texts.length);
        return vectors;
      },
    };
    if (embedder.close) {
      timed.close = () => embedder.close?.() ?? Promise.resolve();
    }
    return timed;
  }
}
