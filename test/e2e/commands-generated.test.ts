import request, { type Response } from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { seededRandom } from '../support/seeded-random';

/**
 * Generated commands: seeded random single commands, UNDO/REDO and batches of up to five
 * commands over a small pool of ids (so that ids are taken, missing, referenced by `$ref`
 * or in conflict), with payload values of every JSON type and now and then a field no
 * command has. Every request must be answered 2xx or 4xx in the envelope, never 5xx; and a
 * request that fails must leave the graph exactly as it was (nothing half-written), which
 * is checked by reading every node and edge before and after.
 */

const REQUESTS = 400;
const SEED = 20261128;

const NODE_IDS = ['n1', 'n2', 'n3', 'n4', 'n5'];
const EDGE_IDS = ['e1', 'e2', 'e3'];
const TYPES = ['Pump', 'Valve', 'Tank'];
const RELATIONS = ['FEEDS', 'MONITORS'];

describe('generated commands (seeded)', () => {
  let t: TestApp;
  let c: OntologyClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    c = new OntologyClient(t, t.apiKey, t.workspaceId);
  });
  afterAll(() => t.close());

  /** Every node and edge of the workspace, as the list routes give them. */
  async function graph(): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const nodes = await c.get('/api/queries/nodes', { limit: 100 });
    const edges = await c.get('/api/queries/edges', { limit: 100 });
    expect([nodes.status, edges.status]).toEqual([200, 200]);
    return { nodes: nodes.body.data as GraphNode[], edges: edges.body.data as GraphEdge[] };
  }

  function generator(seed: number) {
    const random = seededRandom(seed);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const odd = (): unknown =>
      pick([
        null,
        '',
        'x'.repeat(300),
        '\u0000',
        '\ud800',
        -1,
        1.5,
        1e308,
        true,
        [],
        {},
        { $ref: 0 },
        { $ref: '9' },
        { $ref: -1 },
        JSON.parse('{"__proto__": {"a": 1}}'),
        'constructor',
      ]);
    const sometimes = (value: () => unknown): unknown => (random() < 0.93 ? value() : odd());
    const properties = (): unknown =>
      sometimes(() => {
        const props: Record<string, unknown> = {};
        for (let i = Math.floor(random() * 3); i > 0; i -= 1) {
          const oddKey = random() < 0.15;
          props[
            oddKey
              ? pick(['__proto__', 'constructor', 'bad key', 'id'])
              : pick(['rpm', 'tags', 'site'])
          ] = random() < 0.8 ? pick([1, 'a', ['x', 'y'], true, null]) : odd();
        }
        return props;
      });
    const ref = (batchIndex: number, pool: readonly string[]): unknown =>
      batchIndex > 0 && random() < 0.2 ? { $ref: Math.floor(random() * batchIndex) } : pick(pool);
    const command = (index: number): Record<string, unknown> => {
      const kind = pick([
        'CREATE_NODE',
        'CREATE_NODE',
        'UPDATE_NODE',
        'DELETE_NODE',
        'CREATE_EDGE',
        'DELETE_EDGE',
        'BOGUS',
      ]);
      let payload: Record<string, unknown>;
      switch (kind) {
        case 'CREATE_NODE':
          payload = {
            entityType: sometimes(() => pick(TYPES)),
            name: sometimes(() => `Node ${Math.floor(random() * 100)}`),
            properties: properties(),
            id: sometimes(() => pick(NODE_IDS)),
          };
          break;
        case 'UPDATE_NODE':
          payload = {
            id: sometimes(() => ref(index, NODE_IDS)),
            name: sometimes(() => `Renamed ${Math.floor(random() * 100)}`),
            properties: properties(),
            ...(random() < 0.3
              ? { expectedVersion: sometimes(() => 1 + Math.floor(random() * 3)) }
              : {}),
          };
          break;
        case 'DELETE_NODE':
          payload = { id: sometimes(() => ref(index, NODE_IDS)) };
          break;
        case 'CREATE_EDGE':
          payload = {
            type: sometimes(() => pick(RELATIONS)),
            sourceId: sometimes(() => ref(index, NODE_IDS)),
            targetId: sometimes(() => ref(index, NODE_IDS)),
            properties: properties(),
            id: sometimes(() => pick(EDGE_IDS)),
          };
          break;
        case 'DELETE_EDGE':
          payload = { id: sometimes(() => ref(index, EDGE_IDS)) };
          break;
        default:
          payload = { id: pick(NODE_IDS) };
      }
      if (random() < 0.05) {
        payload[pick(['extra', 'workspaceId', '__proto__'])] = odd();
      }
      if (random() < 0.05) {
        delete payload[pick(Object.keys(payload))];
      }
      return { type: kind, payload };
    };
    return (): { path: string; body: unknown } => {
      const r = random();
      if (r < 0.1) {
        return { path: '/api/commands/execute', body: { type: pick(['UNDO', 'REDO']) } };
      }
      if (r < 0.45) {
        return { path: '/api/commands/execute', body: command(0) };
      }
      const commands = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) => command(i));
      return {
        path: '/api/commands/batch',
        body: random() < 0.05 ? { commands: odd() } : { commands },
      };
    };
  }

  function problem(res: Response): string | null {
    if (res.status >= 500) {
      return `status ${res.status}: ${JSON.stringify(res.body)}`;
    }
    const ok = res.status >= 200 && res.status < 300;
    return res.body?.success === ok ? null : `not the envelope: ${res.status} ${res.text}`;
  }

  it(`answers ${REQUESTS} generated commands and batches with 2xx or 4xx, writing nothing when refused`, async () => {
    const next = generator(SEED);
    const defects: { body: unknown; problem: string }[] = [];
    let written = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { path, body } = next();
      const before = await graph();
      const res = await request(t.app)
        .post(path)
        .set(authHeaders(t.apiKey, t.workspaceId))
        .send(body as object);
      const wrong = problem(res);
      if (wrong) {
        defects.push({ body, problem: wrong });
      } else if (res.status >= 400) {
        const after = await graph();
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          defects.push({ body, problem: `half-written after ${res.status}` });
        }
      } else {
        written += 1;
      }
    }
    expect(defects.slice(0, 5)).toEqual([]);
    // Enough of them succeed to build up the graph the others run into.
    expect(written).toBeGreaterThan(REQUESTS * 0.1);
  }, 120_000);
});
