import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createCliDeps } from '../../src/cli/command';
import { runCli } from '../../src/cli/run';
import { ManualClock } from '../support/manual-clock';
import { neo4jTarget } from '../support/neo4j';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { neo4jEnv, testEngine } from '../support/test-engine';

/**
 * Why this file does not run: it starts both engines itself, so it runs once, in the e2e
 * project (not again in e2e-neo4j), and only where the run has a Neo4j.
 */
function skipReason(): string | null {
  if (testEngine() !== 'sqlite') {
    return 'it starts both engines itself and runs in the e2e project';
  }
  const target = neo4jTarget();
  return target.available ? null : target.reason;
}
const skipped = skipReason();
if (skipped) {
  console.warn(`Skipping moving a workspace between engines: ${skipped}`);
}

/** The app of one engine: the embedded default, or the run's Neo4j. */
type Engine = 'sqlite' | 'neo4j';
const appOn = (engine: Engine, clock?: ManualClock) =>
  createTestApp({
    env: { BOOTSTRAP_PLAN: 'enterprise', ...(engine === 'neo4j' ? neo4jEnv() : {}) },
    ...(clock ? { clock } : {}),
  });

/**
 * A workspace with history: types (a unique property), varied property values (text beyond
 * the Basic Multilingual Plane, whole numbers past 32 bits, floats that print long, nested
 * lists, booleans, empty lists), updates (versions > 1, a type change), a deletion, a
 * self-loop and records created at different times.
 */
async function populate(t: TestApp, clock: ManualClock): Promise<void> {
  const api = new OntologyClient(t, t.apiKey, t.workspaceId);
  await api.entityType('Pump', {
    properties: { serial: { type: 'string', unique: true }, pressure: { type: 'number' } },
    additionalProperties: true,
  });
  await api.entityType('Valve', {
    description: 'A valve',
    properties: {},
    additionalProperties: true,
  });
  await api.relationshipType('FEEDS', {
    source: ['Pump'],
    target: ['Valve'],
    cardinality: { source: 'many', target: 'one' },
    properties: { flow: { type: 'number', min: 0 } },
    additionalProperties: true,
  });
  const pump = await api.node('Pump', 'Pump ü 𝄞 1', {
    serial: 'P-1',
    pressure: 1.5,
    count: -2,
    big: 2 ** 40,
    safe: Number.MAX_SAFE_INTEGER,
    tenth: 0.1 + 0.2,
    tiny: 5e-324,
    active: false,
    tags: ['a', 'b'],
    readings: [1, 2.5],
    flags: [true, false],
    empty: [],
  });
  clock.advance(1_500);
  const valve = await api.node('Valve', 'V-7', { note: 'line\nbreak "quoted" \\ tab\t' });
  const sensor = await api.node('Sensor', 'S', {});
  const gone = await api.node('Sensor', 'to delete', {});
  clock.advance(60_000);
  await api.ok('UPDATE_NODE', { id: pump.id, properties: { pressure: 2, tags: null } });
  await api.ok('UPDATE_NODE', { id: sensor.id, entityType: 'Gauge', name: 'Gauge 1' });
  await api.ok('DELETE_NODE', { id: gone.id });
  await api.edge('FEEDS', pump.id, valve.id, { flow: 3.25, labels: ['x'] });
  clock.advance(10);
  await api.edge('MONITORS', sensor.id, pump.id);
  await api.edge('LOOPS', valve.id, valve.id, { n: 1 });
}

/** A workspace as `GET /api/export` gives it (the app's own by default), line by line. */
async function exportLines(
  t: TestApp,
  apiKey = t.apiKey,
  workspaceId = t.workspaceId,
): Promise<string[]> {
  const res = await request(t.app)
    .get('/api/export')
    .set(authHeaders(apiKey, workspaceId))
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  return (res.body as string).trimEnd().split('\n');
}

/** The end line's counts: the file holds what the workspace holds. */
const counts = (lines: string[]) => JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;

/**
 * The records of an export, as values: Neo4j keeps no order among a record's property keys,
 * so the same record may be written with its keys in another order. The workspace line's
 * `exportedAt` says when each export ran, and is left out.
 */
const records = (lines: string[]): unknown[] =>
  lines.map((line) => {
    const { exportedAt: _when, ...record } = JSON.parse(line) as Record<string, unknown>;
    return record;
  });

/**
 * Moving a workspace between the engines (docs/neo4j.md, "Moving up"): exported from one as
 * NDJSON, imported into the other, exported again, the file holds the same records.
 */
(skipped ? describe.skip : describe)(
  `moving a workspace between engines${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const apps: TestApp[] = [];
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-engine-move-'));
    });
    afterAll(async () => {
      await Promise.all(apps.map((t) => t.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const started = async (engine: Engine, clock?: ManualClock) => {
      const t = await appOn(engine, clock);
      apps.push(t);
      return t;
    };

    it('SQLite -> NDJSON -> Neo4j (POST /api/imports) -> NDJSON: the same records', async () => {
      const clock = new ManualClock(Date.UTC(2026, 4, 1, 8, 30, 0, 123));
      const source = await started('sqlite', clock);
      await populate(source, clock);
      const before = await exportLines(source);
      expect(counts(before)).toEqual({ kind: 'end', nodes: 3, edges: 3, types: 3 });

      const target = await started('neo4j');
      const imported = await request(target.app)
        .post('/api/imports')
        .set(authHeaders(target.apiKey, target.workspaceId))
        .set('Content-Type', 'application/x-ndjson')
        .send(`${before.join('\n')}\n`);
      expect(imported.status).toBe(201);
      expect(imported.body.data).toMatchObject({ status: 'completed', nodes: 3, edges: 3 });

      const after = await exportLines(target);
      // The upload went into the target's own workspace: only the workspace line differs.
      expect(JSON.parse(after[0] ?? '{}')).toMatchObject({
        kind: 'workspace',
        workspace: { id: target.workspaceId },
      });
      expect(records(after).slice(1)).toEqual(records(before).slice(1));
    });

    it('Neo4j -> NDJSON -> SQLite (cli import) -> NDJSON: the same records', async () => {
      const clock = new ManualClock(Date.UTC(2026, 4, 2, 9, 0, 0, 456));
      const source = await started('neo4j', clock);
      await populate(source, clock);
      const before = await exportLines(source);
      expect(counts(before)).toEqual({ kind: 'end', nodes: 3, edges: 3, types: 3 });
      const file = path.join(dir, 'from-neo4j.ndjson');
      fs.writeFileSync(file, `${before.join('\n')}\n`);

      const target = await started('sqlite');
      const errors: string[] = [];
      const code = await runCli(['import', '--file', file], {
        output: { stdout: () => undefined, stderr: (line) => errors.push(line) },
        open: () => Promise.resolve(createCliDeps(target.container.deps)),
      });
      expect({ code, errors }).toEqual({ code: 0, errors: [] });

      // The CLI keeps the workspace's id, name, plan and creation time: the whole file is the
      // same. A key of the moved workspace reads it (keys are not moved).
      const key = await target.container.deps.apiKeys.create({
        workspaceId: source.workspaceId,
        name: 'after the move',
        scopes: ['read:nodes', 'read:edges'],
        expiresAt: null,
        createdBy: null,
        creatorScopes: null,
      });
      const after = await exportLines(target, key.secret, source.workspaceId);
      expect(records(after)).toEqual(records(before));
    });
  },
);
