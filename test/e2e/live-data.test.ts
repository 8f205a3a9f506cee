import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { LiveDataClient, type PointBody, type SourceBody } from '../support/live-data-client';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

/** 2026-01-15T12:00:00Z: every test's points sit in the hour after it. */
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('live data over HTTP (points in the embedded store, no INFLUX_URL)', () => {
  let t: TestApp;
  let clock: ManualClock;
  let live: LiveDataClient;
  let other: LiveDataClient;

  beforeAll(async () => {
    clock = new ManualClock(T0 + HOUR);
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
    live = new LiveDataClient(t, t.apiKey, t.workspaceId);
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    other = new LiveDataClient(t, ws.apiKey, ws.workspaceId);
  });
  afterEach(() => clock.set(T0 + HOUR));
  afterAll(() => t.close());

  describe('sources', () => {
    it('creates a source (201, Location) with no points yet', async () => {
      const res = await live.createSource({ name: '  Boiler temperature ', unit: 'C' });
      const source = expectData(res, 201) as SourceBody;
      expect(source).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Boiler temperature',
        unit: 'C',
        description: null,
        entityId: null,
        createdAt: iso(T0 + HOUR),
        lastPointAt: null,
        pointCount: 0,
      });
      expect(res.headers.location).toBe(`/api/live-data/sources/${source.id}`);
      expect(expectData(await live.getSource(source.id), 200)).toEqual(source);
    });

    it('links a source to a node of the workspace, and 404s for a node it cannot see', async () => {
      const nodes = new OntologyClient(t, t.apiKey, t.workspaceId);
      const pump = await nodes.node('Pump', 'Pump 1');
      const linked = await live.source('flow', { entityId: pump.id });
      expect(linked.entityId).toBe(pump.id);

      const missing = expectError(
        await live.createSource({ name: 'x', entityId: 'nope' }),
        404,
        'NOT_FOUND',
      );
      expect(missing.details).toEqual({ kind: 'node', id: 'nope' });
      // A node of another workspace is as missing as a node that does not exist.
      expectError(await other.createSource({ name: 'x', entityId: pump.id }), 404, 'NOT_FOUND');

      const byEntity = await live.listSources({ entityId: pump.id });
      expect(expectData(byEntity, 200).map((s: SourceBody) => s.id)).toEqual([linked.id]);
      expect(byEntity.body.meta).toEqual({ total: 1, limit: 50, offset: 0 });
    });

    it('rejects an invalid body with 400 and the problem fields', async () => {
      const res = await live.createSource({ name: ' ', unit: 'x'.repeat(33), colour: 'red' });
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(
        (error.details as { issues: { path: string }[] }).issues.map((i) => i.path).sort(),
      ).toEqual(['body.colour', 'body.name', 'body.unit']);
      const wrongType = await request(t.app)
        .post('/api/live-data/sources')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .set('Content-Type', 'text/plain')
        .send('name=x');
      expectError(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('pages sources oldest first with meta, and 400s bad paging or unknown parameters', async () => {
      const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
      const client = new LiveDataClient(t, ws.apiKey, ws.workspaceId);
      const made: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        clock.advance(1000);
        made.push((await client.source(`s${i}`)).id);
      }
      const page = await client.listSources({ limit: 2, offset: 1 });
      expect(expectData(page, 200).map((s: SourceBody) => s.id)).toEqual(made.slice(1));
      expect(page.body.meta).toEqual({ total: 3, limit: 2, offset: 1 });
      expect((await client.listSources({ limit: 500 })).body.meta.limit).toBe(100);
      expectError(await client.listSources({ limit: -1 }), 400, 'VALIDATION_ERROR');
      expectError(await client.listSources({ colour: 'red' }), 400, 'VALIDATION_ERROR');
    });

    it("answers another workspace's source as missing", async () => {
      const mine = await live.source();
      expectError(await other.getSource(mine.id), 404, 'NOT_FOUND');
      expect(expectData(await other.listSources(), 200).map((s: SourceBody) => s.id)).not.toContain(
        mine.id,
      );
    });
  });

  describe('ingest', () => {
    it('stores points and reports them on the source', async () => {
      const s = await live.source();
      const res = await live.ingest({
        sourceId: s.id,
        points: [
          { timestamp: iso(T0), value: 1.5 },
          { timestamp: T0 + 1000, value: -2, tags: { quality: 'good' } },
          { timestamp: String(T0 + 2000), value: 3e-7 },
        ],
      });
      expect(expectData(res, 200)).toEqual({ accepted: 3 });
      const stored = expectData(await live.getSource(s.id), 200) as SourceBody;
      expect(stored.pointCount).toBe(3);
      expect(stored.lastPointAt).toBe(iso(T0 + 2000));
      const raw = expectData(await live.query({ sourceId: s.id, from: T0, to: T0 + HOUR }), 200);
      expect(raw.points).toEqual([
        { timestamp: iso(T0), value: 1.5 },
        { timestamp: iso(T0 + 1000), value: -2, tags: { quality: 'good' } },
        { timestamp: iso(T0 + 2000), value: 3e-7 },
      ]);
    });

    it('overwrites a re-sent timestamp (value and tags) without counting it twice', async () => {
      const s = await live.source();
      await live.put(s.id, [{ timestamp: T0, value: 1, tags: { a: 'x' } }]);
      await live.put(s.id, [
        { timestamp: iso(T0), value: 2 },
        { timestamp: T0 + 1, value: 5 },
        { timestamp: T0 + 1, value: 6 },
      ]);
      const raw = expectData(await live.query({ sourceId: s.id, from: T0, to: T0 + 10 }), 200);
      expect(raw.points).toEqual([
        { timestamp: iso(T0), value: 2 },
        { timestamp: iso(T0 + 1), value: 6 },
      ]);
      expect((expectData(await live.getSource(s.id), 200) as SourceBody).pointCount).toBe(2);
    });

    it('rejects the whole request when one point is bad, naming its index', async () => {
      const s = await live.source();
      const points: unknown[] = Array.from({ length: 50 }, (_, i) => ({
        timestamp: T0 + i,
        value: i,
      }));
      points[17] = { timestamp: T0 + 17, value: 'hot' };
      const error = expectError(
        await live.ingest({ sourceId: s.id, points }),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.message).toContain('points[17].value');
      expect(error.details).toEqual({
        issues: [{ path: 'body.points.17.value', message: 'must be a finite number' }],
      });
      expect((expectData(await live.getSource(s.id), 200) as SourceBody).pointCount).toBe(0);
    });

    it.each([
      [
        'a timestamp more than a day ahead',
        { timestamp: T0 + HOUR + 24 * HOUR + 1, value: 1 },
        'timestamp',
      ],
      ['an unparseable timestamp', { timestamp: 'yesterday', value: 1 }, 'timestamp'],
      ['a date that does not exist', { timestamp: '2026-02-30T00:00:00Z', value: 1 }, 'timestamp'],
      ['a timestamp without offset', { timestamp: '2026-01-15T12:00:00', value: 1 }, 'timestamp'],
      ['a fractional epoch', { timestamp: T0 + 0.5, value: 1 }, 'timestamp'],
      ['a timestamp before 1970', { timestamp: '1969-12-31T23:59:59Z', value: 1 }, 'timestamp'],
      ['a missing value', { timestamp: T0 }, 'value'],
      ['a string value', { timestamp: T0, value: '1' }, 'value'],
      ['a tag that is not a string', { timestamp: T0, value: 1, tags: { n: 1 } }, 'tags.n'],
      ['an unknown field', { timestamp: T0, value: 1, unit: 'C' }, 'unit'],
    ])('rejects %s', async (_what, point, field) => {
      const s = await live.source();
      const res = await live.ingest({
        sourceId: s.id,
        points: [{ timestamp: T0 - 1, value: 0 }, point],
      });
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect((error.details as { issues: { path: string }[] }).issues[0]?.path).toBe(
        `body.points.1.${field}`,
      );
      expect((expectData(await live.getSource(s.id), 200) as SourceBody).pointCount).toBe(0);
    });

    it('accepts a timestamp up to one day ahead and a value too large for JSON as a 400', async () => {
      const s = await live.source();
      expectData(
        await live.ingest({ sourceId: s.id, points: [{ timestamp: T0 + 25 * HOUR, value: 1 }] }),
        200,
      );
      const huge = await request(t.app)
        .post('/api/live-data/ingest')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .set('Content-Type', 'application/json')
        .send(`{"sourceId":"${s.id}","points":[{"timestamp":${T0},"value":1e999}]}`);
      expectError(huge, 400, 'VALIDATION_ERROR');
    });

    it('404s an unknown source or one of another workspace, writing nothing of the batch', async () => {
      const a = await live.source('a');
      const foreign = await other.source('foreign');
      for (const sourceId of [randomUUID(), foreign.id]) {
        const res = await live.ingest({
          batches: [
            { sourceId: a.id, points: [{ timestamp: T0, value: 1 }] },
            { sourceId, points: [{ timestamp: T0, value: 1 }] },
          ],
        });
        expect(expectError(res, 404, 'NOT_FOUND').details).toEqual({
          kind: 'source',
          id: sourceId,
        });
      }
      expect((expectData(await live.getSource(a.id), 200) as SourceBody).pointCount).toBe(0);
      expect((expectData(await other.getSource(foreign.id), 200) as SourceBody).pointCount).toBe(0);
    });

    it('ingests batches across sources of the workspace in one request', async () => {
      const a = await live.source('a');
      const b = await live.source('b');
      const res = await live.ingest({
        batches: [
          {
            sourceId: a.id,
            points: [
              { timestamp: T0, value: 1 },
              { timestamp: T0 + 1, value: 2 },
            ],
          },
          { sourceId: b.id, points: [{ timestamp: T0, value: 10 }] },
        ],
      });
      expect(expectData(res, 200)).toEqual({ accepted: 3 });
      const both = expectData(
        await live.query({
          sourceId: `${a.id},${b.id}`,
          from: T0,
          to: T0 + 10,
          aggregation: 'sum',
          interval: '1s',
        }),
        200,
      );
      expect(
        both.map((s: { sourceId: string; points: PointBody[] }) => [s.sourceId, s.points]),
      ).toEqual([
        [a.id, [{ timestamp: iso(T0), value: 3 }]],
        [b.id, [{ timestamp: iso(T0), value: 10 }]],
      ]);
      const badBatch = expectError(
        await live.ingest({
          batches: [{ sourceId: a.id, points: [{ timestamp: T0, value: null }] }],
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(badBatch.message).toContain('batches[0].points[0].value');
      expectError(await live.ingest({ batches: [] }), 400, 'VALIDATION_ERROR');
    });

    it('takes 10,000 points in one request and refuses more', async () => {
      const s = await live.source();
      const points = Array.from({ length: 10_000 }, (_, i) => ({
        timestamp: T0 + i * 100,
        value: i % 7,
      }));
      expect(expectData(await live.ingest({ sourceId: s.id, points }), 200)).toEqual({
        accepted: 10_000,
      });
      expect((expectData(await live.getSource(s.id), 200) as SourceBody).pointCount).toBe(10_000);
      const tooMany = await live.ingest({
        sourceId: s.id,
        points: [...points, { timestamp: T0, value: 1 }],
      });
      expectError(tooMany, 400, 'VALIDATION_ERROR');
      const split = await live.ingest({
        batches: [
          { sourceId: s.id, points: points.slice(0, 6000) },
          { sourceId: s.id, points: points.slice(0, 4001) },
        ],
      });
      expect(expectError(split, 400, 'VALIDATION_ERROR').message).toContain('at most 10000 points');
    });
  });

  describe('query', () => {
    let s: SourceBody;
    beforeAll(async () => {
      s = await live.source('query fixture');
      // One point every 10 s over T0 .. T0 + 5 min, value = seconds since T0; then a gap.
      const points = Array.from({ length: 30 }, (_, i) => ({
        timestamp: T0 + i * 10_000,
        value: i * 10,
      }));
      await live.put(s.id, [...points, { timestamp: T0 + 20 * 60_000, value: 1200 }]);
    });

    it('returns raw points in the window, oldest first, limited and flagged truncated', async () => {
      const res = await live.query({ sourceId: s.id, from: iso(T0 + 15_000), to: T0 + 45_000 });
      expect(expectData(res, 200)).toEqual({
        sourceId: s.id,
        aggregation: 'raw',
        interval: null,
        from: iso(T0 + 15_000),
        to: iso(T0 + 45_000),
        limit: 1000,
        order: 'asc',
        truncated: false,
        points: [20, 30, 40].map((v) => ({ timestamp: iso(T0 + v * 1000), value: v })),
      });
      const limited = expectData(
        await live.query({ sourceId: s.id, from: T0, to: T0 + HOUR, limit: 2, order: 'desc' }),
        200,
      );
      expect(limited.truncated).toBe(true);
      expect(limited.points.map((p: PointBody) => p.value)).toEqual([1200, 290]);
      const clamped = expectData(
        await live.query({ sourceId: s.id, from: T0, to: T0 + HOUR, limit: 50_000 }),
        200,
      );
      expect(clamped.limit).toBe(10_000);
      expect(clamped.truncated).toBe(false);
    });

    it('defaults to the hour before now', async () => {
      clock.set(T0 + 20 * 60_000 + 1);
      const res = expectData(await live.query({ sourceId: s.id }), 200);
      expect(res.from).toBe(iso(T0 + 20 * 60_000 + 1 - HOUR));
      expect(res.to).toBe(iso(T0 + 20 * 60_000 + 1));
      expect(res.points).toHaveLength(31);
    });

    it.each([
      ['mean', [50, 145, 245, 1200]],
      ['min', [10, 100, 200, 1200]],
      ['max', [90, 190, 290, 1200]],
      ['sum', [450, 1450, 2450, 1200]],
      ['count', [9, 10, 10, 1]],
      ['first', [10, 100, 200, 1200]],
      ['last', [90, 190, 290, 1200]],
    ])(
      'aggregates %s into epoch-aligned buckets, omitting empty ones',
      async (aggregation, values) => {
        // 100 s divides a day; buckets start at epoch multiples of it. T0 is one, so the first
        // bucket starts at T0, before `from` (T0 + 5 s): only its points from `from` on count.
        const res = await live.query({
          sourceId: s.id,
          from: T0 + 5_000,
          to: T0 + HOUR,
          aggregation,
          interval: '100s',
        });
        const data = expectData(res, 200);
        expect(data.interval).toBe('100s');
        expect(data.points).toEqual([
          { timestamp: iso(T0), value: values[0] },
          { timestamp: iso(T0 + 100_000), value: values[1] },
          { timestamp: iso(T0 + 200_000), value: values[2] },
          { timestamp: iso(T0 + 1_200_000), value: values[3] },
        ]);
      },
    );

    it('answers several sources as an array in the order named', async () => {
      const empty = await live.source('empty');
      const res = await live.query({ sourceId: `${empty.id},${s.id}`, from: T0, to: T0 + 20_000 });
      const data = expectData(res, 200);
      expect(data.map((d: { sourceId: string }) => d.sourceId)).toEqual([empty.id, s.id]);
      expect(data[0].points).toEqual([]);
      expect(data[1].points).toHaveLength(2);
      const repeated = await request(t.app)
        .get(
          `/api/live-data/query?sourceId=${empty.id}&sourceId=${s.id}&from=${T0}&to=${T0 + 20_000}`,
        )
        .set(authHeaders(t.apiKey, t.workspaceId));
      expect(expectData(repeated, 200)).toEqual(data);
    });

    it.each([
      ['no sourceId', {}],
      ['a source twice', { sourceId: 'a,a' }],
      ['an aggregation without interval', { aggregation: 'mean' }],
      ['an interval that does not divide a day', { aggregation: 'mean', interval: '7m' }],
      ['an interval with an unknown unit', { aggregation: 'mean', interval: '1w' }],
      [
        'more than 10,000 buckets',
        { aggregation: 'mean', interval: '1s', from: T0, to: T0 + 10_001_000 },
      ],
      ['an interval on a raw query', { interval: '1m' }],
      ['a limit on an aggregation', { aggregation: 'max', interval: '1m', limit: 5 }],
      ['an unknown aggregation', { aggregation: 'median', interval: '1m' }],
      ['from after to', { from: T0 + 10, to: T0 }],
      ['an unparseable from', { from: 'noon' }],
      ['a zero limit', { limit: 0 }],
      ['an unknown parameter', { colour: 'red' }],
    ])('answers 400 for %s', async (_what, query) => {
      const params: Record<string, string | number> = { sourceId: s.id, ...query };
      if (!('sourceId' in query) && _what === 'no sourceId') {
        delete params.sourceId;
      }
      expectError(await live.query(params), 400, 'VALIDATION_ERROR');
    });

    it('answers 10,000 buckets exactly', async () => {
      const res = await live.query({
        sourceId: s.id,
        aggregation: 'count',
        interval: '1s',
        from: T0,
        to: T0 + 10_000_000,
      });
      expect(expectData(res, 200).points).toHaveLength(31);
    });

    it('404s an unknown source or one of another workspace', async () => {
      const foreign = await other.source();
      for (const id of [randomUUID(), foreign.id]) {
        const res = await live.query({ sourceId: `${s.id},${id}` });
        expect(expectError(res, 404, 'NOT_FOUND').details).toEqual({ kind: 'source', id });
      }
    });
  });

  describe('access', () => {
    it('needs write:livedata to write and read:livedata to read', async () => {
      const s = await live.source();
      const reader = (await createKey(t, t.workspaceId, ['read:livedata'])).secret;
      const writer = (await createKey(t, t.workspaceId, ['write:livedata'])).secret;
      const asReader = new LiveDataClient(t, reader, t.workspaceId);
      const asWriter = new LiveDataClient(t, writer, t.workspaceId);
      for (const res of [
        await asReader.createSource({ name: 'x' }),
        await asReader.ingest({ sourceId: s.id, points: [] }),
      ]) {
        expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
          requiredScope: 'write:livedata',
        });
      }
      for (const res of [
        await asWriter.listSources(),
        await asWriter.getSource(s.id),
        await asWriter.query({ sourceId: s.id }),
      ]) {
        expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
          requiredScope: 'read:livedata',
        });
      }
      expectData(await asReader.query({ sourceId: s.id }), 200);
      expectData(await asWriter.ingest({ sourceId: s.id, points: [] }), 200);
    });

    it('needs a credential and a workspace', async () => {
      expectError(await request(t.app).get('/api/live-data/sources'), 401, 'UNAUTHENTICATED');
      expectError(
        await request(t.app).get('/api/live-data/sources').set(authHeaders(t.apiKey)),
        400,
        'WORKSPACE_REQUIRED',
      );
      const foreign = await request(t.app)
        .post('/api/live-data/ingest')
        .set(authHeaders(t.apiKey, other.workspaceId))
        .send({ sourceId: 'x', points: [] });
      expectError(foreign, 403, 'FORBIDDEN');
    });
  });
});

describe('live data ingest body limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LIVE_DATA_BODY_LIMIT_BYTES: '2000', BODY_LIMIT_BYTES: '100000' },
    });
  });
  afterAll(() => t.close());

  it('answers 413 above LIVE_DATA_BODY_LIMIT_BYTES, which applies to ingest only', async () => {
    const live = new LiveDataClient(t, t.apiKey, t.workspaceId);
    const s = await live.source('x'.repeat(150));
    const points = Array.from({ length: 100 }, (_, i) => ({ timestamp: T0 + i, value: i }));
    const error = expectError(
      await live.ingest({ sourceId: s.id, points }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(error.details).toEqual({ limitBytes: 2000 });
    expectData(await live.ingest({ sourceId: s.id, points: points.slice(0, 10) }), 200);
  });
});
