import request from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import { expectData } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { itOn, testEngine } from '../support/test-engine';

/**
 * Search with the embedder a fresh install uses (the bundled Universal Sentence Encoder
 * lite, loaded in a worker thread): a query that shares no word with the entity it
 * should find still finds it, by meaning. The embedder does not depend on the graph's
 * engine; on Neo4j every test app of the run shares one vector index of the hash
 * embedder's 64 dimensions, which this model's 512 would recreate under them.
 */
const onSqlite = itOn(['sqlite'], 'the shared Neo4j vector index has the hash embedder’s size');

describe('search with the default embedder', () => {
  let t: TestApp;

  beforeAll(async () => {
    if (testEngine() === 'sqlite') {
      t = await createTestApp({ embedder: 'configured' });
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  onSqlite(
    'finds an entity from a paraphrase that shares none of its words',
    async () => {
      const api = new OntologyClient(t, t.apiKey, t.workspaceId);
      const pump = await api.node('Pump', 'Centrifugal pump', {
        description: 'Moves cooling water through the plant',
      });
      await api.node('Invoice', 'March invoice', {
        description: 'Monthly bill sent to a customer',
      });
      await api.node('Chair', 'Office chair', { description: 'Ergonomic seat for desk work' });
      await api.node('Forecast', 'Weather forecast', { description: 'Rain expected tomorrow' });
      await t.container.deps.search.indexer.whenIdle();

      const res = await request(t.app)
        .post('/api/rag/search')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .send({ query: 'a machine that pushes liquid', topK: 4 });
      const hits = expectData(res, 200) as { node: GraphNode; score: number }[];
      expect(hits[0]?.node.id).toBe(pump.id);

      const status = expectData(
        await request(t.app).get('/api/rag/index/status').set(authHeaders(t.apiKey, t.workspaceId)),
        200,
      );
      expect(status).toMatchObject({
        state: 'ready',
        embedder: 'use-lite',
        dimensions: 512,
        indexed: 4,
      });
    },
    60_000,
  );
});
