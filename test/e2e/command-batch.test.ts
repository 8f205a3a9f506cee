import request, { type Response } from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface BatchData {
  batchId: string;
  results: { index: number; type: string; result: Record<string, unknown> }[];
}

/** 12:00:30 UTC, far from the end of a minute. */
const T0 = Date.UTC(2026, 0, 15, 12, 0, 30);

describe('POST /api/commands/batch', () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let c: OntologyClient;
  let key: string;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(T0);
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    key = ws.apiKey;
    workspaceId = ws.workspaceId;
    c = new OntologyClient(t, key, workspaceId);
  });

  const batch = (body: unknown, options: { key?: string; apiKey?: string } = {}) => {
    const req = request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(options.apiKey ?? key, workspaceId));
    if (options.key !== undefined) {
      void req.set('Idempotency-Key', options.key);
    }
    return req.send(body as object);
  };
  const node = (name: string, id?: string) => ({
    type: 'CREATE_NODE',
    payload: { entityType: 'Pump', name, ...(id ? { id } : {}) },
  });
  const edge = (sourceId: unknown, targetId: unknown) => ({
    type: 'CREATE_EDGE',
    payload: { type: 'FEEDS', sourceId, targetId },
  });
  const ok = (res: Response, status = 201): BatchData => expectData(res, status) as BatchData;

  it('applies the commands in order, resolving $refs to earlier results', async () => {
    const data = ok(
      await batch({
        commands: [
          node('P1'),
          node('T1', 'tank-1'),
          edge({ $ref: 0 }, 'tank-1'),
          edge({ $ref: '1' }, { $ref: 0 }),
          { type: 'UPDATE_NODE', payload: { id: { $ref: 0 }, properties: { rpm: 5 } } },
        ],
      }),
    );
    expect(data.batchId).toEqual(expect.any(String));
    expect(data.results.map((r) => [r.index, r.type])).toEqual([
      [0, 'CREATE_NODE'],
      [1, 'CREATE_NODE'],
      [2, 'CREATE_EDGE'],
      [3, 'CREATE_EDGE'],
      [4, 'UPDATE_NODE'],
    ]);
    const pump = data.results[0]!.result as unknown as GraphNode;
    expect(data.results[2]!.result).toMatchObject({ sourceId: pump.id, targetId: 'tank-1' });
    expect(data.results[3]!.result).toMatchObject({ sourceId: 'tank-1', targetId: pump.id });
    expect(data.results[4]!.result).toMatchObject({ id: pump.id, version: 2 });
    const snapshot = await c.snapshot();
    expect(snapshot.nodes.map((n) => n.name).sort()).toEqual(['P1', 'T1']);
    expect(snapshot.edges).toHaveLength(2);
  });

  it('answers 200 when the batch creates nothing', async () => {
    const a = await c.node('Pump', 'A');
    const data = ok(
      await batch({
        commands: [
          { type: 'UPDATE_NODE', payload: { id: a.id, name: 'A2' } },
          { type: 'DELETE_NODE', payload: { id: a.id } },
        ],
      }),
      200,
    );
    expect(data.results[1]!.result).toEqual({ id: a.id, deleted: true, deletedEdgeIds: [] });
  });

  describe('a failing command writes nothing and is named by its index', () => {
    it.each([
      [
        'validation',
        [node('ok'), { type: 'CREATE_NODE', payload: { entityType: 'Pump' } }],
        400,
        'VALIDATION_ERROR',
      ],
      ['a missing node', [node('ok'), edge({ $ref: 0 }, 'nowhere')], 404, 'NOT_FOUND'],
      ['a duplicate id', [node('a', 'dup-1'), node('b', 'dup-1')], 409, 'CONFLICT'],
      [
        'a version conflict',
        [
          node('ok'),
          { type: 'UPDATE_NODE', payload: { id: 'pre-1', name: 'x', expectedVersion: 7 } },
        ],
        409,
        'VERSION_CONFLICT',
      ],
    ])('%s', async (_kind, commands, status, code) => {
      await c.ok('CREATE_NODE', { id: 'pre-1', entityType: 'Pump', name: 'pre' });
      const before = await c.snapshot();
      const error = expectError(await batch({ commands }), status, code);
      expect(error.details).toMatchObject({ index: 1, item: { code } });
      expect(error.message).toContain('commands[1]');
      expect(await c.snapshot()).toEqual(before);
    });

    it('names a field that breaks its type with its path in the batch too', async () => {
      const defined = await request(t.app)
        .put('/api/ontology/entity-types/Motor')
        .set(authHeaders(key, workspaceId))
        .send({ properties: { rpm: { type: 'integer', max: 100 } }, additionalProperties: true });
      expect(defined.status).toBe(201);
      const motor = {
        type: 'CREATE_NODE',
        payload: { entityType: 'Motor', name: 'm', properties: { rpm: 1000 } },
      };
      const error = expectError(
        await batch({ commands: [node('ok'), motor] }),
        400,
        'VALIDATION_ERROR',
      );
      const issues = [
        { path: 'body.commands.1.payload.properties.rpm', message: 'must be at most 100' },
      ];
      expect(error.details).toMatchObject({ index: 1, issues, item: { details: { issues } } });
      expect(error.message).toBe(
        'commands[1] (CREATE_NODE) failed: The record does not fit its type: payload.properties.rpm: must be at most 100. Nothing was written.',
      );
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('names the invalid field with its path in the batch', async () => {
      const error = expectError(
        await batch({ commands: [node('ok'), { type: 'CREATE_NODE', payload: { name: 'x' } }] }),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.details?.issues).toEqual([
        { path: 'body.commands.1.payload.entityType', message: expect.any(String) },
      ]);
    });
  });

  it.each([
    ['a later command', [edge({ $ref: 1 }, { $ref: 1 }), node('a')]],
    ['itself', [node('a'), { type: 'DELETE_NODE', payload: { id: { $ref: 1 } } }]],
    ['a negative index', [node('a'), edge({ $ref: -1 }, { $ref: 0 })]],
    ['with another key next to $ref', [node('a'), edge({ $ref: 0, id: 'x' }, { $ref: 0 })]],
    [
      'in the id of a created record',
      [
        node('a'),
        { type: 'CREATE_NODE', payload: { entityType: 'T', name: 'b', id: { $ref: 0 } } },
      ],
    ],
  ])('refuses a $ref to %s with 400 naming the command', async (_what, commands) => {
    const error = expectError(await batch({ commands }), 400, 'VALIDATION_ERROR');
    expect(error.details).toMatchObject({ index: commands.length === 2 ? expect.any(Number) : 0 });
    expect((await c.snapshot()).nodes).toEqual([]);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'answers a command type named like an object member (%s) with 400, even with a $ref',
    async (type) => {
      const commands = [node('a'), { type, payload: { id: { $ref: 0 } } }];
      const error = expectError(await batch({ commands }), 400, 'VALIDATION_ERROR');
      expect(error.details).toMatchObject({ index: 1 });
      expect(error.details?.issues).toEqual([
        {
          path: 'body.commands.1.payload.id',
          message:
            "a $ref may stand only for an existing record's id (id, sourceId, targetId of the commands that take them)",
        },
      ]);
      expect((await c.snapshot()).nodes).toEqual([]);
    },
  );

  it('says which commands a $ref may name, the first command having none', async () => {
    const first = expectError(
      await batch({ commands: [edge({ $ref: 0 }, 'x')] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(JSON.stringify(first.details)).toContain('the first command has none');
    const third = expectError(
      await batch({ commands: [node('a'), node('b'), edge({ $ref: 2 }, { $ref: 0 })] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(JSON.stringify(third.details)).toContain('(0 to 1 here)');
  });

  it('refuses UNDO and REDO inside a batch', async () => {
    const error = expectError(
      await batch({ commands: [node('a'), { type: 'UNDO' }] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.details).toMatchObject({ index: 1 });
    expect((await c.snapshot()).nodes).toEqual([]);
  });

  it.each([
    ['no commands', { commands: [] }],
    ['commands not an array', { commands: { type: 'CREATE_NODE' } }],
    ['an unknown field', { commands: [node('a')], atomic: true }],
    ['a bare array', [node('a')]],
    ['1,001 commands', { commands: Array.from({ length: 1001 }, (_, i) => node(`n${i}`)) }],
  ])('answers %s with 400 VALIDATION_ERROR', async (_what, body) => {
    const error = expectError(await batch(body), 400, 'VALIDATION_ERROR');
    expect(error.details?.issues).toEqual(expect.any(Array));
    expect((await c.snapshot()).nodes).toEqual([]);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(key, workspaceId))
      .set('Content-Type', 'application/json')
      .send('{"commands": [');
    expectError(res, 400, 'INVALID_JSON');
  });

  it('accepts 1,000 commands in one request', async () => {
    const commands = Array.from({ length: 1000 }, (_, i) => node(`n${i}`));
    const data = ok(await batch({ commands }));
    expect(data.results).toHaveLength(1000);
    const list = expectData(await c.get('/api/queries/nodes', { limit: 1 }), 200);
    expect(list).toHaveLength(1);
  });

  it('checks the scope of every command before writing anything', async () => {
    const nodesOnly = (await createKey(t, workspaceId, ['write:nodes', 'read:nodes'])).secret;
    const res = await batch(
      { commands: [node('a', 'a'), node('b', 'b'), edge('a', 'b')] },
      {
        apiKey: nodesOnly,
      },
    );
    const error = expectError(res, 403, 'INSUFFICIENT_SCOPE');
    expect(error.details).toMatchObject({ index: 2, requiredScope: 'write:edges' });
    expect(res.headers['www-authenticate']).toContain('scope="write:edges"');
    expect((await c.snapshot()).nodes).toEqual([]);
  });

  describe('Idempotency-Key', () => {
    it('refuses an empty or malformed key with 400, writing nothing', async () => {
      for (const bad of ['', 'has space', 'x'.repeat(256)]) {
        const error = expectError(
          await batch({ commands: [node('a')] }, { key: bad }),
          400,
          'VALIDATION_ERROR',
        );
        expect(error.details?.issues).toEqual([
          { path: 'headers.idempotency-key', message: expect.any(String) },
        ]);
      }
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('replays the same batch and refuses the key for another batch', async () => {
      const body = { commands: [node('a'), node('b')] };
      const first = await batch(body, { key: 'batch-1' });
      const data = ok(first);
      expect(first.headers['idempotent-replayed']).toBe('false');
      const again = await batch(body, { key: 'batch-1' });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(ok(again)).toEqual(data);
      expect((await c.snapshot()).nodes).toHaveLength(2);
      expectError(
        await batch({ commands: [node('c')] }, { key: 'batch-1' }),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
    });

    it('replays a batch whose payload keys come in another order, $refs included', async () => {
      const linked = (payload: Record<string, unknown>) => ({
        commands: [node('a'), node('b'), { type: 'CREATE_EDGE', payload }],
      });
      const first = await batch(
        linked({ type: 'FEEDS', sourceId: { $ref: 0 }, targetId: { $ref: 1 } }),
        { key: 'refs-1' },
      );
      const data = ok(first);
      const again = await batch(
        linked({ targetId: { $ref: 1 }, sourceId: { $ref: 0 }, type: 'FEEDS' }),
        { key: 'refs-1' },
      );
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(ok(again)).toEqual(data);
      // The ends swapped is another batch.
      expectError(
        await batch(linked({ type: 'FEEDS', sourceId: { $ref: 1 }, targetId: { $ref: 0 } }), {
          key: 'refs-1',
        }),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect((await c.snapshot()).edges).toHaveLength(1);
    });
  });

  describe('UNDO and REDO', () => {
    it('undo takes the whole batch back as one step, redo re-applies it', async () => {
      const kept = await c.node('Pump', 'kept');
      const before = await c.snapshot();
      ok(
        await batch({
          commands: [
            node('a', 'a'),
            node('b', 'b'),
            edge('a', 'b'),
            { type: 'UPDATE_NODE', payload: { id: kept.id, name: 'renamed' } },
            { type: 'UPDATE_NODE', payload: { id: 'a', properties: { x: 1 } } },
          ],
        }),
      );
      const after = await c.snapshot();
      const undo = expectData(await c.exec('UNDO'), 200);
      expect(undo.result.undone).toMatchObject({ type: 'BATCH' });
      expect(await c.snapshot()).toEqual(before);
      const redo = expectData(await c.exec('REDO'), 200);
      expect(redo.result.redone).toMatchObject({ type: 'BATCH' });
      expect(await c.snapshot()).toEqual(after);
      // Undo once more: the single command before the batch is next.
      await c.ok('UNDO');
      const second = expectData(await c.exec('UNDO'), 200);
      expect(second.result.undone).toMatchObject({ type: 'CREATE_NODE' });
      expect(await c.snapshot()).toEqual({ nodes: [], edges: [] });
    });

    it('a version conflict on any record of the batch fails the whole undo', async () => {
      ok(await batch({ commands: [node('a', 'a'), node('b', 'b'), edge('a', 'b')] }));
      const other = (await createKey(t, workspaceId, ['write:nodes', 'read:nodes'])).secret;
      const someoneElse = new OntologyClient(t, other, workspaceId);
      await someoneElse.ok('UPDATE_NODE', { id: 'b', name: 'changed elsewhere' });
      const before = await c.snapshot();
      const error = expectError(await c.exec('UNDO'), 409, 'VERSION_CONFLICT');
      expect(error.details).toMatchObject({ kind: 'node', id: 'b' });
      expect(await c.snapshot()).toEqual(before);
    });
  });

  it('counts as one request for the rate limit', async () => {
    const starter = await createWorkspaceWithKey(t, { plan: 'starter' });
    const commands = Array.from({ length: 100 }, (_, i) => node(`n${i}`));
    const res = await request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(starter.apiKey, starter.workspaceId))
      .send({ commands });
    expectData(res, 201);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('enqueues every created node for the search index in the same transaction', async () => {
    const data = ok(await batch({ commands: [node('a'), node('b')] }));
    const ids = data.results.map((r) => (r.result as unknown as GraphNode).id);
    const status = expectData(await c.get('/api/rag/index/status'), 200);
    // Each node is either still queued or already indexed, never forgotten.
    expect(status.pending + status.indexed).toBe(ids.length);
  });

  it('keeps edges of a deleted node in the batch and restores them on undo', async () => {
    const a = await c.node('Pump', 'a');
    const b = await c.node('Pump', 'b');
    const e: GraphEdge = await c.edge('FEEDS', a.id, b.id);
    const before = await c.snapshot();
    const data = ok(
      await batch({ commands: [{ type: 'DELETE_NODE', payload: { id: a.id } }] }),
      200,
    );
    expect(data.results[0]!.result).toEqual({ id: a.id, deleted: true, deletedEdgeIds: [e.id] });
    await c.ok('UNDO');
    expect(await c.snapshot()).toEqual(before);
  });
});
