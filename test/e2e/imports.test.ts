import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createCliDeps } from '../../src/cli/command';
import { exportWorkspace } from '../../src/transfer/export-workspace';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface ImportData {
  id: string;
  status: 'running' | 'completed' | 'failed';
  nodes: number;
  edges: number;
  unchanged: number;
  lines: number;
  errors: { line: number; message: string }[];
  validateRecords: boolean;
  startedAt: string;
  finishedAt: string | null;
}

const T0 = Date.UTC(2026, 4, 1, 8, 30, 0, 123);
const at = (ms: number) => new Date(T0 + ms).toISOString();

function nodeLine(id: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    kind: 'node',
    id,
    entityType: 'Pump',
    name: `pump ${id}`,
    properties: { n: 1 },
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  });
}

function edgeLine(id: string, sourceId: string, targetId: string): string {
  return JSON.stringify({
    kind: 'edge',
    id,
    type: 'FEEDS',
    sourceId,
    targetId,
    properties: {},
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
  });
}

const endLine = (nodes: number, edges: number) => JSON.stringify({ kind: 'end', nodes, edges });
const ndjson = (...lines: string[]) => `${lines.join('\n')}\n`;

/**
 * For tests that write thousands of records: one statement per record on Neo4j, which takes
 * seconds there and more on a busy machine.
 */
const MANY_RECORDS_MS = 120_000;

