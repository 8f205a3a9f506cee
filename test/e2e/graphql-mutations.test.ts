import request from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import { expectData } from '../support/envelope-assertions';
import { codesOf, GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const CREATE_NODE = `mutation ($input: CreateNodeInput!, $key: String) {
  createNode(input: $input, idempotencyKey: $key) {
    commandId replayed node { id entityType name properties version createdAt updatedAt }
  } }`;

/**
 * GraphQL mutations go through the same CommandService as POST /api/commands/execute: the
 * command log, UNDO/REDO, versions, scopes and idempotency are shared with REST.
 */
describe('GraphQL mutations', () => {
  let t: TestApp;
  let g: GraphQLClient;
  let c: OntologyClient;
  let ws: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    g = new GraphQLClient(t, ws.apiKey, ws.workspaceId);
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
  });

  async function createNode(input: Record<string, unknown>): Promise<GraphNode> {
    const data = await g.data(CREATE_NODE, { input });
    return data.createNode.node as GraphNode;
  }

  describe('typed mutations', () => {
    it('createNode stores the node as CREATE_NODE does; REST reads it back', async () => {
      const data = await g.data(CREATE_NODE, {
        input: { entityType: 'Sensor', name: 'Boiler', properties: { unit: 'C', floor: 2 } },
      });
      expect(data.createNode).toEqual({
        commandId: expect.stringMatching(UUID),
        replayed: false,
        node: {
          id: expect.stringMatching(UUID),
          entityType: 'Sensor',
          name: 'Boiler',
          properties: { unit: 'C', floor: 2 },
          version: 1,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      const rest = await c.get(`/api/queries/nodes/${data.createNode.node.id}`);
      expect(expectData(rest, 200)).toEqual(data.createNode.node);
    });

    it('updateNode merges properties (null removes a key) and bumps the version', async () => {
      const node = await createNode({ entityType: 'Pump', name: 'P1', properties: { a: 1, b: 2 } });
      const data = await g.data(
        `mutation ($id: ID!) { updateNode(input: { id: $id, name: "P2", properties: { b: null, c: "x" }, expectedVersion: 1 }) {
          node { name properties version } } }`,
        { id: node.id },
      );
      expect(data.updateNode.node).toEqual({
        name: 'P2',
        properties: { a: 1, c: 'x' },
        version: 2,
      });
    });

    it('answers VERSION_CONFLICT with the current version, as REST answers 409', async () => {
      const node = await createNode({ entityType: 'Pump', name: 'P1' });
      const { error, data } = await g.error(
        'VERSION_CONFLICT',
        `mutation ($id: ID!) { updateNode(input: { id: $id, name: "P2", expectedVersion: 7 }) { node { id } } }`,
        { id: node.id },
      );
      expect(data).toEqual({ updateNode: null });
      expect(error.extensions.details).toMatchObject({ currentVersion: 1 });
      expect((await c.get(`/api/queries/nodes/${node.id}`)).body.data.name).toBe('P1');
    });

    it('createEdge, deleteNode (with its edges) and deleteEdge', async () => {
      const a = await createNode({ entityType: 'Pump', name: 'A' });
      const b = await createNode({ entityType: 'Pump', name: 'B' });
      const edge = await g.data(
        `mutation ($a: ID!, $b: ID!) { createEdge(input: { type: "FEEDS", sourceId: $a, targetId: $b, properties: { w: 1 } }) {
          commandId edge { id type sourceId targetId properties version source { name } } } }`,
        { a: a.id, b: b.id },
      );
      expect(edge.createEdge.edge).toMatchObject({
        type: 'FEEDS',
        sourceId: a.id,
        targetId: b.id,
        properties: { w: 1 },
        version: 1,
        source: { name: 'A' },
      });
      const second = await c.edge('FEEDS', b.id, a.id);
      const deleted = await g.data(
        'mutation ($id: ID!) { deleteEdge(id: $id) { id deletedEdgeIds replayed } }',
        { id: second.id },
      );
      expect(deleted.deleteEdge).toEqual({ id: second.id, deletedEdgeIds: [], replayed: false });
      const node = await g.data(
        'mutation ($id: ID!) { deleteNode(id: $id, expectedVersion: 1) { id deletedEdgeIds } }',
        { id: a.id },
      );
      expect(node.deleteNode).toEqual({ id: a.id, deletedEdgeIds: [edge.createEdge.edge.id] });
      expect((await c.get('/api/queries/edges')).body.meta.total).toBe(0);
    });

    it('reports bad input against args.input, and a duplicate id as CONFLICT', async () => {
      const bad = await g.error('VALIDATION_ERROR', CREATE_NODE, {
        input: { entityType: 'Bad Type', name: ' ' },
      });
      expect(bad.error.extensions.details).toEqual({
        issues: expect.arrayContaining([
          expect.objectContaining({ path: 'args.input.entityType' }),
          expect.objectContaining({ path: 'args.input.name' }),
        ]),
      });
      await createNode({ id: 'pump-1', entityType: 'Pump', name: 'P1' });
      await g.error('CONFLICT', CREATE_NODE, {
        input: { id: 'pump-1', entityType: 'Pump', name: 'P2' },
      });
      const nested = await g.error('VALIDATION_ERROR', CREATE_NODE, {
        input: { entityType: 'Pump', name: 'x', properties: { o: { deep: 1 } } },
      });
      expect(nested.error.extensions.details?.issues).toEqual([
        expect.objectContaining({ path: expect.stringMatching(/^args\.input\.properties/) }),
      ]);
    });

    it('creates a live data source and ingests points, all or nothing', async () => {
      const node = await createNode({ entityType: 'Pump', name: 'P1' });
      const created = await g.data(
        `mutation ($e: ID!) { createLiveDataSource(input: { name: "Flow", unit: "l/s", entityId: $e }) {
          id name unit description entityId pointCount lastPointAt entity { name } } }`,
        { e: node.id },
      );
      const source = created.createLiveDataSource;
      expect(source).toMatchObject({
        name: 'Flow',
        unit: 'l/s',
        description: null,
        pointCount: 0,
        entity: { name: 'P1' },
      });
      const ingest = `mutation ($id: ID!, $points: [DataPointInput!]!) { ingestDataPoints(sourceId: $id, points: $points) { accepted } }`;
      const ok = await g.data(ingest, {
        id: source.id,
        points: [
          { timestamp: '2026-01-15T12:00:00Z', value: 1.5 },
          { timestamp: 1768478460000, value: 2, tags: { q: 'good' } },
        ],
      });
      expect(ok.ingestDataPoints).toEqual({ accepted: 2 });
      const bad = await g.error('VALIDATION_ERROR', ingest, {
        id: source.id,
        points: [
          { timestamp: '2026-01-15T13:00:00Z', value: 1 },
          { timestamp: 'yesterday', value: 2 },
        ],
      });
      expect(bad.error.extensions.details?.issues).toEqual([
        expect.objectContaining({ path: 'args.points.1.timestamp' }),
      ]);
      const after = await g.data('query ($id: ID!) { liveDataSource(id: $id) { pointCount } }', {
        id: source.id,
      });
      expect(after.liveDataSource.pointCount).toBe(2);
      await g.error('NOT_FOUND', ingest, { id: 'missing', points: [{ timestamp: 1, value: 1 }] });
      await g.error(
        'NOT_FOUND',
        'mutation { createLiveDataSource(input: { name: "x", entityId: "nope" }) { id } }',
      );
    });
  });

  describe('executeBatch', () => {
    const BATCH = `mutation ($commands: [BatchCommandInput!]!, $key: String) {
      executeBatch(commands: $commands, idempotencyKey: $key) {
        batchId replayed results { index type result } } }`;

    it('applies the commands in one transaction, with $refs, as POST /api/commands/batch', async () => {
      const data = await g.data(BATCH, {
        commands: [
          { type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P1' } },
          { type: 'CREATE_NODE', payload: { id: 'tank', entityType: 'Tank', name: 'T1' } },
          {
            type: 'CREATE_EDGE',
            payload: { type: 'FEEDS', sourceId: { $ref: 0 }, targetId: 'tank' },
          },
        ],
        key: 'gql-batch-1',
      });
      const pump = data.executeBatch.results[0].result as GraphNode;
      expect(data.executeBatch).toMatchObject({
        batchId: expect.stringMatching(UUID),
        replayed: false,
        results: [
          { index: 0, type: 'CREATE_NODE' },
          { index: 1, type: 'CREATE_NODE', result: { id: 'tank' } },
          { index: 2, type: 'CREATE_EDGE', result: { sourceId: pump.id, targetId: 'tank' } },
        ],
      });
      expect((await c.snapshot()).edges).toHaveLength(1);
      const undo = expectData(await c.exec('UNDO'), 200);
      expect(undo.result.undone).toMatchObject({
        type: 'BATCH',
        commandId: data.executeBatch.batchId,
      });
      expect(await c.snapshot()).toEqual({ nodes: [], edges: [] });
    });

    it('names the failing command and writes nothing', async () => {
      const { error } = await g.error('NOT_FOUND', BATCH, {
        commands: [
          { type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P1' } },
          {
            type: 'CREATE_EDGE',
            payload: { type: 'FEEDS', sourceId: { $ref: 0 }, targetId: 'nope' },
          },
        ],
      });
      expect(error.extensions.details).toMatchObject({ index: 1, item: { code: 'NOT_FOUND' } });
      const invalid = await g.error('VALIDATION_ERROR', BATCH, {
        commands: [{ type: 'CREATE_NODE', payload: { entityType: 'Pump' } }],
      });
      expect(invalid.error.extensions.details).toMatchObject({
        index: 0,
        issues: [{ path: 'args.commands.0.payload.name', message: expect.any(String) }],
      });
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('names a field that breaks its type in the arguments, as REST names it in the body', async () => {
      const defined = await request(t.app)
        .put('/api/ontology/entity-types/Motor')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .send({ properties: { rpm: { type: 'integer', max: 100 } }, additionalProperties: true });
      expect(defined.status).toBe(201);
      const { error } = await g.error('VALIDATION_ERROR', BATCH, {
        commands: [
          { type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P1' } },
          {
            type: 'CREATE_NODE',
            payload: { entityType: 'Motor', name: 'm', properties: { rpm: 1000 } },
          },
        ],
      });
      const issues = [
        { path: 'args.commands.1.payload.properties.rpm', message: 'must be at most 100' },
      ];
      expect(error.extensions.details).toMatchObject({
        index: 1,
        issues,
        item: { details: { issues } },
      });
      expect(error.message).toBe(
        'commands[1] (CREATE_NODE) failed: Invalid arguments: args.commands.1.payload.properties.rpm: must be at most 100. Nothing was written.',
      );
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('may appear once per operation: aliases cannot multiply a batch within one request', async () => {
      const twice = `mutation ($commands: [BatchCommandInput!]!) {
        a: executeBatch(commands: $commands) { batchId }
        ...more }
        fragment more on Mutation { b: executeBatch(commands: $commands) { batchId } }`;
      const { error } = await g.error(
        'QUERY_TOO_COMPLEX',
        twice,
        { commands: [{ type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P1' } }] },
        400,
      );
      expect(error.extensions).toMatchObject({ field: 'executeBatch', max: 1, count: 2 });
      expect(error.message).toMatch(/executeBatch at most once/);
      expect((await c.snapshot()).nodes).toEqual([]);
    });
  });

  describe('executeCommand', () => {
    it('runs every command type as POST /api/commands/execute does', async () => {
      const exec = `mutation ($type: CommandType!, $payload: JSON) {
        executeCommand(type: $type, payload: $payload) { commandId type result replayed } }`;
      const created = await g.data(exec, {
        type: 'CREATE_NODE',
        payload: { id: 'n1', entityType: 'Pump', name: 'P1' },
      });
      expect(created.executeCommand).toMatchObject({
        commandId: expect.stringMatching(UUID),
        type: 'CREATE_NODE',
        result: { id: 'n1', name: 'P1', version: 1 },
        replayed: false,
      });
      await g.data(exec, {
        type: 'CREATE_NODE',
        payload: { id: 'n2', entityType: 'Pump', name: 'P2' },
      });
      const edge = await g.data(exec, {
        type: 'CREATE_EDGE',
        payload: { id: 'e1', type: 'FEEDS', sourceId: 'n1', targetId: 'n2' },
      });
      expect(edge.executeCommand.result).toMatchObject({
        id: 'e1',
        sourceId: 'n1',
        targetId: 'n2',
      });
      const updated = await g.data(exec, {
        type: 'UPDATE_NODE',
        payload: { id: 'n1', name: 'P1b' },
      });
      expect(updated.executeCommand.result).toMatchObject({ name: 'P1b', version: 2 });
      const delEdge = await g.data(exec, { type: 'DELETE_EDGE', payload: { id: 'e1' } });
      expect(delEdge.executeCommand.result).toEqual({ id: 'e1', deleted: true });
      const delNode = await g.data(exec, { type: 'DELETE_NODE', payload: { id: 'n2' } });
      expect(delNode.executeCommand.result).toEqual({
        id: 'n2',
        deleted: true,
        deletedEdgeIds: [],
      });
      const undo = await g.data(exec, { type: 'UNDO' });
      expect(undo.executeCommand.result.undone).toMatchObject({ type: 'DELETE_NODE' });
      const redo = await g.data(exec, { type: 'REDO' });
      expect(redo.executeCommand.result.redone).toMatchObject({ type: 'DELETE_NODE' });
    });

    it('reports payload problems against args.payload', async () => {
      const { error } = await g.error(
        'VALIDATION_ERROR',
        'mutation { executeCommand(type: UPDATE_NODE, payload: { id: "x", bogus: 1 }) { commandId } }',
      );
      expect(error.extensions.details?.issues).toEqual(
        expect.arrayContaining([{ path: 'args.payload.bogus', message: 'unknown field' }]),
      );
      const missing = await g.error(
        'VALIDATION_ERROR',
        'mutation { executeCommand(type: CREATE_NODE) { commandId } }',
      );
      expect(missing.error.extensions.details?.issues).toEqual([
        expect.objectContaining({ path: 'args.payload' }),
      ]);
    });
  });

  describe('one history with REST', () => {
    it('a GraphQL mutation is undone and redone through REST, and the reverse', async () => {
      const node = await createNode({ entityType: 'Pump', name: 'P1' });
      await g.data(
        'mutation ($id: ID!) { updateNode(input: { id: $id, name: "P2" }) { node { version } } }',
        { id: node.id },
      );
      // UNDO through REST inverts the GraphQL update...
      const undo = await c.exec('UNDO');
      expect(expectData(undo, 200).result.undone).toMatchObject({
        type: 'UPDATE_NODE',
        changes: [{ kind: 'node', id: node.id, version: 1, exists: true }],
      });
      expect(
        (await g.data('query ($id: ID!) { node(id: $id) { name version } }', { id: node.id })).node,
      ).toEqual({
        name: 'P1',
        version: 1,
      });
      // ...and again the GraphQL create; REST then has the same view as GraphQL.
      await c.ok('UNDO');
      expect(expectData(await c.get('/api/queries/nodes'), 200)).toEqual([]);
      expect((await g.data('{ nodes { total } }')).nodes.total).toBe(0);
      // REDO through GraphQL re-applies what REST undid, in order.
      const redo = await g.data('mutation { redo { type result } }');
      expect(redo.redo).toMatchObject({
        type: 'REDO',
        result: { redone: { type: 'CREATE_NODE' } },
      });
      await g.data('mutation { redo { commandId } }');
      expect(expectData(await c.get(`/api/queries/nodes/${node.id}`), 200)).toMatchObject({
        name: 'P2',
        version: 2,
      });
      // Nothing left to redo: the REST code, in extensions.code.
      await g.error('NOTHING_TO_REDO', 'mutation { redo { commandId } }');
      const restNode = await c.node('Valve', 'V1');
      const undone = await g.data('mutation { undo { result } }');
      expect(undone.undo.result.undone.changes).toEqual([
        { kind: 'node', id: restNode.id, version: null, exists: false },
      ]);
    });

    it('later mutations of one operation still run when an earlier one fails', async () => {
      const res = await g.post(`mutation {
        bad: updateNode(input: { id: "missing", name: "x" }) { node { id } }
        good: createNode(input: { entityType: "Pump", name: "P" }) { node { name } }
      }`);
      expect(codesOf(res)).toEqual(['NOT_FOUND']);
      expect(res.body.data).toEqual({ bad: null, good: { node: { name: 'P' } } });
    });
  });

  describe('scopes and idempotency', () => {
    it('needs write:nodes / write:edges / write:livedata, as REST', async () => {
      const key = await createKey(t, ws.workspaceId, ['read:nodes', 'read:edges']);
      const reader = new GraphQLClient(t, key.secret, ws.workspaceId);
      const { error } = await reader.error('INSUFFICIENT_SCOPE', CREATE_NODE, {
        input: { entityType: 'Pump', name: 'P' },
      });
      expect(error.extensions.details).toEqual({ requiredScope: 'write:nodes' });
      const edge = await reader.error(
        'INSUFFICIENT_SCOPE',
        'mutation { executeCommand(type: DELETE_EDGE, payload: { id: "e" }) { commandId } }',
      );
      expect(edge.error.extensions.details).toEqual({ requiredScope: 'write:edges' });
      const live = await reader.error(
        'INSUFFICIENT_SCOPE',
        'mutation { createLiveDataSource(input: { name: "x" }) { id } }',
      );
      expect(live.error.extensions.details).toEqual({ requiredScope: 'write:livedata' });
      expect((await g.data('{ nodes { total } }')).nodes.total).toBe(0);
    });

    it('replays a mutation with the same idempotencyKey, also across REST, and refuses reuse', async () => {
      const input = { entityType: 'Pump', name: 'Once' };
      const first = await g.data(CREATE_NODE, { input, key: 'create-once-1' });
      const again = await g.data(CREATE_NODE, { input, key: 'create-once-1' });
      expect(again.createNode).toEqual({ ...first.createNode, replayed: true });
      const viaRest = await c.exec('CREATE_NODE', input, 'create-once-1');
      expect(viaRest.headers['idempotent-replayed']).toBe('true');
      expect(expectData(viaRest, 201).result).toEqual(first.createNode.node);
      expect((await g.data('{ nodes { total } }')).nodes.total).toBe(1);
      await g.error('IDEMPOTENCY_KEY_REUSED', CREATE_NODE, {
        input: { entityType: 'Pump', name: 'Other' },
        key: 'create-once-1',
      });
      const badKey = await g.error('VALIDATION_ERROR', CREATE_NODE, { input, key: 'has space' });
      expect(badKey.error.extensions.details?.issues).toEqual([
        { path: 'args.idempotencyKey', message: 'must be 1-255 printable ASCII characters' },
      ]);
    });
  });
});
