import request from 'supertest';
import { createApp } from '../../src/app';
import type { Container } from '../../src/container';
import type { GraphNode } from '../../src/domain/graph';
import { ServiceUnavailableError } from '../../src/errors';
import type { Embedder } from '../../src/ports/embedder';
import type { VectorIndex, VectorPoint, VectorQuery } from '../../src/ports/vector-index';
import { expectData, expectError } from '../support/envelope-assertions';
import { HashEmbedder } from '../support/hash-embedder';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { recordResponses } from '../support/openapi';
import {
  authHeaders,
  createTestApp,
  createTestContainer,
  testConfig,
  type TestApp,
} from '../support/test-app';

/** A vector index that fails like an unreachable engine while `down` is set. */
class SwitchableIndex implements VectorIndex {
  down = false;
  constructor(private readonly inner: VectorIndex) {}
  get backend(): string {
    return this.inner.backend;
  }
  private check(): void {
    if (this.down) {
      throw new ServiceUnavailableError('The vector index is unreachable.');
    }
  }
  async ensure(dimensions: number) {
    this.check();
    return this.inner.ensure(dimensions);
  }
  async upsert(points: readonly VectorPoint[]) {
    this.check();
    return this.inner.upsert(points);
  }
  async remove(workspaceId: string, nodeIds: readonly string[]) {
    this.check();
    return this.inner.remove(workspaceId, nodeIds);
  }
  async clearWorkspace(workspaceId: string) {
    this.check();
    return this.inner.clearWorkspace(workspaceId);
  }
  async search(query: VectorQuery) {
    this.check();
    return this.inner.search(query);
  }
  async count(workspaceId: string) {
    this.check();
    return this.inner.count(workspaceId);
  }
  close() {
    return this.inner.close();
  }
}

/** An embedder that rejects while `down` is set (a model that fails, an endpoint away). */
class SwitchableEmbedder implements Embedder {
  readonly name = 'hash';
  down = false;
  private readonly inner = new HashEmbedder();
  dimensions() {
    return this.down ? Promise.reject(new Error('model failed to load')) : this.inner.dimensions();
  }
  embed(texts: readonly string[]) {
    return this.down ? Promise.reject(new Error('endpoint refused')) : this.inner.embed(texts);
  }
}

const FAST_RETRY = { initialBackoffMs: 5, maxBackoffMs: 20 };

