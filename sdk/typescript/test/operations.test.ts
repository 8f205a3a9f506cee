import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { WosApiError, type OperationId } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

const SPEC_PATH = path.resolve(__dirname, '../../../docs/api/openapi.yaml');

/** Every operationId of the document, read from the YAML itself (not from the SDK). */
function specOperationIds(): string[] {
  const spec = parse(fs.readFileSync(SPEC_PATH, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(spec.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      typeof operation === 'object' && operation?.operationId ? [operation.operationId] : [],
    ),
  );
}

describe('client.operations', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('has a method for every operationId of docs/api/openapi.yaml', () => {
    const ids = specOperationIds();
    expect(ids.length).toBeGreaterThanOrEqual(78);
    const missing = ids.filter(
      (id) => typeof (s.client.operations as Record<string, unknown>)[id] !== 'function',
    );
    expect(missing).toEqual([]);
    expect(Object.keys(s.client.operations).sort()).toEqual([...ids].sort());
  });

  it('calls system, identity and key routes', async () => {
    const { client } = s;
    expect((await client.operations.getHealth()).data.status).toBe('ok');
    const yaml = await client.operations.getOpenApiDocument();
    expect(yaml.data).toContain('openapi: 3.1.0');
    const me = await client.me();
    expect(me.homeWorkspaceId).toBe(s.app.workspaceId);
    const workspaces = await client.operations.listWorkspaces({ query: { limit: 10 } });
    expect(workspaces.meta.total).toBe(1);
    expect(workspaces.requestId).toMatch(/^req_[0-9a-f]{32}$/);

    const created = await client.operations.createApiKey({
      body: { name: 'sdk reader', scopes: ['read:nodes'] },
    });
    expect(created.status).toBe(201);
    expect(created.data.secret).toMatch(/^wos_/);
    const fetched = await client.operations.getApiKey({ path: { id: created.data.id } });
    expect(fetched.data.name).toBe('sdk reader');
    const revoked = await client.operations.revokeApiKey({ path: { id: created.data.id } });
    expect(revoked.status).toBe(204);
    expect(revoked.data).toBeUndefined();
    const keys = await client.paginate('listApiKeys', { query: { limit: 1 } }).toArray();
    // Created at the same instant (the test clock stands still): in either order.
    expect(keys.map((key) => key.name).sort()).toEqual(['bootstrap admin key', 'sdk reader']);
  });

  it('calls ontology, command, query, Cypher and search routes', async () => {
    const { client } = s;
    const type = await client.operations.putEntityType({
      path: { name: 'Pump' },
      body: { properties: { rpm: { type: 'number' } }, additionalProperties: true },
    });
    expect(type.status).toBe(201);
    expect((await client.operations.getOntology()).data.entityTypes.map((t) => t.name)).toContain(
      'Pump',
    );
    const pump = await client.nodes.create({ entityType: 'Pump', name: 'Feed pump' });
    const tank = await client.nodes.create({ id: 'tank-1', entityType: 'Tank', name: 'Day tank' });
    const edge = await client.edges.create({ type: 'FEEDS', sourceId: pump.id, targetId: tank.id });
    const updated = await client.nodes.update({ id: pump.id, properties: { rpm: 1450 } });
    expect(updated.version).toBe(2);
    expect((await client.nodes.get(pump.id)).properties).toEqual({ rpm: 1450 });
    expect((await client.edges.get(edge.id)).sourceId).toBe(pump.id);
    const neighbors = await client.nodes.neighbors(pump.id, { depth: 1 });
    expect(neighbors.nodes.map((n) => n.id).sort()).toEqual([pump.id, tank.id].sort());

    const cypher = await client.operations.runCypher({
      body: { query: 'MATCH (n:Pump) RETURN n.name AS name' },
    });
    expect(cypher.data.columns).toEqual(['name']);
    expect(cypher.data.rows).toEqual([['Feed pump']]);
    const status = await client.operations.getSearchIndexStatus();
    expect(status.status).toBe(200);
    const hits = await client.operations.semanticSearch({ body: { query: 'pump' } });
    expect(Array.isArray(hits.data)).toBe(true);

    const undone = await client.commands.undo();
    expect(undone.type).toBe('UNDO');
    expect(await client.nodes.get(pump.id)).toMatchObject({ version: 1, properties: {} });
  });

  it('calls live-data, connector, event and GraphQL routes', async () => {
    const { client } = s;
    const node = await client.nodes.create({ entityType: 'Sensor', name: 'Boiler temperature' });
    const source = await client.operations.createLiveDataSource({
      body: { entityId: node.id, name: 'temperature', unit: 'degC' },
    });
    expect(source.status).toBe(201);
    expect((await client.paginate('listLiveDataSources').toArray()).length).toBe(1);

    const connector = await client.operations.createConnector({
      body: { type: 'Webhook', name: 'erp' },
    });
    await client.operations.deleteConnector({ path: { id: connector.data.id } });
    await expect(
      client.operations.getConnector({ path: { id: connector.data.id } }),
    ).rejects.toBeInstanceOf(WosApiError);

    const events = await client.paginate('listEvents', { query: { limit: 2 } }).toArray();
    expect(events.length).toBeGreaterThan(2);
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);

    const graphql = await client.operations.graphqlPost({
      body: { query: '{ nodes(limit: 1) { items { id } } }' },
    });
    expect(graphql.data).toHaveProperty('data');
  });

  it('exposes the operations without an envelope as text or stream', async () => {
    const exported = await s.client.operations.exportWorkspace();
    const text = await new Response(exported.data).text();
    expect(text.split('\n')[0]).toContain('"kind"');
    const metadata = await s.client.operations.getAuthorizationServerMetadata();
    expect(metadata.data.issuer).toBe(s.baseUrl);
  });

  it('keeps every call typed by the document', () => {
    // Compile-time checks: a wrong call does not type-check (npm run typecheck).
    const check = (id: OperationId) => id;
    expect(check('listNodes')).toBe('listNodes');
    if (Date.now() < 0) {
      // @ts-expect-error path parameters are required
      void s.client.operations.getNode({});
      // @ts-expect-error so is the parameters argument, when it holds them
      void s.client.call('getNode');
      void s.client.call('getHealth');
      // @ts-expect-error unknown command type
      void s.client.commands.execute({ type: 'NOPE', payload: {} });
      // @ts-expect-error limit is a number
      void s.client.nodes.list({ limit: 'ten' });
    }
  });
});
