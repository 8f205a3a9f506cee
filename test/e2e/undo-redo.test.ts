import type { GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

describe('UNDO and REDO', () => {
  let t: TestApp;
  let c: OntologyClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
  });

  it('answers 409 NOTHING_TO_UNDO and NOTHING_TO_REDO on an empty history', async () => {
    expectError(await c.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
    expectError(await c.exec('REDO'), 409, 'NOTHING_TO_REDO');
  });

  it('undoes a create, and redo brings the same node back', async () => {
    const node = await c.node('Pump', 'P1', { rpm: 5 });
    const undo = expectData(await c.exec('UNDO'), 200);
    expect(undo.type).toBe('UNDO');
    expect(undo.result.undone).toMatchObject({ type: 'CREATE_NODE' });
    expectError(await c.get(`/api/queries/nodes/${node.id}`), 404, 'NOT_FOUND');
    const redo = expectData(await c.exec('REDO'), 200);
    expect(redo.result.redone).toMatchObject({ type: 'CREATE_NODE' });
    expect(expectData(await c.get(`/api/queries/nodes/${node.id}`), 200)).toEqual(node);
  });

  it('undoes an update back to exactly the previous record, and redo re-applies it', async () => {
    const node = await c.node('Pump', 'P1', { rpm: 5, colour: 'red' });
    const updated = await c.ok('UPDATE_NODE', {
      id: node.id,
      name: 'P2',
      properties: { rpm: 6, colour: null },
    });
    await c.ok('UNDO');
    expect(expectData(await c.get(`/api/queries/nodes/${node.id}`), 200)).toEqual(node);
    await c.ok('REDO');
    expect(expectData(await c.get(`/api/queries/nodes/${node.id}`), 200)).toEqual(updated);
  });

  it('restores a deleted node and every cascaded edge with ids, properties and versions', async () => {
    const a = await c.node('A', 'a');
    const b = await c.node('B', 'b', { x: 1 });
    await c.ok('UPDATE_NODE', { id: b.id, properties: { x: 2 } });
    const e1 = await c.edge('LINKS', a.id, b.id, { weight: 0.5 });
    const e2 = await c.edge('OWNS', b.id, a.id, { since: '2020' });
    const before = await c.snapshot();

    await c.ok('DELETE_NODE', { id: b.id });
    expect((await c.snapshot()).edges).toEqual([]);
    await c.ok('UNDO');
    expect(await c.snapshot()).toEqual(before);
    expect(before.edges.map((e) => e.id).sort()).toEqual([e1.id, e2.id].sort());
    expect(before.nodes.find((n) => n.id === b.id)).toMatchObject({ version: 2 });

    await c.ok('REDO');
    const after = await c.snapshot();
    expect(after.nodes.map((n) => n.id)).toEqual([a.id]);
    expect(after.edges).toEqual([]);
  });

  it('N undos then N redos leave the data exactly as it was', async () => {
    const a = await c.node('A', 'a', { n: 1 });
    const b = await c.node('B', 'b');
    await c.edge('LINKS', a.id, b.id);
    await c.ok('UPDATE_NODE', { id: a.id, name: 'a2', properties: { n: 2, m: [1, 2] } });
    await c.ok('UPDATE_NODE', { id: a.id, properties: { n: 3 } });
    await c.ok('DELETE_NODE', { id: b.id });
    const before = await c.snapshot();
    for (let i = 0; i < 6; i += 1) {
      await c.ok('UNDO');
    }
    expect(await c.snapshot()).toEqual({ nodes: [], edges: [] });
    expectError(await c.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
    for (let i = 0; i < 6; i += 1) {
      await c.ok('REDO');
    }
    expect(await c.snapshot()).toEqual(before);
    expectError(await c.exec('REDO'), 409, 'NOTHING_TO_REDO');
  });

  it('a new command clears the redo stack', async () => {
    await c.node('A', 'a');
    await c.ok('UNDO');
    await c.node('B', 'b');
    expectError(await c.exec('REDO'), 409, 'NOTHING_TO_REDO');
  });

  it('keeps history per actor: one key cannot undo another key’s command', async () => {
    const other = await createKey(t, c.workspaceId, ['read:nodes', 'write:nodes']);
    const o = new OntologyClient(t, other.secret, c.workspaceId);
    const mine = await c.node('A', 'mine');
    expectError(await o.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
    expectData(await c.get(`/api/queries/nodes/${mine.id}`), 200);
  });

  it('refuses with VERSION_CONFLICT and changes nothing when another actor changed the record', async () => {
    const other = await createKey(t, c.workspaceId, ['read:nodes', 'write:nodes', 'write:edges']);
    const o = new OntologyClient(t, other.secret, c.workspaceId);
    const node = await c.node('A', 'a');
    await c.ok('UPDATE_NODE', { id: node.id, name: 'mine' });
    await o.ok('UPDATE_NODE', { id: node.id, name: 'theirs' });
    const res = await c.exec('UNDO');
    expect(expectError(res, 409, 'VERSION_CONFLICT').details).toMatchObject({
      kind: 'node',
      id: node.id,
      currentVersion: 3,
    });
    expect(expectData(await c.get(`/api/queries/nodes/${node.id}`), 200)).toMatchObject({
      name: 'theirs',
      version: 3,
    });
    // The entry stays undoable once the other actor reverts their change.
    await o.ok('UNDO');
    await c.ok('UNDO');
    expect((await c.get(`/api/queries/nodes/${node.id}`)).body.data).toEqual(node);
  });

  it('will not undo a create when someone else attached an edge to the node since', async () => {
    const other = await createKey(t, c.workspaceId, ['read:nodes', 'write:nodes', 'write:edges']);
    const o = new OntologyClient(t, other.secret, c.workspaceId);
    const mine = await c.node('A', 'mine');
    const theirs = await o.node('B', 'theirs');
    await o.edge('LINKS', theirs.id, mine.id);
    expectError(await c.exec('UNDO'), 409, 'VERSION_CONFLICT');
    expectData(await c.get(`/api/queries/nodes/${mine.id}`), 200);
    expect((await c.get('/api/queries/edges')).body.meta.total).toBe(1);
  });

  it('will not redo a delete edge restore when an end node is gone', async () => {
    const a = await c.node('A', 'a');
    const other = await createKey(t, c.workspaceId, ['write:nodes', 'write:edges', 'read:nodes']);
    const o = new OntologyClient(t, other.secret, c.workspaceId);
    const b = await o.node('B', 'b');
    await c.edge('LINKS', a.id, b.id);
    await c.ok('UNDO'); // edge removed
    await o.ok('DELETE_NODE', { id: b.id });
    const res = await c.exec('REDO');
    expectError(res, 409, 'VERSION_CONFLICT');
    expect((await c.get('/api/queries/edges')).body.meta.total).toBe(0);
  });

  it('stops UNDO at the history depth also between trims of the log', async () => {
    // The log is trimmed every 32 commands; with 40, entries past the depth still exist.
    const small = await createTestApp({
      env: { COMMAND_HISTORY_DEPTH: '3', BOOTSTRAP_PLAN: 'enterprise' },
    });
    try {
      const s = new OntologyClient(small, small.apiKey, small.workspaceId);
      for (let i = 1; i <= 40; i += 1) {
        await s.node('A', String(i));
      }
      for (let i = 0; i < 3; i += 1) {
        await s.ok('UNDO');
      }
      expectError(await s.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
      await s.ok('REDO');
      await s.ok('UNDO');
      expectError(await s.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
      expect((await s.get('/api/queries/nodes')).body.meta.total).toBe(37);
    } finally {
      await small.close();
    }
  });

  it('keeps at most the configured history depth per actor', async () => {
    const small = await createTestApp({ env: { COMMAND_HISTORY_DEPTH: '2' } });
    try {
      const s = new OntologyClient(small, small.apiKey, small.workspaceId);
      await s.node('A', '1');
      await s.node('A', '2');
      await s.node('A', '3');
      await s.ok('UNDO');
      await s.ok('UNDO');
      expectError(await s.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
      expect((await s.get('/api/queries/nodes')).body.data.map((n: GraphNode) => n.name)).toEqual([
        '1',
      ]);
    } finally {
      await small.close();
    }
  });
});
