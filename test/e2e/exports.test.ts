import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import request from 'supertest';
import { createCliDeps } from '../../src/cli/command';
import { exportWorkspace } from '../../src/transfer/export-workspace';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

const T0 = Date.UTC(2026, 4, 1, 8, 30, 0, 123);

type Line = Record<string, unknown> & { kind: string };

/** GET /api/export: an NDJSON body read as text, a JSON one (an error) parsed. */
function exportOf(t: TestApp, key: string, workspaceId: string, query = '') {
  return request(t.app)
    .get(`/api/export${query}`)
    .set(authHeaders(key, workspaceId))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => {
        const json = String(res.headers['content-type']).startsWith('application/json');
        done(null, json ? JSON.parse(text) : text);
      });
    });
}

const linesOf = (body: unknown): Line[] =>
  (body as string)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

/** GET /api/export: a workspace as NDJSON, the format imports read. */
describe('GET /api/export', () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let key: string;
  let workspaceId: string;
  let c: OntologyClient;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    key = ws.apiKey;
    workspaceId = ws.workspaceId;
    c = new OntologyClient(t, key, workspaceId);
  });

  it('streams the types and every record, which POST /api/imports puts in another workspace as they were', async () => {
    await c.entityType('Pump', {
      properties: { rpm: { type: 'integer', min: 0 }, tags: { type: 'string[]' } },
      additionalProperties: false,
    });
    await c.relationshipType('FEEDS', {
      source: ['Pump'],
      target: 'any',
      properties: { since: { type: 'string' } },
      additionalProperties: false,
    });
    const pump = await c.node('Pump', 'P1', { rpm: 5, tags: ['a', 'b'] });
    const tank = await c.node('Tank', 'T1', { level: 0.5 });
    clock.advance(1000);
    await c.ok('UPDATE_NODE', { id: pump.id, name: 'P1b' });
    await c.edge('FEEDS', pump.id, tank.id, { since: '2020' });
    const original = await c.snapshot();

    const res = await exportOf(t, key, workspaceId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="workspace-${workspaceId}.ndjson"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const lines = linesOf(res.body);
    expect(lines.map((l) => l.kind)).toEqual([
      'workspace',
      'entityType',
      'relationshipType',
      'ontology',
      'node',
      'node',
      'edge',
      'end',
    ]);
    expect(lines[0]).toMatchObject({
      format: 'workspace-ontology-export',
      version: 2,
      exportedAt: new Date(clock.now()).toISOString(),
      workspace: { id: workspaceId, plan: 'enterprise' },
    });
    expect(lines.at(-1)).toEqual({ kind: 'end', nodes: 2, edges: 1, types: 2 });

    const target = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const imported = await request(t.app)
      .post('/api/imports')
      .set(authHeaders(target.apiKey, target.workspaceId))
      .set('Content-Type', 'application/x-ndjson')
      .send(res.body as string);
    expect(expectData(imported, 201)).toMatchObject({ status: 'completed', nodes: 2, edges: 1 });
    const copy = new OntologyClient(t, target.apiKey, target.workspaceId);
    expect(await copy.snapshot()).toEqual(original);
    const pumpType = expectData(await copy.get('/api/ontology/entity-types/Pump'), 200);
    expect(pumpType).toEqual(expectData(await c.get('/api/ontology/entity-types/Pump'), 200));
  });

  it('writes what `cli export` writes, line for line', async () => {
    const a = await c.node('Pump', 'A');
    const b = await c.node('Pump', 'B');
    await c.edge('FEEDS', a.id, b.id);
    const exportedAt = new Date(clock.now()).toISOString();
    const cli: string[] = [];
    for await (const line of exportWorkspace(
      createCliDeps(t.container.deps).stores,
      workspaceId,
      exportedAt,
    )) {
      cli.push(JSON.stringify(line));
    }
    const res = await exportOf(t, key, workspaceId);
    expect(res.body).toBe(`${cli.join('\n')}\n`);
  });

  it('exports an empty workspace as its header and an end line', async () => {
    const res = await exportOf(t, key, workspaceId);
    expect(res.status).toBe(200);
    expect(linesOf(res.body).map((l) => l.kind)).toEqual(['workspace', 'end']);
    expect(linesOf(res.body)[1]).toEqual({ kind: 'end', nodes: 0, edges: 0, types: 0 });
  });

  it('exports only the workspace of the request', async () => {
    await c.node('Pump', 'mine');
    const other = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    await new OntologyClient(t, other.apiKey, other.workspaceId).node('Pump', 'theirs');
    const lines = linesOf((await exportOf(t, key, workspaceId)).body);
    expect(lines.filter((l) => l.kind === 'node').map((l) => l.name)).toEqual(['mine']);
  });

  it('compresses with gzip when the client asks for it, and only then', async () => {
    for (let i = 0; i < 20; i += 1) {
      await c.node('Pump', `pump ${i}`, { serial: `S-${i}` });
    }
    const plain = await exportOf(t, key, workspaceId).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // Read off a socket of its own: supertest would unzip the body before the test sees it.
    const server = http.createServer(t.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const [res] = (await once(
        http.get({
          host: '127.0.0.1',
          port,
          path: '/api/export',
          headers: { ...authHeaders(key, workspaceId), 'Accept-Encoding': 'gzip' },
        }),
        'response',
      )) as [http.IncomingMessage];
      const parts: Buffer[] = [];
      for await (const part of res) {
        parts.push(part as Buffer);
      }
      const body = Buffer.concat(parts);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(body).toString('utf8')).toBe(plain.body);
      expect(body.length).toBeLessThan((plain.body as string).length / 3);
    } finally {
      server.close();
    }
    const preferNone = await exportOf(t, key, workspaceId).set(
      'Accept-Encoding',
      'gzip;q=0.5, identity',
    );
    expect(preferNone.headers['content-encoding']).toBeUndefined();
  });

  it('answers hostile query strings with 400 in the envelope', async () => {
    for (const query of [
      '?x[a][b][c][d][e]=1',
      `?format=${'a'.repeat(5000)}`,
      '?__proto__=1',
      '?format=csv&format=json',
      '?%00=1',
    ]) {
      const res = await exportOf(t, key, workspaceId, query);
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    await c.node('Pump', 'A');
    const res = await request(t.app).head('/api/export').set(authHeaders(key, workspaceId));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.text ?? '').toBe('');
  });

  it('needs read:nodes and read:edges', async () => {
    const nodesOnly = (await createKey(t, workspaceId, ['read:nodes'])).secret;
    const edgesOnly = (await createKey(t, workspaceId, ['read:edges'])).secret;
    const noEdges = await exportOf(t, nodesOnly, workspaceId);
    expectError(noEdges, 403, 'INSUFFICIENT_SCOPE');
    expect(noEdges.body.error.details).toMatchObject({ requiredScope: 'read:edges' });
    const noNodes = await exportOf(t, edgesOnly, workspaceId);
    expectError(noNodes, 403, 'INSUFFICIENT_SCOPE');
    expect(noNodes.body.error.details).toMatchObject({ requiredScope: 'read:nodes' });
  });

  it('answers bad requests in the envelope, before any line', async () => {
    const unknown = await exportOf(t, key, workspaceId, '?format=csv');
    expectError(unknown, 400, 'VALIDATION_ERROR');
    expect(unknown.body.error.details.issues).toEqual([
      { path: 'query.format', message: 'unknown field' },
    ]);
    const noWorkspace = await request(t.app)
      .get('/api/export')
      .set('Authorization', `Bearer ${key}`);
    expectError(noWorkspace, 400, 'WORKSPACE_REQUIRED');
    const anonymous = await request(t.app).get('/api/export').set('x-workspace-id', workspaceId);
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const post = await request(t.app).post('/api/export').set(authHeaders(key, workspaceId));
    expectError(post, 405, 'METHOD_NOT_ALLOWED');
  });
});