describe('search while the vector store or the embedder is down', () => {
  let t: TestApp;
  let index: SwitchableIndex | undefined;
  const embedder = new SwitchableEmbedder();

  beforeAll(async () => {
    t = await createTestApp({
      embedder,
      indexer: FAST_RETRY,
      vectorIndex: (inner) => (index = new SwitchableIndex(inner)),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (query: string) =>
    request(t.app)
      .post('/api/rag/search')
      .set(authHeaders(t.apiKey, t.workspaceId))
      .send({ query });
  const status = () =>
    request(t.app).get('/api/rag/index/status').set(authHeaders(t.apiKey, t.workspaceId));

  it('answers 503 to searches, never fails a command, and catches up when it returns', async () => {
    if (!index) {
      throw new Error('the vector index override was not applied');
    }
    const api = new OntologyClient(t, t.apiKey, t.workspaceId);
    index.down = true;
    const created = await api.exec('CREATE_NODE', {
      entityType: 'Pump',
      name: 'Feed pump',
      properties: { description: 'moves cooling water' },
    });
    expectData(created, 201);
    const pump = created.body.data.result as GraphNode;
    expectData(await api.exec('UPDATE_NODE', { id: pump.id, name: 'Main feed pump' }), 200);

    const failed = await search('cooling water');
    const error = expectError(failed, 503, 'SERVICE_UNAVAILABLE');
    // Named by its backend: sqlite-vec on the embedded store, Neo4j's own index on Neo4j.
    expect(error.details).toEqual({ checks: { [index.backend]: 'down' } });
    expect(failed.headers['retry-after']).toBeDefined();
    const hybrid = await request(t.app)
      .post('/api/rag/hybrid-search')
      .set(authHeaders(t.apiKey, t.workspaceId))
      .send({ query: 'cooling water' });
    expectError(hybrid, 503, 'SERVICE_UNAVAILABLE');

    const degraded = expectData(await status(), 200) as Record<string, unknown>;
    expect(degraded).toMatchObject({ state: 'degraded', indexed: null, pending: 1 });
    expect(degraded.lastError).toEqual(expect.any(String));

    index.down = false;
    await t.container.deps.search.indexer.whenIdle();
    const hits = expectData(await search('cooling water'), 200) as { node: GraphNode }[];
    expect(hits[0]?.node).toMatchObject({ id: pump.id, name: 'Main feed pump', version: 2 });
    expect(expectData(await status(), 200)).toMatchObject({
      state: 'ready',
      indexed: 1,
      pending: 0,
      lastError: null,
    });
  });

  it('answers 503 naming the embedder while it fails, and recovers with it', async () => {
    const api = new OntologyClient(t, t.apiKey, t.workspaceId);
    embedder.down = true;
    expectData(
      await api.exec('CREATE_NODE', { entityType: 'Tank', name: 'Day tank', properties: {} }),
      201,
    );
    // Loaded already, so only embedding fails: the search and the pending change.
    const error = expectError(await search('tank'), 503, 'SERVICE_UNAVAILABLE');
    expect(error.details).toEqual({ checks: { embedder: 'down' } });
    embedder.down = false;
    await t.container.deps.search.indexer.whenIdle();
    const hits = expectData(await search('day tank'), 200) as { node: GraphNode }[];
    expect(hits[0]?.node.name).toBe('Day tank');
  });
});

describe('search indexing across a restart', () => {
  it('drains an outbox left by a process that stopped before indexing it', async () => {
    // The first server's embedder never works: its changes stay in the outbox.
    const broken = new SwitchableEmbedder();
    broken.down = true;
    const first = await createTestApp({ embedder: broken, indexer: FAST_RETRY });
    let second: Container | undefined;
    try {
      const api = new OntologyClient(first, first.apiKey, first.workspaceId);
      const pump = await api.node('Pump', 'Feed pump', { description: 'moves cooling water' });
      const tank = await api.node('Tank', 'Day tank', { description: 'stores diesel' });
      await api.ok('DELETE_NODE', { id: tank.id });
      const pending = expectData(
        await request(first.app)
          .get('/api/rag/index/status')
          .set(authHeaders(first.apiKey, first.workspaceId)),
        200,
      );
      // Whether the indexer has tried (and failed) yet or not, the changes wait.
      expect(pending).toMatchObject({ pending: 2, dimensions: null });
      expect(['indexing', 'degraded']).toContain((pending as { state: string }).state);
      // The process dies: its indexer stops and nothing else of it runs again.
      await first.container.deps.search.indexer.stop();

      // The same data dir, and on Neo4j the same server: the outbox left there is drained.
      second = createTestContainer(testConfig({ DATA_DIR: first.dataDir }), {
        clock: new ManualClock(Date.now()),
        embedder: new HashEmbedder(),
      });
      await second.deps.search.indexer.whenIdle();
      const app = recordResponses(createApp(second.deps));
      const headers = authHeaders(first.apiKey, first.workspaceId);
      const hits = expectData(
        await request(app).post('/api/rag/search').set(headers).send({ query: 'cooling water' }),
        200,
      ) as { node: GraphNode }[];
      expect(hits.map((h) => h.node.id)).toEqual([pump.id]);
      expect(
        expectData(await request(app).get('/api/rag/index/status').set(headers), 200),
      ).toMatchObject({ state: 'ready', indexed: 1, pending: 0 });
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe('a deleted node whose vector is still indexed', () => {
  it('is never returned', async () => {
    const t = await createTestApp();
    try {
      const api = new OntologyClient(t, t.apiKey, t.workspaceId);
      const pump = await api.node('Pump', 'Feed pump', { description: 'moves cooling water' });
      await t.container.deps.search.indexer.whenIdle();
      // No indexer from now on: the vector of the deleted node stays in the index.
      await t.container.deps.search.indexer.stop();
      await api.ok('DELETE_NODE', { id: pump.id });
      const headers = authHeaders(t.apiKey, t.workspaceId);
      const status = expectData(
        await request(t.app).get('/api/rag/index/status').set(headers),
        200,
      );
      expect(status).toMatchObject({ indexed: 1, pending: 1 });
      const hits = expectData(
        await request(t.app).post('/api/rag/search').set(headers).send({ query: 'cooling water' }),
        200,
      );
      expect(hits).toEqual([]);
      const hybrid = expectData(
        await request(t.app)
          .post('/api/rag/hybrid-search')
          .set(headers)
          .send({ query: 'cooling water', depth: 2 }),
        200,
      );
      expect(hybrid).toEqual({ results: [], subgraph: { nodes: [], edges: [] } });
    } finally {
      await t.close();
    }
  });
});

describe('search metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An idle indexer that looks at the outbox only when woken (whenIdle): the backlog
    // stays put until then.
    t = await createTestApp({ indexer: { idleMs: 60_000 } });
    await t.container.deps.search.indexer.whenIdle();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The value of one sample of `/metrics`, or undefined. */
  async function sample(line: RegExp): Promise<number | undefined> {
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    const match = res.text.split('\n').find((l) => line.test(l));
    return match === undefined ? undefined : Number(match.split(' ').pop());
  }

  it('shows the backlog, the indexing count and lag, and embed latency per caller', async () => {
    const api = new OntologyClient(t, t.apiKey, t.workspaceId);
    const indexedBefore = (await sample(/^search_indexed_nodes_total /)) ?? 0;
    await api.node('Pump', 'Feed pump', { description: 'moves cooling water' });
    await api.node('Tank', 'Day tank', { description: 'stores diesel' });
    expect(await sample(/^search_index_backlog /)).toBe(2);
    await t.container.deps.search.indexer.whenIdle();
    expect(await sample(/^search_index_backlog /)).toBe(0);
    expect(await sample(/^search_indexed_nodes_total /)).toBe(indexedBefore + 2);
    expect(await sample(/^search_index_lag_seconds_count /)).toBeGreaterThanOrEqual(2);
    expect(await sample(/^search_embed_duration_seconds_count\{face="index"\} /)).toBeGreaterThan(
      0,
    );
    expect(await sample(/^search_embedded_texts_total\{face="index"\} /)).toBeGreaterThanOrEqual(2);

    const before = (await sample(/^search_embed_duration_seconds_count\{face="query"\} /)) ?? 0;
    const hitsBefore = (await sample(/^search_query_cache_hits_total /)) ?? 0;
    const search = () => searchFor(t, 'cooling water');
    const first = await search();
    expect(await sample(/^search_embed_duration_seconds_count\{face="query"\} /)).toBe(before + 1);
    // The same query again: its vector is remembered, the model is not asked twice.
    expect(await search()).toEqual(first);
    expect(await sample(/^search_embed_duration_seconds_count\{face="query"\} /)).toBe(before + 1);
    expect(await sample(/^search_query_cache_hits_total /)).toBe(hitsBefore + 1);
  });
});

describe('search without the recent-queries cache (SEARCH_QUERY_CACHE=0)', () => {
  let t: TestApp;
  let embedded: string[];
  beforeAll(async () => {
    embedded = [];
    const hash = new HashEmbedder();
    const counting: Embedder = {
      name: hash.name,
      dimensions: () => hash.dimensions(),
      embed: (texts) => {
        embedded.push(...texts);
        return hash.embed(texts);
      },
    };
    t = await createTestApp({ embedder: counting, env: { SEARCH_QUERY_CACHE: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('embeds the query of every search, the same text again included', async () => {
    for (let i = 0; i < 2; i += 1) {
      await searchFor(t, 'cooling water');
    }
    expect(embedded.filter((text) => text === 'cooling water')).toHaveLength(2);
  });
});

/** POST /api/rag/search of `query`, which must answer 200; returns its data. */
async function searchFor(t: TestApp, query: string): Promise<unknown> {
  return expectData(
    await request(t.app)
      .post('/api/rag/search')
      .set(authHeaders(t.apiKey, t.workspaceId))
      .send({ query }),
    200,
  );
}
