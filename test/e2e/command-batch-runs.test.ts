import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

interface BatchData {
  batchId: string;
  results: { index: number; type: string; result: { id: string } & Record<string, unknown> }[];
}

/**
 * Consecutive creates of a batch are written a run at a time (one bulk insert): the answer
 * must be the one of running the commands one after the other, the first failing command
 * named whatever kind of failure comes later in the run.
 */
describe('POST /api/commands/batch: runs of creates', () => {
  let t: TestApp;
  let c: OntologyClient;
  let key: string;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    key = ws.apiKey;
    workspaceId = ws.workspaceId;
    c = new OntologyClient(t, key, workspaceId);
  });

  const batch = (commands: unknown[]) =>
    request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(key, workspaceId))
      .send({ commands });
  const node = (name: string, extra: Record<string, unknown> = {}) => ({
    type: 'CREATE_NODE',
    payload: { entityType: 'Pump', name, ...extra },
  });
  const edge = (sourceId: unknown, targetId: unknown, type = 'FEEDS') => ({
    type: 'CREATE_EDGE',
    payload: { type, sourceId, targetId },
  });

  /** Runs `commands`, expects the failure of command `index`, and that nothing was written. */
  async function failsAt(commands: unknown[], index: number, status: number, code: string) {
    const before = await c.snapshot();
    const error = expectError(await batch(commands), status, code);
    expect(error.details).toMatchObject({ index, item: { code } });
    expect(await c.snapshot()).toEqual(before);
    return error;
  }

  it('writes a run of nodes, then of edges between them, with every result in order', async () => {
    const n = 90;
    const nodes = Array.from({ length: n }, (_, i) => node(`P${i}`, { properties: { i } }));
    const edges = Array.from({ length: n }, (_, i) => edge({ $ref: i }, { $ref: (i + 7) % n }));
    const data = expectData(await batch([...nodes, ...edges]), 201) as BatchData;
    expect(data.results.map((r) => r.index)).toEqual([...Array(2 * n).keys()]);
    const ids = data.results.map((r) => r.result.id);
    expect(new Set(ids).size).toBe(2 * n);
    data.results.slice(n).forEach((r, i) => {
      expect(r.result).toMatchObject({ sourceId: ids[i], targetId: ids[(i + 7) % n] });
    });
    const snapshot = await c.snapshot();
    expect(snapshot.nodes.map((x) => x.id).sort()).toEqual(ids.slice(0, n).sort());
    expect(snapshot.edges.map((x) => x.id).sort()).toEqual(ids.slice(n).sort());
    // One step of history: undo takes all of it back.
    await c.ok('UNDO');
    expect(await c.snapshot()).toEqual({ nodes: [], edges: [] });
  });

  it('names a taken id before a type violation later in the run', async () => {
    await c.entityType('Motor', {
      properties: { rpm: { type: 'integer', max: 100 } },
      additionalProperties: true,
    });
    await c.ok('CREATE_NODE', { id: 'taken', entityType: 'Pump', name: 'pre' });
    await failsAt(
      [
        node('a'),
        node('b', { id: 'taken' }),
        node('c'),
        node('m', { entityType: 'Motor', properties: { rpm: 1000 } }),
      ],
      1,
      409,
      'CONFLICT',
    );
  });

  it('names a type violation before a taken id later in the run', async () => {
    await c.entityType('Motor', {
      properties: { rpm: { type: 'integer', max: 100 } },
      additionalProperties: true,
    });
    await c.ok('CREATE_NODE', { id: 'taken', entityType: 'Pump', name: 'pre' });
    const error = await failsAt(
      [
        node('a'),
        node('m', { entityType: 'Motor', properties: { rpm: 1000 } }),
        node('b', { id: 'taken' }),
      ],
      1,
      400,
      'VALIDATION_ERROR',
    );
    expect(error.details?.issues).toEqual([
      { path: 'body.commands.1.payload.properties.rpm', message: 'must be at most 100' },
    ]);
  });

  it('names a unique value taken in the run before a repeated id after it', async () => {
    await c.entityType('Meter', {
      properties: { serial: { type: 'string', unique: true } },
      additionalProperties: true,
    });
    const meter = (name: string, serial: string, id?: string) =>
      node(name, { entityType: 'Meter', properties: { serial }, ...(id ? { id } : {}) });
    const error = await failsAt(
      [meter('a', 'S-1', 'm-1'), meter('b', 'S-2'), meter('c', 'S-1'), meter('d', 'S-3', 'm-1')],
      2,
      409,
      'CONFLICT',
    );
    expect(error.details).toMatchObject({
      item: { details: { issues: [{ path: 'payload.properties.serial' }] } },
    });
  });

  it('names a missing end before a taken edge id later in the run', async () => {
    const [a, b] = [await c.node('Pump', 'a'), await c.node('Pump', 'b')];
    await c.ok('CREATE_EDGE', { id: 'e-taken', type: 'FEEDS', sourceId: a.id, targetId: b.id });
    const error = await failsAt(
      [
        edge(a.id, b.id),
        edge(a.id, 'nowhere'),
        {
          type: 'CREATE_EDGE',
          payload: { id: 'e-taken', type: 'FEEDS', sourceId: a.id, targetId: b.id },
        },
      ],
      1,
      404,
      'NOT_FOUND',
    );
    expect(error.details).toMatchObject({ item: { details: { end: 'target', id: 'nowhere' } } });
  });

  it('counts a one-cardinality end with the edges before it only', async () => {
    await c.relationshipType('OWNS', {
      source: 'any',
      target: 'any',
      cardinality: { source: 'one', target: 'many' },
      properties: {},
      additionalProperties: true,
    });
    const [a, b, d] = [
      await c.node('Pump', 'a'),
      await c.node('Pump', 'b'),
      await c.node('Pump', 'd'),
    ];
    // The second OWNS of `a` breaks the cardinality, not the first (written before it).
    await failsAt(
      [
        edge(b.id, d.id, 'OWNS'),
        edge(a.id, b.id, 'OWNS'),
        edge(a.id, d.id, 'OWNS'),
        edge(a.id, d.id),
      ],
      2,
      409,
      'CONFLICT',
    );
    const data = expectData(
      await batch([edge(a.id, b.id, 'OWNS'), edge(a.id, d.id), edge(b.id, d.id, 'OWNS')]),
      201,
    ) as BatchData;
    expect(data.results).toHaveLength(3);
  });

  it('resolves a $ref to a command of the same run as that command alone would', async () => {
    // Command 3 names the edge of command 2 as its source: not a node, so 404.
    const error = await failsAt(
      [node('a'), node('b'), edge({ $ref: 0 }, { $ref: 1 }), edge({ $ref: 2 }, { $ref: 1 })],
      3,
      404,
      'NOT_FOUND',
    );
    expect(error.details).toMatchObject({ item: { details: { end: 'source' } } });
  });
});
