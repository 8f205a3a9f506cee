import { expectData, expectError } from '../support/envelope-assertions';
import type { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/commands/execute', () => {
  let t: TestApp;
  let c: OntologyClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // A fresh workspace per test keeps undo histories and listings independent.
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
  });

  describe('CREATE_NODE', () => {
    it('creates a node at version 1 and answers 201 with commandId, type and result', async () => {
      const res = await c.exec('CREATE_NODE', {
        entityType: 'Sensor',
        name: 'Boiler temperature',
        properties: { unit: 'C', floor: 2, active: true, tags: ['a', 'b'] },
      });
      const data = expectData(res, 201);
      expect(data.commandId).toMatch(UUID);
      expect(data.type).toBe('CREATE_NODE');
      expect(data.result).toEqual({
        id: expect.stringMatching(UUID),
        entityType: 'Sensor',
        name: 'Boiler temperature',
        properties: { unit: 'C', floor: 2, active: true, tags: ['a', 'b'] },
        version: 1,
        createdAt: expect.any(String),
        updatedAt: data.result.createdAt,
      });
      const read = await c.get(`/api/queries/nodes/${data.result.id}`);
      expect(expectData(read, 200)).toEqual(data.result);
    });

    it('accepts a client id and answers 409 CONFLICT when it is taken', async () => {
      await c.ok('CREATE_NODE', { id: 'pump-1', entityType: 'Pump', name: 'P1' });
      const again = await c.exec('CREATE_NODE', { id: 'pump-1', entityType: 'Pump', name: 'P2' });
      expectError(again, 409, 'CONFLICT');
      const read = await c.get('/api/queries/nodes/pump-1');
      expect(read.body.data.name).toBe('P1');
    });

    it.each([
      ['missing name', { entityType: 'A' }, 'payload.name'],
      ['empty name', { entityType: 'A', name: '  ' }, 'payload.name'],
      ['entityType with a space', { entityType: 'Bad Type', name: 'x' }, 'payload.entityType'],
      ['entityType starting with a digit', { entityType: '1A', name: 'x' }, 'payload.entityType'],
      ['nested object', { entityType: 'A', name: 'x', properties: { o: { a: 1 } } }, 'nested'],
      ['null in an array', { entityType: 'A', name: 'x', properties: { l: [1, null] } }, 'null'],
      ['mixed array', { entityType: 'A', name: 'x', properties: { l: [1, 'a'] } }, 'one type'],
      ['array of arrays', { entityType: 'A', name: 'x', properties: { l: [[1]] } }, 'array items'],
      ['null value', { entityType: 'A', name: 'x', properties: { v: null } }, 'null'],
      ['reserved key', { entityType: 'A', name: 'x', properties: { version: 3 } }, 'reserved'],
      ['bad key', { entityType: 'A', name: 'x', properties: { 'a-b': 1 } }, 'property keys'],
      ['properties not an object', { entityType: 'A', name: 'x', properties: [1] }, 'object'],
      ['unknown field', { entityType: 'A', name: 'x', colour: 'red' }, 'colour'],
      ['bad client id', { entityType: 'A', name: 'x', id: 'has space' }, 'payload.id'],
    ])('rejects %s with 400 saying why', async (_label, payload, hint) => {
      const res = await c.exec('CREATE_NODE', payload);
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(JSON.stringify(error.details)).toContain(hint);
      const list = await c.get('/api/queries/nodes');
      expect(list.body.meta.total).toBe(0);
    });

    it('rejects properties over 64 KB', async () => {
      const res = await c.exec('CREATE_NODE', {
        entityType: 'A',
        name: 'big',
        properties: { blob: 'x'.repeat(66_000) },
      });
      expect(JSON.stringify(expectError(res, 400, 'VALIDATION_ERROR').details)).toContain('64');
    });

    it('rejects an unknown command type and a missing type', async () => {
      expectError(await c.exec('MERGE_NODE', {}), 400, 'VALIDATION_ERROR');
      const res = await c.exec(undefined as unknown as string, {});
      expectError(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('UPDATE_NODE', () => {
    it('merges properties, removes keys set to null and bumps the version', async () => {
      const node = await c.node('Pump', 'P1', { rpm: 100, colour: 'red' });
      const res = await c.exec('UPDATE_NODE', {
        id: node.id,
        name: 'P1b',
        properties: { rpm: 120, colour: null, vendor: 'Acme' },
        expectedVersion: 1,
      });
      const { result } = expectData(res, 200);
      expect(result).toMatchObject({
        id: node.id,
        name: 'P1b',
        entityType: 'Pump',
        properties: { rpm: 120, vendor: 'Acme' },
        version: 2,
        createdAt: node.createdAt,
      });
      expect(result.properties).not.toHaveProperty('colour');
    });

    it('answers 409 VERSION_CONFLICT with the current version on a stale expectedVersion', async () => {
      const node = await c.node('Pump', 'P1');
      await c.ok('UPDATE_NODE', { id: node.id, name: 'P2' });
      const res = await c.exec('UPDATE_NODE', { id: node.id, name: 'P3', expectedVersion: 1 });
      expect(expectError(res, 409, 'VERSION_CONFLICT').details).toMatchObject({
        currentVersion: 2,
      });
      expect((await c.get(`/api/queries/nodes/${node.id}`)).body.data.name).toBe('P2');
    });

    it('lets exactly one of many concurrent updates with the same expectedVersion win', async () => {
      const node = await c.node('Pump', 'P1');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          c.exec('UPDATE_NODE', { id: node.id, name: `P-${i}`, expectedVersion: 1 }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(11);
      const winner = results.find((r) => r.status === 200)!;
      const stored = (await c.get(`/api/queries/nodes/${node.id}`)).body.data;
      expect(stored).toMatchObject({ version: 2, name: winner.body.data.result.name });
    });

    it('answers 404 for a missing node and 400 for an empty update', async () => {
      expectError(await c.exec('UPDATE_NODE', { id: 'nope', name: 'x' }), 404, 'NOT_FOUND');
      const node = await c.node('Pump', 'P1');
      expectError(await c.exec('UPDATE_NODE', { id: node.id }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('DELETE_NODE and edges', () => {
    it('deletes a node with all its edges', async () => {
      const a = await c.node('A', 'a');
      const b = await c.node('B', 'b');
      const d = await c.node('D', 'd');
      const e1 = await c.edge('LINKS', a.id, b.id);
      const e2 = await c.edge('LINKS', d.id, a.id);
      const keep = await c.edge('LINKS', b.id, d.id);
      const res = await c.exec('DELETE_NODE', { id: a.id });
      const { result } = expectData(res, 200);
      expect(result).toEqual({
        id: a.id,
        deleted: true,
        deletedEdgeIds: expect.arrayContaining([e1.id, e2.id]),
      });
      expectError(await c.get(`/api/queries/nodes/${a.id}`), 404, 'NOT_FOUND');
      expectError(await c.get(`/api/queries/edges/${e1.id}`), 404, 'NOT_FOUND');
      const edges = expectData(await c.get('/api/queries/edges'), 200);
      expect(edges.map((e: { id: string }) => e.id)).toEqual([keep.id]);
    });

    it('checks expectedVersion on delete', async () => {
      const a = await c.node('A', 'a');
      const res = await c.exec('DELETE_NODE', { id: a.id, expectedVersion: 5 });
      expect(expectError(res, 409, 'VERSION_CONFLICT').details).toMatchObject({
        currentVersion: 1,
      });
      expectData(await c.get(`/api/queries/nodes/${a.id}`), 200);
    });

    it('CREATE_EDGE names the missing end with 404', async () => {
      const a = await c.node('A', 'a');
      const missingSource = await c.exec('CREATE_EDGE', {
        type: 'LINKS',
        sourceId: 'ghost',
        targetId: a.id,
      });
      expect(expectError(missingSource, 404, 'NOT_FOUND').details).toEqual({
        end: 'source',
        id: 'ghost',
      });
      const missingTarget = await c.exec('CREATE_EDGE', {
        type: 'LINKS',
        sourceId: a.id,
        targetId: 'ghost',
      });
      expect(expectError(missingTarget, 404, 'NOT_FOUND').details).toEqual({
        end: 'target',
        id: 'ghost',
      });
    });

    it('CREATE_EDGE with a taken id is 409; DELETE_EDGE of a missing edge is 404', async () => {
      const a = await c.node('A', 'a');
      await c.ok('CREATE_EDGE', { id: 'e-1', type: 'SELF', sourceId: a.id, targetId: a.id });
      const dup = await c.exec('CREATE_EDGE', {
        id: 'e-1',
        type: 'SELF',
        sourceId: a.id,
        targetId: a.id,
      });
      expectError(dup, 409, 'CONFLICT');
      expectError(await c.exec('DELETE_EDGE', { id: 'nope' }), 404, 'NOT_FOUND');
      expectData(await c.exec('DELETE_EDGE', { id: 'e-1' }), 200);
    });

    it('rejects a bad edge type', async () => {
      const a = await c.node('A', 'a');
      const res = await c.exec('CREATE_EDGE', { type: 'no-dash', sourceId: a.id, targetId: a.id });
      expectError(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('scopes', () => {
    it('node commands need write:nodes and edge commands write:edges', async () => {
      const readOnly = await createKey(t, c.workspaceId, ['read:nodes', 'read:edges']);
      const ro = new OntologyClient(t, readOnly.secret, c.workspaceId);
      const res = await ro.exec('CREATE_NODE', { entityType: 'A', name: 'a' });
      expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        requiredScope: 'write:nodes',
      });
      const nodesOnly = await createKey(t, c.workspaceId, ['write:nodes']);
      const no = new OntologyClient(t, nodesOnly.secret, c.workspaceId);
      const a = await no.node('A', 'a');
      const edge = await no.exec('CREATE_EDGE', { type: 'X', sourceId: a.id, targetId: a.id });
      expect(expectError(edge, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        requiredScope: 'write:edges',
      });
    });

    it('reads need read:nodes / read:edges', async () => {
      const writer = await createKey(t, c.workspaceId, ['write:nodes']);
      const w = new OntologyClient(t, writer.secret, c.workspaceId);
      expectError(await w.get('/api/queries/nodes'), 403, 'INSUFFICIENT_SCOPE');
      expectError(await w.get('/api/queries/edges'), 403, 'INSUFFICIENT_SCOPE');
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for the same key and body without executing again', async () => {
      const payload = { entityType: 'A', name: 'once' };
      const first = await c.exec('CREATE_NODE', payload, 'key-1');
      const second = await c.exec('CREATE_NODE', payload, 'key-1');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.data).toEqual(first.body.data);
      expect(first.headers['idempotent-replayed']).toBe('false');
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect((await c.get('/api/queries/nodes')).body.meta.total).toBe(1);
    });

    it('answers 422 for the same key with a different body', async () => {
      await c.exec('CREATE_NODE', { entityType: 'A', name: 'one' }, 'key-2');
      const res = await c.exec('CREATE_NODE', { entityType: 'A', name: 'two' }, 'key-2');
      expectError(res, 422, 'IDEMPOTENCY_KEY_REUSED');
      expect((await c.get('/api/queries/nodes')).body.meta.total).toBe(1);
    });

    it('does not remember failed commands, and expires keys after 24 h', async () => {
      const bad = await c.exec('UPDATE_NODE', { id: 'ghost', name: 'x' }, 'key-3');
      expectError(bad, 404, 'NOT_FOUND');
      await c.ok('CREATE_NODE', { id: 'ghost', entityType: 'A', name: 'a' });
      expectData(await c.exec('UPDATE_NODE', { id: 'ghost', name: 'x' }, 'key-3'), 200);

      await c.exec('CREATE_NODE', { entityType: 'A', name: 'b' }, 'key-4');
      (t.clock as ManualClock).advance(24 * 3600 * 1000 + 1000);
      const later = await c.exec('CREATE_NODE', { entityType: 'A', name: 'b' }, 'key-4');
      expect(later.headers['idempotent-replayed']).toBe('false');
      expect((await c.get('/api/queries/nodes', { name: 'b' })).body.meta.total).toBe(2);
    });

    it('rejects a malformed key', async () => {
      const res = await c.exec('CREATE_NODE', { entityType: 'A', name: 'a' }, 'has space');
      expectError(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('workspace isolation', () => {
    it("treats another workspace's ids exactly like missing ones", async () => {
      const other = await createWorkspaceWithKey(t, { plan: 'enterprise' });
      const o = new OntologyClient(t, other.apiKey, other.workspaceId);
      const theirs = await o.node('Secret', 'theirs');
      const theirEdge = await o.edge('LINKS', theirs.id, theirs.id);
      const mine = await c.node('Mine', 'mine');

      expectError(await c.get(`/api/queries/nodes/${theirs.id}`), 404, 'NOT_FOUND');
      expectError(await c.get(`/api/queries/edges/${theirEdge.id}`), 404, 'NOT_FOUND');
      expectError(await c.exec('UPDATE_NODE', { id: theirs.id, name: 'x' }), 404, 'NOT_FOUND');
      expectError(await c.exec('DELETE_NODE', { id: theirs.id }), 404, 'NOT_FOUND');
      expectError(await c.exec('DELETE_EDGE', { id: theirEdge.id }), 404, 'NOT_FOUND');
      const link = await c.exec('CREATE_EDGE', {
        type: 'LINKS',
        sourceId: mine.id,
        targetId: theirs.id,
      });
      expect(expectError(link, 404, 'NOT_FOUND').details).toMatchObject({ end: 'target' });
      // The same client id may exist in both workspaces.
      expectData(await c.exec('CREATE_NODE', { id: theirs.id, entityType: 'A', name: 'a' }), 201);
      expect((await c.get('/api/queries/nodes')).body.meta.total).toBe(2);
      // Their history is theirs: my undo only touches my commands.
      await c.ok('UNDO');
      await c.ok('UNDO');
      expect((await c.get('/api/queries/nodes')).body.meta.total).toBe(0);
      expectData(await o.get(`/api/queries/nodes/${theirs.id}`), 200);
      expect((await o.get(`/api/queries/nodes/${theirs.id}`)).body.data.name).toBe('theirs');
    });
  });
});