/** POST /api/imports: an NDJSON upload streamed into the caller's workspace. */
describe('POST /api/imports', () => {
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

  /** Uploads `body` as it is: text, or bytes (which need not be UTF-8). */
  const upload = (body: string | Buffer, apiKey = key) =>
    request(t.app)
      .post('/api/imports')
      .set(authHeaders(apiKey, workspaceId))
      .set('Content-Type', 'application/x-ndjson')
      .serialize((raw: unknown) => raw as string)
      .send(body);
  const sendEncoded = (encoding: string, body: Buffer) =>
    request(t.app)
      .post('/api/imports')
      .set({
        ...authHeaders(key, workspaceId),
        'content-type': 'application/x-ndjson',
        'content-encoding': encoding,
      })
      .serialize((raw: unknown) => raw as string)
      .send(body);
  const read = async (id: string): Promise<ImportData> =>
    expectData(await c.get(`/api/imports/${id}`), 200) as ImportData;

  it('imports what `cli export` wrote into another workspace, records exactly as they were', async () => {
    const source = await c.node('Pump', 'P1', { rpm: 5, tags: ['a'] });
    const tank = await c.node('Tank', 'T1');
    await c.ok('UPDATE_NODE', { id: source.id, name: 'P1b' });
    await c.edge('FEEDS', source.id, tank.id, { since: '2020' });
    const original = await c.snapshot();
    const lines: string[] = [];
    for await (const line of exportWorkspace(
      createCliDeps(t.container.deps).stores,
      workspaceId,
      at(5),
    )) {
      lines.push(JSON.stringify(line));
    }

    const target = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const res = await request(t.app)
      .post('/api/imports')
      .set(authHeaders(target.apiKey, target.workspaceId))
      .set('Content-Type', 'application/x-ndjson')
      .send(ndjson(...lines));
    const data = expectData(res, 201) as ImportData;
    expect(data).toEqual({
      id: expect.any(String),
      status: 'completed',
      nodes: 2,
      edges: 1,
      unchanged: 0,
      lines: lines.length,
      errors: [],
      validateRecords: true,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(res.headers.location).toBe(`/api/imports/${data.id}`);
    const imported = new OntologyClient(t, target.apiKey, target.workspaceId);
    expect(await imported.snapshot()).toEqual(original);
    // The import is not in anyone's UNDO history.
    expectError(await imported.exec('UNDO'), 409, 'NOTHING_TO_UNDO');
    const listed = await imported.get('/api/imports');
    expect(expectData(listed, 200)).toEqual([data]);
    expect(listed.body.meta).toMatchObject({ total: 1 });
  });

  it('accepts an upload without the workspace line and skips records already there unchanged', async () => {
    const body = ndjson(nodeLine('a'), nodeLine('b'), edgeLine('e', 'a', 'b'), endLine(2, 1));
    expect(expectData(await upload(body), 201)).toMatchObject({ status: 'completed', nodes: 2 });
    const again = expectData(await upload(body), 201) as ImportData;
    expect(again).toMatchObject({ status: 'completed', nodes: 0, edges: 0, unchanged: 3 });
  });

  it('stops at a bad line, keeping every record before it and nothing after', async () => {
    const body = ndjson(
      nodeLine('a'),
      nodeLine('b'),
      '{"kind": "node", oops',
      nodeLine('c'),
      endLine(3, 0),
    );
    const data = expectData(await upload(body), 201) as ImportData;
    expect(data).toMatchObject({
      status: 'failed',
      nodes: 2,
      lines: 2,
      errors: [{ line: 3, message: 'is not valid JSON' }],
    });
    expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(await read(data.id)).toEqual(data);
  });

  describe('text the client did not send is never stored', () => {
    it('stops at a line that is not UTF-8 instead of storing U+FFFD, keeping the lines before', async () => {
      const bad = Buffer.concat([
        Buffer.from(nodeLine('bad').replace('pump bad', 'A__A')),
        Buffer.from('\n'),
      ]);
      // The two placeholder bytes become 0xFF 0xFE: not UTF-8.
      const at = bad.indexOf('A__A') + 1;
      bad[at] = 0xff;
      bad[at + 1] = 0xfe;
      const body = Buffer.concat([
        Buffer.from(ndjson(nodeLine('a'))),
        bad,
        Buffer.from(ndjson(nodeLine('b'), endLine(3, 0))),
      ]);
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data).toMatchObject({
        status: 'failed',
        nodes: 1,
        lines: 1,
        errors: [{ line: 2, message: 'is not valid UTF-8' }],
      });
      expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual(['a']);
    });

    it('stops at a line spelling an unpaired surrogate, naming where', async () => {
      const lone = nodeLine('lone', { properties: { note: 'x' } }).replace('"x"', '"x\\ud800"');
      const body = ndjson(nodeLine('a'), lone, endLine(2, 0));
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 1 });
      expect(data.errors).toEqual([
        {
          line: 2,
          message: expect.stringContaining('properties.note: holds text that is not valid Unicode'),
        },
      ]);
      expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual(['a']);
    });

    it('takes an upload opening with a byte order mark, as JSON bodies are taken', async () => {
      const body = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(ndjson(nodeLine('a'), endLine(1, 0))),
      ]);
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'completed', nodes: 1, lines: 2 });
    });
  });

  it.each([
    [
      'a node that exists with other content',
      [nodeLine('x', { name: 'other' })],
      'node x already exists',
    ],
    ['an edge whose end is missing', [edgeLine('e', 'x', 'nowhere')], 'the target node nowhere'],
    ['an invalid record', [nodeLine('y', { version: 0 })], 'version'],
    ['a workspace line after records', [JSON.stringify({ kind: 'workspace' })], ''],
  ])('fails on %s, naming its line', async (_what, bad, message) => {
    await c.ok('CREATE_NODE', { id: 'x', entityType: 'Pump', name: 'x' });
    const body = ndjson(nodeLine('a'), ...bad, nodeLine('b'), endLine(3, 0));
    const data = expectData(await upload(body), 201) as ImportData;
    expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 1 });
    expect(data.errors).toEqual([{ line: 2, message: expect.stringContaining(message) }]);
    expect((await c.snapshot()).nodes.map((n) => n.id).sort()).toEqual(['a', 'x']);
  });

  describe('with types', () => {
    const pumpType = (overrides: Record<string, unknown> = {}) =>
      JSON.stringify({
        kind: 'entityType',
        name: 'Pump',
        properties: { n: { type: 'integer', max: 5 }, serial: { type: 'string', unique: true } },
        additionalProperties: false,
        version: 3,
        createdAt: at(0),
        updatedAt: at(1),
        ...overrides,
      });

    it('defines the types of the upload first, as they were, and checks every record against them', async () => {
      const body = ndjson(
        pumpType(),
        nodeLine('a', { properties: { n: 1, serial: 'S1' } }),
        nodeLine('b', { properties: { n: 9 } }),
        nodeLine('c'),
        JSON.stringify({ kind: 'end', nodes: 3, edges: 0, types: 1 }),
      );
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 2 });
      expect(data.errors).toEqual([
        { line: 3, message: expect.stringContaining('properties.n: must be at most 5') },
      ]);
      expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual(['a']);
      const type = expectData(await c.get('/api/ontology/entity-types/Pump'), 200);
      expect(type).toMatchObject({ name: 'Pump', version: 3, updatedAt: at(1) });
    });

    it('refuses a record whose unique value another record holds, keeping the records before it', async () => {
      const body = ndjson(
        pumpType(),
        nodeLine('a', { properties: { n: 1, serial: 'S1' } }),
        nodeLine('b', { properties: { n: 2, serial: 'S1' } }),
        endLine(2, 0),
      );
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 2 });
      expect(data.errors).toEqual([
        { line: 3, message: expect.stringContaining('must be unique among Pump nodes') },
      ]);
      expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual(['a']);
      // The value is held by `a` alone: b's failed claim left nothing behind.
      expectError(
        await c.exec('CREATE_NODE', {
          entityType: 'Pump',
          name: 'c',
          properties: { serial: 'S1' },
        }),
        409,
        'CONFLICT',
      );
    });

    it('needs write:ontology to define a type, and skips one the workspace has exactly', async () => {
      const noOntology = (
        await createKey(t, workspaceId, ['write:nodes', 'write:edges', 'read:nodes'])
      ).secret;
      const body = ndjson(pumpType(), nodeLine('a', { properties: { n: 1 } }), endLine(1, 0));
      const refused = expectData(await upload(body, noOntology), 201) as ImportData;
      expect(refused).toMatchObject({ status: 'failed', nodes: 0 });
      expect(refused.errors).toEqual([
        { line: 1, message: expect.stringContaining('needs the write:ontology scope') },
      ]);
      expectError(await c.get('/api/ontology/entity-types/Pump'), 404, 'NOT_FOUND');

      expect(expectData(await upload(body), 201)).toMatchObject({ status: 'completed', nodes: 1 });
      const again = expectData(await upload(body, noOntology), 201);
      expect(again).toMatchObject({ status: 'completed', nodes: 0, unchanged: 1 });
      // Another definition under the same name is a problem, never an overwrite.
      const other = ndjson(pumpType({ additionalProperties: true }), endLine(0, 0));
      const conflicting = expectData(await upload(other), 201) as ImportData;
      expect(conflicting.errors).toEqual([
        {
          line: 1,
          message: expect.stringContaining(
            'already exists in the workspace with another definition',
          ),
        },
      ]);
    });

    describe('validateRecords=false', () => {
      const uploadAsIs = (body: string, apiKey = key, query = 'validateRecords=false') =>
        request(t.app)
          .post(`/api/imports?${query}`)
          .set(authHeaders(apiKey, workspaceId))
          .set('Content-Type', 'application/x-ndjson')
          .send(body);

      it('moves a workspace whose records break their type (kept by validateExisting=false) as it is', async () => {
        await c.entityType('Pump', {
          properties: { n: { type: 'integer' } },
          additionalProperties: true,
        });
        await c.relationshipType('FEEDS', {
          source: ['Pump'],
          target: ['Pump'],
          cardinality: { source: 'one', target: 'many' },
          properties: {},
          additionalProperties: true,
        });
        const a = await c.node('Pump', 'a', { n: 9 });
        const b = await c.node('Pump', 'b', { n: 1 });
        await c.edge('FEEDS', a.id, b.id);
        // Stricter types, applied to writes from now on: `a`, the edge (its target is no
        // Valve) and the Tank (strictOntology, Tank undefined) break them.
        expectData(
          await c.put(
            '/api/ontology/entity-types/Pump',
            { properties: { n: { type: 'integer', max: 5 } }, additionalProperties: false },
            { validateExisting: 'false' },
          ),
          200,
        );
        await c.entityType('Valve', { properties: {}, additionalProperties: true });
        expectData(
          await c.put(
            '/api/ontology/relationship-types/FEEDS',
            {
              source: ['Pump'],
              target: ['Valve'],
              cardinality: { source: 'one', target: 'many' },
              properties: {},
              additionalProperties: true,
            },
            { validateExisting: 'false' },
          ),
          200,
        );
        await c.ok('CREATE_NODE', { entityType: 'Tank', name: 'tk' });
        expectData(
          await c.put(
            '/api/ontology/settings',
            { strictOntology: true },
            { validateExisting: 'false' },
          ),
          200,
        );
        const exported = await request(t.app)
          .get('/api/export')
          .set(authHeaders(key, workspaceId))
          .buffer(true)
          .parse((res, done) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => done(null, text));
          });
        const file = exported.body as string;
        const recordsOf = (ndjsonText: string) =>
          ndjsonText
            .split('\n')
            .filter((l) => /"kind":"(node|edge|entityType|relationshipType|ontology)"/.test(l));

        const target = await createWorkspaceWithKey(t, { plan: 'enterprise' });
        const into = (query: string) =>
          request(t.app)
            .post(`/api/imports${query}`)
            .set(authHeaders(target.apiKey, target.workspaceId))
            .set('Content-Type', 'application/x-ndjson')
            .send(file);
        // Checked as a command's records are, the move stops at the first record that breaks.
        const checked = expectData(await into(''), 201) as ImportData;
        expect(checked.status).toBe('failed');
        expect(checked.validateRecords).toBe(true);
        expect(checked.errors).toEqual([
          { line: expect.any(Number), message: expect.stringMatching(/does not fit its type/) },
        ]);
        const moved = expectData(await into('?validateRecords=false'), 201) as ImportData;
        // Sent again whole: what the first attempt committed is found unchanged.
        expect(moved).toMatchObject({
          status: 'completed',
          edges: 1,
          errors: [],
          validateRecords: false,
        });
        // The record says how the import treated its records, then and later.
        const recorded = await request(t.app)
          .get(`/api/imports/${moved.id}`)
          .set(authHeaders(target.apiKey, target.workspaceId));
        expect(expectData(recorded, 200)).toEqual(moved);
        const listed = await request(t.app)
          .get('/api/imports')
          .set(authHeaders(target.apiKey, target.workspaceId));
        // Both started at the same (fixed) instant: their order in the list is the ids'.
        expect(
          new Map((expectData(listed, 200) as ImportData[]).map((i) => [i.id, i.validateRecords])),
        ).toEqual(
          new Map([
            [moved.id, false],
            [checked.id, true],
          ]),
        );
        expect(moved.nodes + moved.unchanged).toBe(3);
        expect(moved.unchanged).toBe(checked.nodes);
        const copy = await request(t.app)
          .get('/api/export')
          .set(authHeaders(target.apiKey, target.workspaceId))
          .buffer(true)
          .parse((res, done) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => done(null, text));
          });
        expect(recordsOf(copy.body as string)).toEqual(recordsOf(file));
        // The types hold for writes from then on, in the new workspace as in the old one.
        const there = new OntologyClient(t, target.apiKey, target.workspaceId);
        expectError(
          await there.exec('CREATE_NODE', { entityType: 'Pump', name: 'c', properties: { n: 9 } }),
          400,
          'VALIDATION_ERROR',
        );
        expectError(
          await there.exec('CREATE_NODE', { entityType: 'Tank', name: 't' }),
          400,
          'VALIDATION_ERROR',
        );
      });

      it('still holds the unique index: a value another record holds stops the import', async () => {
        const body = ndjson(
          pumpType(),
          nodeLine('a', { properties: { n: 9, serial: 'S1' } }),
          nodeLine('b', { properties: { n: 1, serial: 'S1' } }),
          endLine(2, 0),
        );
        const data = expectData(await uploadAsIs(body), 201) as ImportData;
        expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 2 });
        expect(data.errors).toEqual([
          { line: 3, message: expect.stringContaining('must be unique among Pump nodes') },
        ]);
        expect((await c.snapshot()).nodes).toMatchObject([{ id: 'a', properties: { n: 9 } }]);
      });

      it('defines a type the records already in the workspace break, leaving them as they are', async () => {
        await c.ok('CREATE_NODE', {
          id: 'old',
          entityType: 'Pump',
          name: 'old',
          properties: { n: 7 },
        });
        const body = ndjson(pumpType(), endLine(0, 0));
        const checked = expectData(await upload(body), 201) as ImportData;
        expect(checked.errors).toEqual([
          { line: 1, message: expect.stringContaining('the entity type Pump cannot be defined') },
        ]);
        expectError(await c.get('/api/ontology/entity-types/Pump'), 404, 'NOT_FOUND');
        expect(expectData(await uploadAsIs(body), 201)).toMatchObject({ status: 'completed' });
        expect(expectData(await c.get('/api/ontology/entity-types/Pump'), 200)).toMatchObject({
          version: 3,
        });
        expect((await c.snapshot()).nodes).toMatchObject([{ id: 'old', properties: { n: 7 } }]);
      });

      it('needs write:ontology, and refuses other values and unknown parameters, before reading', async () => {
        const noOntology = (
          await createKey(t, workspaceId, ['write:nodes', 'write:edges', 'read:nodes'])
        ).secret;
        const body = ndjson(nodeLine('a'), endLine(1, 0));
        const refused = expectError(await uploadAsIs(body, noOntology), 403, 'INSUFFICIENT_SCOPE');
        expect(refused.details).toEqual({ requiredScope: 'write:ontology' });
        const wrong = expectError(
          await uploadAsIs(body, key, 'validateRecords=no'),
          400,
          'VALIDATION_ERROR',
        );
        expect(wrong.message).toContain('validateRecords must be true or false');
        expectError(await uploadAsIs(body, key, 'validate=false'), 400, 'VALIDATION_ERROR');
        expect(expectData(await c.get('/api/imports'), 200)).toEqual([]);
        expect((await c.snapshot()).nodes).toEqual([]);
        // true is the default, spelled out.
        expect(expectData(await uploadAsIs(body, key, 'validateRecords=true'), 201)).toMatchObject({
          status: 'completed',
          nodes: 1,
        });
      });
    });

    it('refuses type lines after records', async () => {
      const body = ndjson(nodeLine('a'), pumpType(), endLine(1, 0));
      const data = expectData(await upload(body), 201) as ImportData;
      expect(data.errors).toEqual([
        { line: 2, message: 'type and ontology lines come before every node and edge' },
      ]);
    });
  });

  it('fails a truncated upload (no end line, or wrong counts) and keeps what it wrote', async () => {
    const truncated = expectData(await upload(ndjson(nodeLine('a'), nodeLine('b'))), 201);
    expect(truncated).toMatchObject({
      status: 'failed',
      nodes: 2,
      errors: [{ line: 3, message: expect.stringContaining('truncated') }],
    });
    const miscounted = expectData(await upload(ndjson(nodeLine('c'), endLine(5, 0))), 201);
    expect(miscounted).toMatchObject({
      status: 'failed',
      errors: [{ line: 2, message: expect.stringContaining('counts 5 nodes') }],
    });
  });

  it('refuses a line longer than 1 MiB without reading it whole', async () => {
    const huge = `{"kind":"node","name":"${'x'.repeat(1_100_000)}"}`;
    const data = expectData(await upload(ndjson(nodeLine('a'), huge, endLine(2, 0))), 201);
    expect(data).toMatchObject({
      status: 'failed',
      nodes: 1,
      errors: [{ line: 2, message: expect.stringContaining('longer than 1048576 bytes') }],
    });
  });

  it(
    'writes in chunks: 2,500 records across three transactions',
    async () => {
      const lines = Array.from({ length: 2500 }, (_, i) => nodeLine(`n${i}`));
      const data = expectData(await upload(ndjson(...lines, endLine(2500, 0))), 201);
      expect(data).toMatchObject({ status: 'completed', nodes: 2500, lines: 2501 });
    },
    MANY_RECORDS_MS,
  );

  it('needs write:nodes and write:edges, and an NDJSON body', async () => {
    const nodesOnly = (await createKey(t, workspaceId, ['write:nodes', 'read:nodes'])).secret;
    const error = expectError(
      await upload(ndjson(endLine(0, 0)), nodesOnly),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(error.details).toEqual({ requiredScope: 'write:edges' });
    const json = await request(t.app)
      .post('/api/imports')
      .set(authHeaders(key, workspaceId))
      .send({ kind: 'end', nodes: 0, edges: 0 });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const compressed = await sendEncoded('compress', Buffer.from(ndjson(endLine(0, 0))));
    const refused = expectError(compressed, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(refused.message).toBe(
      'The request body must be sent uncompressed or with Content-Encoding gzip, deflate, br.',
    );
    expect(refused.details).toEqual({ received: 'content-encoding compress' });
    expect(expectData(await c.get('/api/imports'), 200)).toEqual([]);
  });

  describe('compressed uploads', () => {
    const records = () =>
      ndjson(nodeLine('a'), nodeLine('b'), edgeLine('e1', 'a', 'b'), endLine(2, 1));

    it.each([
      ['gzip', zlib.gzipSync],
      ['deflate', zlib.deflateSync],
      ['br', zlib.brotliCompressSync],
      [' GZip ', zlib.gzipSync],
    ])('reads an upload sent with Content-Encoding %s', async (encoding, compress) => {
      const res = await sendEncoded(encoding, compress(records()));
      expect(expectData(res, 201)).toMatchObject({ status: 'completed', nodes: 2, edges: 1 });
      expect(expectData(await c.get('/api/queries/edges/e1'), 200)).toMatchObject({
        sourceId: 'a',
        targetId: 'b',
      });
    });

    it(
      'decompresses as it reads: 2,500 records in chunks, gzip members concatenated',
      async () => {
        const lines = Array.from({ length: 2500 }, (_, i) => nodeLine(`n${i}`));
        const body = Buffer.concat([
          zlib.gzipSync(ndjson(...lines.slice(0, 1200))),
          zlib.gzipSync(ndjson(...lines.slice(1200), endLine(2500, 0))),
        ]);
        const data = expectData(await sendEncoded('gzip', body), 201);
        expect(data).toMatchObject({ status: 'completed', nodes: 2500, lines: 2501 });
      },
      MANY_RECORDS_MS,
    );

    it('fails on bytes that are not what the Content-Encoding says, writing nothing', async () => {
      const res = await sendEncoded('gzip', Buffer.from(records()));
      const data = expectData(res, 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 0, edges: 0, lines: 0 });
      expect(data.errors).toEqual([
        { line: 1, message: 'the upload could not be decompressed as its Content-Encoding says' },
      ]);
      expect((await c.get('/api/queries/nodes/a')).status).toBe(404);
    });

    it.each([
      ['gzip', zlib.gzipSync, Buffer.from('not gzip')],
      ['gzip', zlib.gzipSync, Buffer.alloc(100)],
      ['deflate', zlib.deflateSync, Buffer.from('garbage')],
      ['br', zlib.brotliCompressSync, Buffer.from(`${nodeLine('late')}\n`)],
    ])(
      'fails on bytes after the end of the %s data (%#); the record says which lines it kept',
      async (encoding, compress, tail) => {
        const body = Buffer.concat([
          compress(ndjson(nodeLine('a'), nodeLine('b'), endLine(2, 0))),
          tail,
        ]);
        const data = expectData(await sendEncoded(encoding, body), 201) as ImportData;
        expect(data.status).toBe('failed');
        expect(data.errors).toEqual([
          {
            line: data.lines + 1,
            message: 'the upload could not be decompressed as its Content-Encoding says',
          },
        ]);
        // zlib may fail before handing over what it decompressed from the same chunk: which
        // of the lines were written depends on how the bytes arrived, and the record says.
        const kept = expectData(await c.get('/api/queries/nodes'), 200) as unknown[];
        expect(kept).toHaveLength(data.nodes);
        expect((await c.get('/api/queries/nodes/late')).status).toBe(404);
      },
    );

    it('fails on a compressed upload cut short (no gzip trailer)', async () => {
      const whole = zlib.gzipSync(records());
      const res = await sendEncoded('gzip', whole.subarray(0, whole.length - 8));
      const data = expectData(res, 201) as ImportData;
      expect(data.status).toBe('failed');
      expect(data.errors[0]?.message).toBe(
        'the upload could not be decompressed as its Content-Encoding says',
      );
    });

    it('stops at a bad line inside a compressed upload and still answers', async () => {
      const many = Array.from({ length: 3000 }, (_, i) => nodeLine(`m${i}`));
      const body = zlib.gzipSync(ndjson(nodeLine('a'), '{"kind": "node", oops', ...many));
      const data = expectData(await sendEncoded('gzip', body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1, lines: 1 });
      expect(data.errors).toEqual([{ line: 2, message: 'is not valid JSON' }]);
    });

    it('refuses an upload that expands more than 200 times, past its first MiB', async () => {
      // 20 MiB of blank-ish lines (skipped, so cheap to read here) in about 20 KB of gzip.
      const padding = `${' '.repeat(1023)}\n`.repeat(20 * 1024);
      const body = zlib.gzipSync(ndjson(nodeLine('a')) + padding + ndjson(endLine(1, 0)));
      expect(body.length).toBeLessThan(100 * 1024);
      const data = expectData(await sendEncoded('gzip', body), 201) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1 });
      expect(data.errors).toEqual([
        {
          line: data.lines + 1,
          message:
            'the upload expands to more than 200 times its compressed size: refused as a decompression bomb',
        },
      ]);
      // Under the allowance, the same expansion is read: a small upload compresses well.
      const small = zlib.gzipSync(
        ndjson(nodeLine('b')) + `${' '.repeat(1023)}\n`.repeat(512) + ndjson(endLine(1, 0)),
      );
      const read = expectData(await sendEncoded('gzip', small), 201) as ImportData;
      expect(read).toMatchObject({ status: 'completed', nodes: 1 });
    });

    it('a line longer than the limit is found in the decompressed bytes', async () => {
      // Random hex: it compresses about twice, far below the expansion bound.
      const long = nodeLine('big', { name: randomBytes(512 * 1024 + 1).toString('hex') });
      const data = expectData(
        await sendEncoded('gzip', zlib.gzipSync(ndjson(nodeLine('a'), long, endLine(2, 0)))),
        201,
      ) as ImportData;
      expect(data).toMatchObject({ status: 'failed', nodes: 1 });
      expect(data.errors[0]).toEqual({ line: 2, message: 'is longer than 1048576 bytes' });
    });
  });

  it('answers 404 for an import of another workspace', async () => {
    const data = expectData(await upload(ndjson(endLine(0, 0))), 201) as ImportData;
    const other = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const res = await request(t.app)
      .get(`/api/imports/${data.id}`)
      .set(authHeaders(other.apiKey, other.workspaceId));
    expectError(res, 404, 'NOT_FOUND');
  });

  describe('over a real connection', () => {
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      server = http.createServer(t.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    /** Starts a chunked upload; the caller writes to it and ends (or destroys) it. */
    function open(headers: Record<string, string> = {}): http.ClientRequest {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/imports',
        headers: {
          ...authHeaders(key, workspaceId),
          'Content-Type': 'application/x-ndjson',
          ...headers,
        },
      });
      req.on('error', () => undefined);
      return req;
    }

    /** Polls `probe` until it gives a value: a chunk of 1,000 records may take seconds on Neo4j. */
    async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const value = await probe();
        if (value !== undefined) {
          return value;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('condition not reached within 60 s');
    }

    const current = async (): Promise<ImportData | undefined> =>
      (expectData(await c.get('/api/imports'), 200) as ImportData[])[0];

    /** The latest import, once it has committed `nodes` records. */
    const committed = (nodes: number): Promise<ImportData> =>
      until(async () => {
        const found = await current();
        return found && found.nodes === nodes ? found : undefined;
      });

    /** The status of the answer `req` gets. */
    const statusOf = (req: http.ClientRequest) =>
      new Promise<number>((resolve) =>
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }),
      );

    it(
      'shows progress while the upload runs, and other requests are answered meanwhile',
      async () => {
        const req = open();
        req.write(ndjson(...Array.from({ length: 1000 }, (_, i) => nodeLine(`n${i}`))));
        const running = await committed(1000);
        expect(running).toMatchObject({ status: 'running', lines: 1000, finishedAt: null });
        expectData(await c.get('/api/queries/nodes/n999'), 200);
        const answered = statusOf(req);
        req.end(ndjson(nodeLine('last'), endLine(1001, 0)));
        expect(await answered).toBe(201);
        expect(await read(running.id)).toMatchObject({ status: 'completed', nodes: 1001 });
      },
      MANY_RECORDS_MS,
    );

    it(
      'fails an upload cut by the client, keeping what was committed',
      async () => {
        const req = open();
        req.write(ndjson(...Array.from({ length: 1000 }, (_, i) => nodeLine(`n${i}`))));
        const running = await committed(1000);
        req.write(nodeLine('partial'));
        req.destroy();
        const failed = await until(async () => {
          const found = await read(running.id);
          return found.status === 'failed' ? found : undefined;
        });
        expect(failed).toMatchObject({ nodes: 1000, lines: 1000 });
        expect(failed.errors).toEqual([
          { line: 1001, message: expect.stringContaining('cut off') },
        ]);
        const list = await c.get('/api/queries/nodes', { limit: 1 });
        expect(list.body.meta).toMatchObject({ total: 1000 });
      },
      MANY_RECORDS_MS,
    );

    it(
      'runs at most 4 imports at once: a fifth is answered 503 with Retry-After, later ones run',
      async () => {
        const uploads = Array.from({ length: 4 }, (_, i) => {
          const req = open();
          req.write(ndjson(nodeLine(`u${i}`)));
          return { req, status: statusOf(req) };
        });
        await until(async () => {
          const listed = expectData(await c.get('/api/imports'), 200) as ImportData[];
          return listed.filter((i) => i.status === 'running').length === 4 ? true : undefined;
        });
        const fifth = await upload(ndjson(nodeLine('late'), endLine(1, 0)));
        const refused = expectError(fifth, 503, 'SERVICE_UNAVAILABLE');
        expect(fifth.headers['retry-after']).toBe('5');
        expect(refused.details).toEqual({ running: 4 });
        uploads.forEach(({ req }) => req.end(ndjson(endLine(1, 0))));
        expect(await Promise.all(uploads.map((u) => u.status))).toEqual([201, 201, 201, 201]);
        const after = expectData(await upload(ndjson(nodeLine('late'), endLine(1, 0))), 201);
        expect(after).toMatchObject({ status: 'completed', nodes: 1 });
      },
      MANY_RECORDS_MS,
    );

    /** A gzip stream into a chunked upload; `flush` sends what was written so far. */
    function openGzip(): { gzip: zlib.Gzip; req: http.ClientRequest; flush: () => Promise<void> } {
      const req = open({ 'Content-Encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(req);
      const flush = () => new Promise<void>((resolve) => gzip.flush(() => resolve()));
      return { gzip, req, flush };
    }

    it(
      'reads a gzip upload as it arrives, showing progress before its end',
      async () => {
        const { gzip, req, flush } = openGzip();
        gzip.write(ndjson(...Array.from({ length: 1000 }, (_, i) => nodeLine(`n${i}`))));
        await flush();
        const running = await committed(1000);
        expect(running).toMatchObject({ status: 'running', finishedAt: null });
        const answered = statusOf(req);
        gzip.end(ndjson(nodeLine('last'), endLine(1001, 0)));
        expect(await answered).toBe(201);
        expect(await read(running.id)).toMatchObject({ status: 'completed', nodes: 1001 });
      },
      MANY_RECORDS_MS,
    );

    it(
      'fails a gzip upload cut by the client, keeping what was committed',
      async () => {
        const { gzip, req, flush } = openGzip();
        gzip.write(ndjson(...Array.from({ length: 1000 }, (_, i) => nodeLine(`n${i}`))));
        await flush();
        const running = await committed(1000);
        req.destroy();
        const failed = await until(async () => {
          const found = await read(running.id);
          return found.status === 'failed' ? found : undefined;
        });
        expect(failed).toMatchObject({ nodes: 1000, lines: 1000 });
        expect(failed.errors).toEqual([
          { line: 1001, message: expect.stringContaining('cut off') },
        ]);
      },
      MANY_RECORDS_MS,
    );
  });
});
