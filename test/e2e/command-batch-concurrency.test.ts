import request from 'supertest';
import { expectData } from '../support/envelope-assertions';
import { seededRandom } from '../support/seeded-random';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

interface BatchData {
  results: { result: { id: string } }[];
}

/**
 * Batches in flight at once in one workspace, over the same nodes: a plain write load, so
 * every one of them must succeed (on Neo4j, edges lock their ends; batches locking them in
 * different orders would deadlock until the retry budget is spent and answer 503).
 */
describe('POST /api/commands/batch: concurrent batches', () => {
  let t: TestApp;
  let key: string;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    key = ws.apiKey;
    workspaceId = ws.workspaceId;
  });
  afterAll(() => t.close());

  const batch = (commands: unknown[]) =>
    request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(key, workspaceId))
      .send({ commands });

  it('four batches of 1,000 edges over the same 200 nodes all succeed', async () => {
    const nodes = Array.from({ length: 200 }, (_, i) => ({
      type: 'CREATE_NODE',
      payload: { entityType: 'Pump', name: `P${i}` },
    }));
    const created = expectData(await batch(nodes), 201) as BatchData;
    const ids = created.results.map((r) => r.result.id);
    const random = seededRandom(7);
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    const batches = [0, 1, 2, 3].map(() =>
      Array.from({ length: 1000 }, () => ({
        type: 'CREATE_EDGE',
        payload: { type: 'FEEDS', sourceId: pick(), targetId: pick() },
      })),
    );
    const answers = await Promise.all(batches.map((commands) => batch(commands)));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const edges = await request(t.app)
      .get('/api/queries/edges')
      .query({ limit: 1 })
      .set(authHeaders(key, workspaceId));
    expect(edges.body.meta).toMatchObject({ total: 4000 });
  }, 120_000);

  it('node batches and edge batches in flight together all succeed', async () => {
    const seed = expectData(
      await batch(
        Array.from({ length: 100 }, (_, i) => ({
          type: 'CREATE_NODE',
          payload: { entityType: 'Valve', name: `V${i}` },
        })),
      ),
      201,
    ) as BatchData;
    const ids = seed.results.map((r) => r.result.id);
    const random = seededRandom(11);
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    const edgeBatch = () =>
      Array.from({ length: 500 }, () => ({
        type: 'CREATE_EDGE',
        payload: { type: 'PART_OF', sourceId: pick(), targetId: pick() },
      }));
    const nodeBatch = (k: number) =>
      Array.from({ length: 500 }, (_, i) => ({
        type: 'CREATE_NODE',
        payload: { entityType: 'Pump', name: `N${k}-${i}` },
      }));
    const answers = await Promise.all(
      [edgeBatch(), nodeBatch(0), edgeBatch(), nodeBatch(1)].map((commands) => batch(commands)),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
  }, 120_000);
});
