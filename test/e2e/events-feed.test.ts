import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface EventView {
  id: string;
  seq: number;
  type: string;
  actor: { kind: string; id: string | null };
  cause: Record<string, string>;
  subject: { id: string; type: string | null; previousType?: string };
  data: {
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    changedKeys?: string[];
  };
}

describe('the change feed: GET /api/events', () => {
  let t: TestApp;
  let c: OntologyClient;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());

  /** A fresh workspace with an all-scopes key, so each test reads its own log from 1. */
  async function fresh() {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    return new OntologyClient(t, ws.apiKey, ws.workspaceId);
  }

  async function events(client: OntologyClient, query: Record<string, string | number> = {}) {
    const res = await client.get('/api/events', query);
    return {
      events: expectData(res, 200) as EventView[],
      meta: res.body.meta as Record<string, unknown>,
    };
  }

  beforeEach(async () => {
    c = await fresh();
  });

  it('records every node and edge change of a command in commit order, with images and cause', async () => {
    const pump = await c.ok<{ id: string }>('CREATE_NODE', {
      entityType: 'Pump',
      name: 'P1',
      properties: { state: 'on', rpm: 100 },
    });
    const tank = await c.ok<{ id: string }>('CREATE_NODE', { entityType: 'Tank', name: 'T1' });
    const edge = await c.ok<{ id: string }>('CREATE_EDGE', {
      type: 'FEEDS',
      sourceId: pump.id,
      targetId: tank.id,
    });
    clock.advance(1000);
    const update = await c.exec('UPDATE_NODE', { id: pump.id, properties: { state: 'off' } });
    const commandId = expectData(update, 200).commandId as string;
    await c.ok('DELETE_NODE', { id: pump.id });

    const { events: log, meta } = await events(c);
    expect(log.map((e) => [e.seq, e.type, e.subject.id])).toEqual([
      [1, 'node.created', pump.id],
      [2, 'node.created', tank.id],
      [3, 'edge.created', edge.id],
      [4, 'node.updated', pump.id],
      // DELETE_NODE removes the node's edges first, in its one transaction.
      [5, 'edge.deleted', edge.id],
      [6, 'node.deleted', pump.id],
    ]);
    expect(meta).toEqual({ limit: 100, nextCursor: '6', hasMore: false });
    const updated = log[3]!;
    expect(updated.cause).toEqual({ commandId });
    expect(updated.actor).toEqual({ kind: 'apiKey', id: expect.stringMatching(/^key_/) });
    expect(updated.subject).toEqual({ id: pump.id, type: 'Pump' });
    expect(updated.data.before?.properties).toEqual({ state: 'on', rpm: 100 });
    expect(updated.data.after?.properties).toEqual({ state: 'off', rpm: 100 });
    expect(updated.data.changedKeys).toEqual(['properties.state', 'updatedAt', 'version']);
    expect(log[5]?.data).toEqual({ before: expect.objectContaining({ id: pump.id }), after: null });
  });

  it('records UNDO and REDO as the changes they make, naming what they undid', async () => {
    const node = await c.ok<{ id: string }>('CREATE_NODE', { entityType: 'Pump', name: 'P' });
    const renamed = expectData(await c.exec('UPDATE_NODE', { id: node.id, name: 'Q' }), 200);
    await c.ok('UNDO', {});
    await c.ok('REDO', {});
    const { events: log } = await events(c, { after: 1 });
    expect(log.map((e) => [e.type, e.data.after?.name])).toEqual([
      ['node.updated', 'Q'],
      ['node.updated', 'P'],
      ['node.updated', 'Q'],
    ]);
    expect(log[1]?.cause).toEqual({ commandId: expect.any(String), undoOf: renamed.commandId });
    expect(log[2]?.cause).toEqual({ commandId: expect.any(String), redoOf: renamed.commandId });
  });

  it('records a batch as one event per record it left changed, with its batchId, or nothing', async () => {
    const res = await request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(c.apiKey, c.workspaceId))
      .send({
        commands: [
          { type: 'CREATE_NODE', payload: { id: 'b1', entityType: 'Pump', name: 'B1' } },
          { type: 'UPDATE_NODE', payload: { id: 'b1', name: 'B1 renamed' } },
          { type: 'CREATE_NODE', payload: { id: 'b2', entityType: 'Pump', name: 'B2' } },
        ],
      });
    const { batchId } = expectData(res, 201);
    const { events: log } = await events(c);
    // Created then renamed in one transaction: one created event with the final image.
    expect(log.map((e) => [e.type, e.subject.id, e.data.after?.name])).toEqual([
      ['node.created', 'b1', 'B1 renamed'],
      ['node.created', 'b2', 'B2'],
    ]);
    expect(log.every((e) => e.cause.batchId === batchId)).toBe(true);

    // A batch that fails writes nothing, events included.
    const failed = await request(t.app)
      .post('/api/commands/batch')
      .set(authHeaders(c.apiKey, c.workspaceId))
      .send({
        commands: [
          { type: 'CREATE_NODE', payload: { id: 'b3', entityType: 'Pump', name: 'B3' } },
          { type: 'DELETE_NODE', payload: { id: 'missing' } },
        ],
      });
    expectError(failed, 404, 'NOT_FOUND');
    expect((await events(c, { after: 2 })).events).toEqual([]);
  });

  it('records ontology changes, finished imports and new live-data sources', async () => {
    await c.entityType('Pump', {
      properties: { rpm: { type: 'number' } },
      additionalProperties: true,
    });
    await c.delete('/api/ontology/entity-types/Pump');
    await c.put('/api/ontology/settings', { strictOntology: false });
    await c.put('/api/ontology/settings', { strictOntology: true });
    const source = expectData(
      await request(t.app)
        .post('/api/live-data/sources')
        .set(authHeaders(c.apiKey, c.workspaceId))
        .send({ name: 'flow' }),
      201,
    );
    const { events: log } = await events(c);
    expect(log.map((e) => [e.type, e.subject.id])).toEqual([
      ['entityType.changed', 'Pump'],
      ['entityType.deleted', 'Pump'],
      // Setting strictOntology to what it is changes nothing, and records nothing.
      ['ontology.settingsChanged', 'settings'],
      ['liveDataSource.created', source.id],
    ]);
    expect(log[0]?.data).toEqual({
      before: null,
      after: expect.objectContaining({ name: 'Pump', kind: 'entity', version: 1 }),
    });
    expect(log[2]?.data.after).toMatchObject({ strictOntology: true });
  });

  it('lists a page of node or edge with the cursor it was read at: follow from there, exactly', async () => {
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'before 1' });
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'before 2' });
    const snapshot = await c.get('/api/queries/nodes');
    expect(expectData(snapshot, 200)).toHaveLength(2);
    const cursor = snapshot.body.meta.eventCursor as string;
    expect(cursor).toBe('2');
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'after' });
    const followed = await events(c, { after: cursor });
    expect(followed.events.map((e) => e.data.after?.name)).toEqual(['after']);
    const edges = await c.get('/api/queries/edges');
    expect(edges.body.meta.eventCursor).toBe('3');
  });

  it('pages by cursor and limit, filters by type and entity type, and moves past what it skipped', async () => {
    const node = await c.ok<{ id: string }>('CREATE_NODE', { entityType: 'Pump', name: 'a' });
    await c.ok('CREATE_NODE', { entityType: 'Tank', name: 'b' });
    await c.ok('UPDATE_NODE', { id: node.id, entityType: 'Valve' });
    await c.ok('CREATE_NODE', { entityType: 'Tank', name: 'c' });

    const first = await events(c, { limit: 2 });
    expect(first.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(first.meta).toEqual({ limit: 2, nextCursor: '2', hasMore: true });
    const second = await events(c, { after: first.meta.nextCursor as string, limit: 2 });
    expect(second.events.map((e) => e.seq)).toEqual([3, 4]);
    expect(second.meta.hasMore).toBe(false);

    const pumps = await events(c, { entityType: 'Pump' });
    // The update that made the Pump a Valve counts under both types.
    expect(pumps.events.map((e) => [e.seq, e.subject.type, e.subject.previousType])).toEqual([
      [1, 'Pump', undefined],
      [3, 'Valve', 'Pump'],
    ]);
    expect(pumps.meta.nextCursor).toBe('4');
    const updates = await events(c, { types: 'node.updated,edge.deleted' });
    expect(updates.events.map((e) => e.seq)).toEqual([3]);
    expect((await events(c, { after: 4 })).events).toEqual([]);
  });

  it('shows each reader only the events its scopes may read, and no other workspace', async () => {
    const a = await c.ok<{ id: string }>('CREATE_NODE', { entityType: 'Pump', name: 'a' });
    const b = await c.ok<{ id: string }>('CREATE_NODE', { entityType: 'Pump', name: 'b' });
    await c.ok('CREATE_EDGE', { type: 'FEEDS', sourceId: a.id, targetId: b.id });
    const nodesOnly = await createKey(t, c.workspaceId, ['read:events', 'read:nodes']);
    const reader = new OntologyClient(t, nodesOnly.secret, c.workspaceId);
    expect((await events(reader)).events.map((e) => e.type)).toEqual([
      'node.created',
      'node.created',
    ]);
    const named = expectError(
      await reader.get('/api/events', { types: 'edge.created' }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(named.details).toEqual({ requiredScope: 'read:edges' });
    const noFeed = await createKey(t, c.workspaceId, ['read:nodes', 'read:edges']);
    expectError(
      await new OntologyClient(t, noFeed.secret, c.workspaceId).get('/api/events'),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const other = await fresh();
    expect((await events(other)).events).toEqual([]);
    expectError(await other.get('/api/events', { after: 3 }), 400, 'INVALID_CURSOR');
  });

  it('answers a cursor past the retention with 410 and the earliest cursor that can be followed', async () => {
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'old' });
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'old too' });
    clock.advance(31 * 86_400_000);
    await c.ok('CREATE_NODE', { entityType: 'Pump', name: 'new' });
    await t.container.deps.events.retention.run();
    const gone = expectError(await c.get('/api/events', { after: 0 }), 410, 'CURSOR_EXPIRED');
    expect(gone.details).toEqual({ cursor: '0', earliestCursor: '2' });
    expectError(await c.get('/api/events', { after: 1 }), 410, 'CURSOR_EXPIRED');
    expect((await events(c, { after: 2 })).events.map((e) => e.data.after?.name)).toEqual(['new']);
    // Without a cursor, the feed starts at the oldest event it still holds.
    expect((await events(c)).events.map((e) => e.seq)).toEqual([3]);
  });

  it.each([
    ['a negative cursor', { after: '-1' }, 'query.after'],
    ['a cursor that is not digits', { after: 'abc' }, 'query.after'],
    ['a cursor in exponent form', { after: '1e3' }, 'query.after'],
    ['a cursor of 16 digits', { after: '9'.repeat(16) }, 'query.after'],
    ['limit 0', { limit: '0' }, 'query.limit'],
    ['a negative limit', { limit: '-5' }, 'query.limit'],
    ['an unknown event type', { types: 'node.created,nonsense' }, 'query.types.1'],
    ['a type listed twice', { types: 'node.created,node.created' }, 'query.types.1'],
    ['40 types', { types: Array(40).fill('node.created').join(',') }, 'query.types'],
    ['5,000 characters of types', { types: 'x'.repeat(5000) }, 'query.types'],
    ['an entity type with spaces', { entityType: 'not a type' }, 'query.entityType'],
    ['an unknown parameter', { cursor: 'abc' }, 'query'],
  ])('refuses %s with 400 naming its place', async (_what, query, path) => {
    const error = expectError(await c.get('/api/events', query), 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(error.details)).toContain(path);
  });

  it('clamps a limit above 1,000, and answers a cursor beyond the log with 400 INVALID_CURSOR', async () => {
    expect((await events(c, { limit: 5000 })).meta.limit).toBe(1000);
    expectError(await c.get('/api/events', { after: 1 }), 400, 'INVALID_CURSOR');
  });
});
