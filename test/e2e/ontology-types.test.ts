import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface Issue {
  path: string;
  message: string;
}

/** A pump type that uses every kind of constraint. */
const PUMP = {
  description: 'A pump',
  titleProperty: 'serial',
  properties: {
    serial: { type: 'string', required: true, unique: true, pattern: '^P-[0-9]+$' },
    rpm: { type: 'integer', min: 0, max: 3000 },
    flow: { type: 'number', min: 0.5 },
    state: { type: 'string', enum: ['on', 'off'] },
    note: { type: 'string', minLength: 2, maxLength: 5 },
    active: { type: 'boolean' },
    installed: { type: 'date', min: '2000-01-01' },
    seen: { type: 'datetime' },
    tags: { type: 'string[]', maxLength: 2 },
    readings: { type: 'number[]', min: 0 },
    meta: { type: 'json' },
  },
  additionalProperties: false,
};

/**
 * Ontology types (docs/ontology.md, "Types"): defining them, and their enforcement on every
 * way records are written.
 */
describe('ontology types', () => {
  let t: TestApp;
  let c: OntologyClient;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
  });

  const issuesOf = (body: { error: { details: { issues: Issue[] } } }) => body.error.details.issues;

  describe('definitions', () => {
    it('creates, reads, lists, changes and deletes types; GET /api/ontology shows the whole schema', async () => {
      const created = await c.put('/api/ontology/entity-types/Pump', PUMP);
      expect(expectData(created, 201)).toMatchObject({ name: 'Pump', version: 1, ...PUMP });
      await c.entityType('Tank', { properties: {}, additionalProperties: true });
      const feeds = {
        source: ['Pump'],
        target: ['Tank'],
        properties: {},
        additionalProperties: true,
      };
      expectData(await c.put('/api/ontology/relationship-types/FEEDS', feeds), 201);

      const changed = await c.put('/api/ontology/entity-types/Tank', {
        description: 'A tank',
        properties: {},
        additionalProperties: true,
      });
      expect(expectData(changed, 200)).toMatchObject({ name: 'Tank', version: 2 });
      expect(expectData(await c.get('/api/ontology/entity-types/Tank'), 200)).toMatchObject({
        description: 'A tank',
      });
      const list = await c.get('/api/ontology/entity-types');
      expect((expectData(list, 200) as { name: string }[]).map((x) => x.name)).toEqual([
        'Pump',
        'Tank',
      ]);
      const whole = expectData(await c.get('/api/ontology'), 200) as {
        settings: { strictOntology: boolean };
        entityTypes: { name: string }[];
        relationshipTypes: { name: string; cardinality: object }[];
      };
      expect(whole.settings.strictOntology).toBe(false);
      expect(whole.entityTypes.map((x) => x.name)).toEqual(['Pump', 'Tank']);
      expect(whole.relationshipTypes).toEqual([
        expect.objectContaining({ name: 'FEEDS', cardinality: { source: 'many', target: 'many' } }),
      ]);

      expectData(await c.delete('/api/ontology/relationship-types/FEEDS'), 200);
      expectError(await c.get('/api/ontology/relationship-types/FEEDS'), 404, 'NOT_FOUND');
    });

    it('needs write:ontology to change types, read:nodes to read them', async () => {
      const reader = (await createKey(t, c.workspaceId, ['read:nodes', 'write:nodes'])).secret;
      const res = await request(t.app)
        .put('/api/ontology/entity-types/Pump')
        .set(authHeaders(reader, c.workspaceId))
        .send(PUMP);
      expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        requiredScope: 'write:ontology',
      });
      const read = await request(t.app)
        .get('/api/ontology')
        .set(authHeaders(reader, c.workspaceId));
      expectData(read, 200);
    });

    it('refuses an incoherent definition with one issue per problem', async () => {
      const res = await c.put('/api/ontology/entity-types/Bad', {
        titleProperty: 'missing',
        properties: { n: { type: 'integer', pattern: 'x' }, s: { type: 'text' } },
        additionalProperties: false,
      });
      const paths = issuesOf(expectError(res, 400, 'VALIDATION_ERROR') && res.body).map(
        (i) => i.path,
      );
      expect(paths).toEqual(
        expect.arrayContaining([
          'body.titleProperty',
          'body.properties.n.pattern',
          'body.properties.s.type',
        ]),
      );
      const ends = await c.put('/api/ontology/relationship-types/R', {
        source: ['Nowhere'],
        target: 'any',
        properties: {},
        additionalProperties: true,
      });
      expectError(ends, 400, 'VALIDATION_ERROR');
    });
  });

  describe('hostile definitions', () => {
    const put = (name: string, body: unknown) =>
      request(t.app)
        .put(`/api/ontology/entity-types/${name}`)
        .set(authHeaders(c.apiKey, c.workspaceId))
        .send(body as object);

    it('answers each with a 4xx in the envelope and stores nothing', async () => {
      const oneProperty = (definition: object) => ({
        properties: { x: definition },
        additionalProperties: true,
      });
      const cases: [string, string, unknown, number, string][] = [
        [
          'a backtracking pattern',
          'T',
          oneProperty({ type: 'string', pattern: '(a+)+$' }),
          400,
          'VALIDATION_ERROR',
        ],
        [
          'a pattern of 100 KB',
          'T',
          oneProperty({ type: 'string', pattern: 'a'.repeat(100_000) }),
          400,
          'VALIDATION_ERROR',
        ],
        [
          'an enum of 1,001 values',
          'T',
          oneProperty({ type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) }),
          400,
          'VALIDATION_ERROR',
        ],
        [
          'an enum listing one instant twice, in two zones',
          'T',
          oneProperty({
            type: 'datetime',
            enum: ['2020-01-01T00:00:00Z', '2020-01-01T01:00:00+01:00'],
          }),
          400,
          'VALIDATION_ERROR',
        ],
        [
          'a wrong type of value',
          'T',
          oneProperty({ type: 'integer', min: 'many' }),
          400,
          'VALIDATION_ERROR',
        ],
        ['an array for a body', 'T', [1, 2], 400, 'VALIDATION_ERROR'],
        [
          '201 properties',
          'T',
          {
            properties: Object.fromEntries(
              Array.from({ length: 201 }, (_, i) => [`p${i}`, { type: 'string' }]),
            ),
            additionalProperties: true,
          },
          400,
          'VALIDATION_ERROR',
        ],
        [
          'a name that is not a type name',
          'bad%20name',
          oneProperty({ type: 'string' }),
          400,
          'VALIDATION_ERROR',
        ],
        [
          'a name of 5,000 characters',
          'N'.repeat(5000),
          oneProperty({ type: 'string' }),
          400,
          'VALIDATION_ERROR',
        ],
      ];
      for (const [what, name, body, status, code] of cases) {
        const res = await put(name, body);
        expect({
          what,
          status: res.status,
          code: (res.body as { error?: { code?: string } }).error?.code,
        }).toEqual({ what, status, code });
      }
      const listed = expectData(await c.get('/api/ontology/entity-types'), 200) as unknown[];
      expect(listed).toEqual([]);
    });
  });

  describe('CREATE_NODE and UPDATE_NODE', () => {
    beforeEach(() => c.entityType('Pump', PUMP));

    it('accepts a node that fits its type', async () => {
      const node = await c.node('Pump', 'p', {
        serial: 'P-1',
        rpm: 3000,
        flow: 0.5,
        state: 'on',
        note: 'ok',
        active: true,
        installed: '2001-02-03',
        seen: '2026-11-25T05:00:00+01:00',
        tags: ['a', 'b'],
        readings: [0, 1.5],
        meta: '{"any":"json"}',
      });
      expect(node.properties.serial).toBe('P-1');
    });

    it('answers 400 VALIDATION_ERROR with one issue per violation, each with its path', async () => {
      const res = await c.exec('CREATE_NODE', {
        entityType: 'Pump',
        name: 'p',
        properties: {
          rpm: 3001,
          flow: 0.1,
          state: 'broken',
          note: 'far too long',
          active: 'yes',
          installed: '1999-12-31',
          seen: 'yesterday',
          tags: ['a', 'b', 'c'],
          readings: [1, -1],
          // json takes any value the property model stores.
          meta: 'any value',
          color: 'red',
        },
      });
      expectError(res, 400, 'VALIDATION_ERROR');
      const issues = issuesOf(res.body);
      expect(issues.map((i) => i.path).sort()).toEqual(
        [
          'payload.properties.serial', // required
          'payload.properties.rpm', // max
          'payload.properties.flow', // min
          'payload.properties.state', // enum
          'payload.properties.note', // maxLength
          'payload.properties.active', // type
          'payload.properties.installed', // date min
          'payload.properties.seen', // datetime
          'payload.properties.tags', // array maxLength
          'payload.properties.readings.1', // item min
          'payload.properties.color', // additionalProperties: false
        ].sort(),
      );
      expect(issues.find((i) => i.path === 'payload.properties.serial')?.message).toBe(
        'is required',
      );
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('checks the pattern, an integer that is not whole, and a string too short', async () => {
      const res = await c.exec('CREATE_NODE', {
        entityType: 'Pump',
        name: 'p',
        properties: { serial: 'X-1', rpm: 1.5, note: 'a' },
      });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(
        issuesOf(res.body)
          .map((i) => i.path)
          .sort(),
      ).toEqual(['payload.properties.note', 'payload.properties.rpm', 'payload.properties.serial']);
    });

    it('checks the whole node an UPDATE_NODE leaves, and a change of entity type', async () => {
      const node = await c.node('Pump', 'p', { serial: 'P-1' });
      const res = await c.exec('UPDATE_NODE', { id: node.id, properties: { rpm: -1 } });
      expect(issuesOf(expectError(res, 400, 'VALIDATION_ERROR') && res.body)).toEqual([
        { path: 'payload.properties.rpm', message: expect.any(String) },
      ]);
      const untyped = await c.node('Thing', 't', { x: 1 });
      const retyped = await c.exec('UPDATE_NODE', { id: untyped.id, entityType: 'Pump' });
      expectError(retyped, 400, 'VALIDATION_ERROR');
      expect(
        issuesOf(retyped.body)
          .map((i) => i.path)
          .sort(),
      ).toEqual(['payload.properties.serial', 'payload.properties.x']);
    });
  });

  describe('unique', () => {
    beforeEach(() => c.entityType('Pump', PUMP));

    it('answers 409 CONFLICT for a value another node holds; deleting or changing it frees it', async () => {
      const first = await c.node('Pump', 'p1', { serial: 'P-1' });
      const taken = await c.exec('CREATE_NODE', {
        entityType: 'Pump',
        name: 'p2',
        properties: { serial: 'P-1' },
      });
      expectError(taken, 409, 'CONFLICT');
      expect(issuesOf(taken.body)).toEqual([
        { path: 'payload.properties.serial', message: expect.stringContaining(first.id) },
      ]);
      await c.ok('UPDATE_NODE', { id: first.id, properties: { serial: 'P-2' } });
      const second = await c.node('Pump', 'p2', { serial: 'P-1' });
      await c.ok('DELETE_NODE', { id: second.id });
      await c.node('Pump', 'p3', { serial: 'P-1' });
    });

    it('holds under concurrency: of 12 concurrent creates with one value, exactly one succeeds', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          c.exec('CREATE_NODE', {
            entityType: 'Pump',
            name: `p${i}`,
            properties: { serial: 'P-7' },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
      expect((await c.snapshot()).nodes).toHaveLength(1);
    });

    it('holds under concurrency across batches too', async () => {
      const batch = (i: number) =>
        request(t.app)
          .post('/api/commands/batch')
          .set(authHeaders(c.apiKey, c.workspaceId))
          .send({
            commands: [
              { type: 'CREATE_NODE', payload: { entityType: 'Tank', name: `t${i}` } },
              {
                type: 'CREATE_NODE',
                payload: { entityType: 'Pump', name: `p${i}`, properties: { serial: 'P-9' } },
              },
            ],
          });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => batch(i)));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await c.snapshot()).nodes).toHaveLength(2);
    });
  });

  describe('CREATE_EDGE', () => {
    beforeEach(async () => {
      await c.entityType('Pump', { properties: {}, additionalProperties: true });
      await c.entityType('Tank', { properties: {}, additionalProperties: true });
      await c.relationshipType('FEEDS', {
        source: ['Pump'],
        target: ['Tank'],
        cardinality: { source: 'one', target: 'many' },
        properties: { flow: { type: 'number', required: true } },
        additionalProperties: false,
      });
    });

    it('checks the end types (400) and the properties of the edge', async () => {
      const pump = await c.node('Pump', 'p');
      const tank = await c.node('Tank', 't');
      const wrong = await c.exec('CREATE_EDGE', {
        type: 'FEEDS',
        sourceId: tank.id,
        targetId: pump.id,
        properties: { flow: 1 },
      });
      expectError(wrong, 400, 'VALIDATION_ERROR');
      expect(issuesOf(wrong.body).map((i) => i.path)).toEqual([
        'payload.sourceId',
        'payload.targetId',
      ]);
      const props = await c.exec('CREATE_EDGE', {
        type: 'FEEDS',
        sourceId: pump.id,
        targetId: tank.id,
        properties: { x: 1 },
      });
      expectError(props, 400, 'VALIDATION_ERROR');
      expect(
        issuesOf(props.body)
          .map((i) => i.path)
          .sort(),
      ).toEqual(['payload.properties.flow', 'payload.properties.x']);
      expect((await c.snapshot()).edges).toEqual([]);
    });

    it('holds cardinality one (409 CONFLICT), also under concurrency', async () => {
      const pump = await c.node('Pump', 'p');
      const tanks = await Promise.all([1, 2, 3, 4].map((i) => c.node('Tank', `t${i}`)));
      const answers = await Promise.all(
        tanks.map((tank) =>
          c.exec('CREATE_EDGE', {
            type: 'FEEDS',
            sourceId: pump.id,
            targetId: tank.id,
            properties: { flow: 1 },
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      const refused = answers.find((r) => r.status === 409);
      expect(issuesOf(refused!.body)).toEqual([
        { path: 'payload.sourceId', message: expect.stringContaining('cardinality.source: one') },
      ]);
      // The target end is `many`: another pump may feed the same tank.
      const other = await c.node('Pump', 'p2');
      await c.edge('FEEDS', other.id, tanks[0]!.id, { flow: 2 });
    });

    it("refuses a change of entity type that breaks the ends of the node's edges", async () => {
      const pump = await c.node('Pump', 'p');
      const tank = await c.node('Tank', 't');
      await c.edge('FEEDS', pump.id, tank.id, { flow: 1 });
      const res = await c.exec('UPDATE_NODE', { id: tank.id, entityType: 'Pump' });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(issuesOf(res.body)).toEqual([
        { path: 'payload.entityType', message: expect.any(String) },
      ]);
    });
  });

  describe('strictOntology', () => {
    it('refuses undefined types once on; turning it on with untyped records is a 409 unless validateExisting=false', async () => {
      await c.node('Thing', 'old');
      const refused = await c.put('/api/ontology/settings', { strictOntology: true });
      expect(expectError(refused, 409, 'CONFLICT').details).toMatchObject({ violations: 1 });
      const forced = await c.put(
        '/api/ontology/settings',
        { strictOntology: true },
        { validateExisting: 'false' },
      );
      expect(expectData(forced, 200)).toMatchObject({ strictOntology: true });

      const res = await c.exec('CREATE_NODE', { entityType: 'Other', name: 'x' });
      expect(issuesOf(expectError(res, 400, 'VALIDATION_ERROR') && res.body)).toEqual([
        { path: 'payload.entityType', message: expect.stringContaining('strictOntology') },
      ]);
      await c.entityType('Other', { properties: {}, additionalProperties: true });
      const a = await c.node('Other', 'a');
      const edge = await c.exec('CREATE_EDGE', { type: 'LINKS', sourceId: a.id, targetId: a.id });
      expectError(edge, 400, 'VALIDATION_ERROR');
    });
  });

  describe('changing a type with data in place', () => {
    it('answers 409 with the number of violating records and the first few ids, unless validateExisting=false', async () => {
      await c.entityType('Pump', { properties: {}, additionalProperties: true });
      const nodes = [];
      for (let i = 0; i < 14; i += 1) {
        nodes.push(await c.node('Pump', `p${i}`, { rpm: i * 1000 }));
      }
      const stricter = {
        properties: { rpm: { type: 'integer', max: 1000 } },
        additionalProperties: true,
      };
      const refused = await c.put('/api/ontology/entity-types/Pump', stricter);
      const details = expectError(refused, 409, 'CONFLICT').details as {
        violations: number;
        sample: { id: string; issues: Issue[] }[];
      };
      expect(details.violations).toBe(12);
      // The first ten by id.
      const violating = nodes.slice(2).map((n) => n.id);
      expect(details.sample.map((x) => x.id)).toEqual(violating.sort().slice(0, 10));
      expect(details.sample[0]).toEqual({
        kind: 'node',
        id: expect.any(String),
        issues: [{ path: 'properties.rpm', message: expect.any(String) }],
      });
      expect(expectData(await c.get('/api/ontology/entity-types/Pump'), 200)).toMatchObject({
        version: 1,
      });
      const forced = await c.put('/api/ontology/entity-types/Pump', stricter, {
        validateExisting: 'false',
      });
      expect(expectData(forced, 200)).toMatchObject({ version: 2 });
      // Records in place stay; a write of one must now conform.
      const write = await c.exec('UPDATE_NODE', { id: nodes[5]!.id, name: 'renamed' });
      expectError(write, 400, 'VALIDATION_ERROR');
    });

    it('checks the edges in place when a relationship type gets stricter ends or cardinality', async () => {
      await c.entityType('Pump', { properties: {}, additionalProperties: true });
      await c.entityType('Tank', { properties: {}, additionalProperties: true });
      const any = { source: 'any', target: 'any', properties: {}, additionalProperties: true };
      await c.relationshipType('FEEDS', any);
      const pump = await c.node('Pump', 'p');
      const tanks = [await c.node('Tank', 't1'), await c.node('Tank', 't2')];
      const first = await c.edge('FEEDS', pump.id, tanks[0]!.id);
      const second = await c.edge('FEEDS', pump.id, tanks[1]!.id);
      await c.edge('FEEDS', tanks[0]!.id, tanks[1]!.id);
      const one = { ...any, source: ['Pump'], cardinality: { source: 'one', target: 'many' } };
      const refused = await c.put('/api/ontology/relationship-types/FEEDS', one);
      const details = expectError(refused, 409, 'CONFLICT').details as {
        violations: number;
        sample: { id: string; issues: Issue[] }[];
      };
      // The tank as a source, and the pump's second FEEDS edge (whichever comes later by id).
      expect(details.violations).toBe(2);
      const later = [first.id, second.id].sort()[1];
      expect(details.sample.map((x) => x.id)).toContain(later);
      expect(details.sample.flatMap((x) => x.issues.map((i) => i.path))).toEqual(
        expect.arrayContaining(['sourceId']),
      );
    });

    it('makes a property unique only when the values in place are', async () => {
      await c.entityType('Pump', { properties: {}, additionalProperties: true });
      await c.node('Pump', 'a', { serial: 'S' });
      await c.node('Pump', 'b', { serial: 'S' });
      const unique = {
        properties: { serial: { type: 'string', unique: true } },
        additionalProperties: true,
      };
      const refused = await c.put('/api/ontology/entity-types/Pump', unique);
      expect(expectError(refused, 409, 'CONFLICT').details).toMatchObject({ violations: 1 });
      // validateExisting=false cannot make the unique index hold two records of one value:
      // still a 409, naming the second holder, and nothing changed.
      const forced = await c.put('/api/ontology/entity-types/Pump', unique, {
        validateExisting: 'false',
      });
      const error = expectError(forced, 409, 'CONFLICT');
      expect(error.message).toContain('unique');
      expect(error.details).toMatchObject({
        violations: 1,
        sample: [
          {
            issues: [
              {
                path: 'properties.serial',
                message: expect.stringContaining('holds the same value'),
              },
            ],
          },
        ],
      });
      expect(expectData(await c.get('/api/ontology/entity-types/Pump'), 200)).toMatchObject({
        version: 1,
        properties: {},
      });
      // Once the values are distinct it applies, and holds for writes from then on.
      const b = (
        (await c.get('/api/queries/nodes', { 'filter[name]': 'b' })).body.data as { id: string }[]
      )[0]!;
      await c.ok('UPDATE_NODE', { id: b.id, properties: { serial: 'T' } });
      expectData(
        await c.put('/api/ontology/entity-types/Pump', unique, { validateExisting: 'false' }),
        200,
      );
      expectError(
        await c.exec('CREATE_NODE', { entityType: 'Pump', name: 'c', properties: { serial: 'S' } }),
        409,
        'CONFLICT',
      );
    });

    it('refuses a unique relationship property shared by edges in place, validateExisting=false too', async () => {
      const any = { source: 'any', target: 'any', properties: {}, additionalProperties: true };
      await c.relationshipType('LINKS', any);
      const [a, b] = [await c.node('Pump', 'a'), await c.node('Pump', 'b')];
      await c.edge('LINKS', a.id, b.id, { k: 1 });
      await c.edge('LINKS', b.id, a.id, { k: 1 });
      const unique = { ...any, properties: { k: { type: 'integer', unique: true } } };
      const forced = await c.put('/api/ontology/relationship-types/LINKS', unique, {
        validateExisting: 'false',
      });
      expect(expectError(forced, 409, 'CONFLICT').details).toMatchObject({ violations: 1 });
    });

    it('answers 409 when deleting a type in use, or an entity type a relationship type names', async () => {
      await c.entityType('Pump', { properties: {}, additionalProperties: true });
      const pump = await c.node('Pump', 'p');
      const inUse = await c.delete('/api/ontology/entity-types/Pump');
      expect(expectError(inUse, 409, 'CONFLICT').details).toEqual({ records: 1 });
      await c.ok('DELETE_NODE', { id: pump.id });
      await c.relationshipType('FEEDS', {
        source: ['Pump'],
        target: 'any',
        properties: {},
        additionalProperties: true,
      });
      const named = await c.delete('/api/ontology/entity-types/Pump');
      expect(expectError(named, 409, 'CONFLICT').details).toEqual({ relationshipTypes: ['FEEDS'] });
      expectData(await c.delete('/api/ontology/relationship-types/FEEDS'), 200);
      expectData(await c.delete('/api/ontology/entity-types/Pump'), 200);
    });
  });

  describe('UNDO and REDO', () => {
    it('refuses (409) an undo that would bring back a record a type defined since refuses', async () => {
      const node = await c.node('Pump', 'p', { rpm: 5000 });
      await c.ok('DELETE_NODE', { id: node.id });
      await c.entityType('Pump', {
        properties: { rpm: { type: 'integer', max: 3000 } },
        additionalProperties: true,
      });
      const undo = await c.exec('UNDO');
      expect(expectError(undo, 409, 'CONFLICT').details).toMatchObject({
        kind: 'node',
        id: node.id,
        issues: [{ path: 'properties.rpm', message: expect.any(String) }],
      });
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('refuses a redo whose unique value another actor took since', async () => {
      await c.entityType('Pump', {
        properties: { serial: { type: 'string', unique: true } },
        additionalProperties: true,
      });
      const node = await c.node('Pump', 'p', { serial: 'S' });
      await c.ok('UNDO');
      const otherKey = (await createKey(t, c.workspaceId, ['write:nodes', 'read:nodes'])).secret;
      const other = new OntologyClient(t, otherKey, c.workspaceId);
      const taker = await other.node('Pump', 'q', { serial: 'S' });
      const redo = await c.exec('REDO');
      expect(expectError(redo, 409, 'CONFLICT').details).toMatchObject({
        kind: 'node',
        id: node.id,
        issues: [{ path: 'properties.serial', message: expect.stringContaining(taker.id) }],
      });
      expect((await c.snapshot()).nodes.map((n) => n.id)).toEqual([taker.id]);
    });
  });

  describe('batches and GraphQL', () => {
    beforeEach(() => c.entityType('Pump', PUMP));

    it('fails a batch on its first violating command, naming it, and writes nothing', async () => {
      const res = await request(t.app)
        .post('/api/commands/batch')
        .set(authHeaders(c.apiKey, c.workspaceId))
        .send({
          commands: [
            {
              type: 'CREATE_NODE',
              payload: { entityType: 'Pump', name: 'a', properties: { serial: 'P-1' } },
            },
            {
              type: 'CREATE_NODE',
              payload: { entityType: 'Pump', name: 'b', properties: { serial: 'P-1' } },
            },
          ],
        });
      const error = expectError(res, 409, 'CONFLICT');
      expect(error.details).toMatchObject({ index: 1, item: { code: 'CONFLICT' } });
      const invalid = await request(t.app)
        .post('/api/commands/batch')
        .set(authHeaders(c.apiKey, c.workspaceId))
        .send({ commands: [{ type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'a' } }] });
      expect(expectError(invalid, 400, 'VALIDATION_ERROR').details).toMatchObject({
        index: 0,
        issues: [{ path: 'body.commands.0.payload.properties.serial', message: 'is required' }],
      });
      expect((await c.snapshot()).nodes).toEqual([]);
    });

    it('enforces types on GraphQL commands, and mirrors the schema', async () => {
      const gql = (query: string) =>
        request(t.app).post('/graphql').set(authHeaders(c.apiKey, c.workspaceId)).send({ query });
      const res = await gql(
        'mutation { createNode(input: { entityType: "Pump", name: "p", properties: { rpm: -1 } }) { node { id } } }',
      );
      const errors = (
        res.body as { errors: { extensions: { code: string; details: { issues: Issue[] } } }[] }
      ).errors;
      expect(errors[0]?.extensions.code).toBe('VALIDATION_ERROR');
      expect(errors[0]?.extensions.details.issues.map((i) => i.path).sort()).toEqual([
        'payload.properties.rpm',
        'payload.properties.serial',
      ]);
      const schema = await gql('{ ontology { entityTypes { name } } }');
      expect(schema.body.data).toEqual({ ontology: { entityTypes: [{ name: 'Pump' }] } });
    });
  });
});
