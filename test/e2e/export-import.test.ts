import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createCliDeps, type CliDeps } from '../../src/cli/command';
import type { GraphNode } from '../../src/domain/graph';
import type { Workspace } from '../../src/domain/workspace';
import { invokeCli, type CliRun } from '../support/cli-runner';
import { expectData } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { neo4jTarget, purge } from '../support/neo4j';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { testEngine } from '../support/test-engine';

function cli(deps: CliDeps, ...argv: string[]): Promise<CliRun> {
  return invokeCli(() => Promise.resolve(deps), argv);
}

/** Everything the store holds for a workspace, read through the port (not the API's paging). */
async function contents(t: TestApp, workspaceId: string) {
  const { workspaces, graph, ontology } = createCliDeps(t.container.deps).stores;
  const all = { limit: 10_000, offset: 0 };
  const { types, settings } = await ontology.read(workspaceId);
  return {
    workspace: (await workspaces.get(workspaceId)) as Workspace,
    types,
    strictOntology: settings?.strictOntology ?? false,
    nodes: (await graph.listNodes(workspaceId, {}, [], all)).items,
    edges: (await graph.listEdges(workspaceId, {}, [], all)).items,
  };
}

/** Removes every record of `workspaceIds` from the run's Neo4j. */
async function removeFromNeo4j(workspaceIds: Iterable<string>): Promise<void> {
  const target = neo4jTarget();
  if (!target.available) {
    throw new Error(target.reason);
  }
  const stores = target.open();
  try {
    await purge(stores.graph, workspaceIds);
  } finally {
    await stores.close();
  }
}

const ENGINE = testEngine() === 'neo4j' ? 'Neo4j' : 'SQLite';

/**
 * Moving a workspace between stores: `export` writes NDJSON, `import` loads it into
 * whichever engine is configured. Here both ends are the project's engine, and the round
 * trip must be lossless: ids, versions, timestamps, properties and edges. On the embedded
 * store the two ends are two data dirs. The run's Neo4j is one server shared by both ends,
 * so there the workspace is moved: removed after the export, then imported again.
 * (Between the engines: engine-move.test.ts.)
 */
describe(`export and import (${ENGINE} -> NDJSON -> ${ENGINE})`, () => {
  let source: TestApp;
  let target: TestApp;
  let sourceCli: CliDeps;
  let targetCli: CliDeps;
  let dir: string;
  let file: string;
  let nodes: GraphNode[];
  /** Everything the source held for the workspace when it was exported. */
  let exported: Awaited<ReturnType<typeof contents>>;
  /** Workspace ids this suite imports into (removed from Neo4j at the end). */
  const copies = {
    again: randomUUID(),
    typed: randomUUID(),
    asIs: randomUUID(),
    copy: randomUUID(),
    invalid: randomUUID(),
  };

  beforeAll(async () => {
    const clock = new ManualClock(Date.UTC(2026, 4, 1, 8, 30, 0, 123));
    source = await createTestApp({ clock });
    target = await createTestApp();
    sourceCli = createCliDeps(source.container.deps);
    targetCli = createCliDeps(target.container.deps);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-export-'));
    file = path.join(dir, 'workspace.ndjson');

    // A workspace with history: varied properties, updates (versions > 1, a type change),
    // a deletion, a self-loop, and records created at different times.
    const api = new OntologyClient(source, source.apiKey, source.workspaceId);
    // Types travel with the records (and are defined before them on import).
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
    const pump = await api.node('Pump', 'Pump ü 1', {
      serial: 'P-1',
      pressure: 1.5,
      count: -2,
      big: 2 ** 40,
      active: false,
      tags: ['a', 'b'],
      readings: [1, 2.5],
      flags: [true, false],
      empty: [],
    });
    clock.advance(1_500);
    const valve = await api.node('Valve', 'V-7', { note: 'line\nbreak "quoted"' });
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
    exported = await contents(source, source.workspaceId);
    nodes = exported.nodes;
  });

  afterAll(async () => {
    await source.close();
    await target.close();
    if (testEngine() === 'neo4j') {
      await removeFromNeo4j([source.workspaceId, ...Object.values(copies)]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports the workspace to a file and to standard output alike', async () => {
    const written = await cli(
      sourceCli,
      'export',
      '--workspace',
      source.workspaceId,
      '--out',
      file,
      '--json',
    );
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(written.stdout)).toEqual({
      workspaceId: source.workspaceId,
      file,
      nodes: 3,
      edges: 3,
    });
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    // Header, three types, the ontology's settings, three nodes, three edges, end.
    expect(lines).toHaveLength(1 + 3 + 1 + 3 + 3 + 1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      kind: 'workspace',
      format: 'workspace-ontology-export',
      version: 2,
      workspace: { id: source.workspaceId },
    });
    expect(lines.slice(1, 4).map((l) => JSON.parse(l) as object)).toEqual([
      expect.objectContaining({ kind: 'entityType', name: 'Pump', version: 1 }),
      expect.objectContaining({ kind: 'entityType', name: 'Valve', description: 'A valve' }),
      expect.objectContaining({ kind: 'relationshipType', name: 'FEEDS', source: ['Pump'] }),
    ]);
    expect(JSON.parse(lines[4] ?? '')).toEqual({ kind: 'ontology', strictOntology: false });
    expect(JSON.parse(lines.at(-1) ?? '')).toEqual({ kind: 'end', nodes: 3, edges: 3, types: 3 });

    const printed = await cli(sourceCli, 'export', '--workspace', source.workspaceId);
    expect(printed.code).toBe(0);
    expect(printed.stdout.split('\n')).toEqual(lines);
  });

  it('imports it into another store losslessly: workspace, ids, versions, timestamps, edges', async () => {
    if (testEngine() === 'neo4j') {
      await removeFromNeo4j([source.workspaceId]);
      expect(await target.container.deps.workspaces.get(source.workspaceId)).toBeNull();
    }
    const result = await cli(targetCli, 'import', '--file', file, '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({
      workspaceId: source.workspaceId,
      workspaceCreated: true,
      types: { inserted: 3, unchanged: 0 },
      nodes: { inserted: 3, unchanged: 0 },
      edges: { inserted: 3, unchanged: 0 },
    });
    expect(await contents(target, source.workspaceId)).toEqual(exported);
    expect(nodes.map((n) => n.version).sort()).toEqual([1, 2, 2]);
  });

  it('serves the imported workspace over HTTP, and versions keep working', async () => {
    const key = await cli(
      targetCli,
      'key',
      'create',
      '--workspace',
      source.workspaceId,
      '--name',
      'after move',
      '--scopes',
      'all',
      '--json',
    );
    expect(key.code).toBe(0);
    const secret = (JSON.parse(key.stdout) as { secret: string }).secret;
    const pump = nodes.find((n) => n.entityType === 'Pump') as GraphNode;
    const read = await request(target.app)
      .get(`/api/queries/nodes/${pump.id}`)
      .set(authHeaders(secret, source.workspaceId));
    expect(expectData(read, 200)).toEqual(pump);

    const api = new OntologyClient(target, secret, source.workspaceId);
    const stale = await api.exec('UPDATE_NODE', { id: pump.id, name: 'x', expectedVersion: 1 });
    expect(stale.status).toBe(409);
    const updated = await api.ok<GraphNode>('UPDATE_NODE', {
      id: pump.id,
      name: 'Pump moved',
      expectedVersion: pump.version,
    });
    expect(updated.version).toBe(pump.version + 1);
    expect(updated.createdAt).toBe(pump.createdAt);
  });

  it('can run again: identical records are skipped, a changed one is refused', async () => {
    // Into a copy of its own, twice: the second run finds every record there already.
    const args = ['import', '--file', file, '--workspace', copies.again, '--json'];
    expect((await cli(targetCli, ...args)).code).toBe(0);
    const again = await cli(targetCli, ...args);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      workspaceCreated: false,
      types: { inserted: 0, unchanged: 3 },
      nodes: { inserted: 0, unchanged: 3 },
      edges: { inserted: 0, unchanged: 3 },
    });

    // The target's pump was renamed above: importing the old one over it is a conflict.
    const before = await contents(target, source.workspaceId);
    const refused = await cli(targetCli, 'import', '--file', file, '--json');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(await contents(target, source.workspaceId)).toEqual(before);
  });

  /** The export with every Pump's pressure a string (its type wants a number), as `name`. */
  const withBrokenPumps = (name: string): string => {
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const broken = lines.map((l) => {
      const line = JSON.parse(l) as { kind: string; entityType?: string; properties?: object };
      return line.kind === 'node' && line.entityType === 'Pump'
        ? JSON.stringify({ ...line, properties: { ...line.properties, pressure: 'high' } })
        : l;
    });
    const written = path.join(dir, name);
    fs.writeFileSync(written, `${broken.join('\n')}\n`);
    return written;
  };

  it('checks every record against the types of the file, and writes no batch that breaks one', async () => {
    const typed = withBrokenPumps('typed.ndjson');
    const fresh = copies.typed;
    const result = await cli(targetCli, 'import', '--file', typed, '--workspace', fresh, '--json');
    expect(result.code).toBe(2);
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/properties\.pressure: must be a number/);
    // The types were defined (their own transaction); the batch of nodes was not written.
    const there = await contents(target, fresh);
    expect(there.types.map((t) => t.name)).toEqual(['Pump', 'Valve', 'FEEDS']);
    expect(there.nodes).toEqual([]);
  });

  it('writes records that break their type as they are with --validate-records false', async () => {
    const asIs = withBrokenPumps('as-is.ndjson');
    const fresh = copies.asIs;
    const usage = await cli(targetCli, 'import', '--file', asIs, '--validate-records', 'no');
    expect(usage).toMatchObject({ code: 2 });
    expect(usage.stderr).toContain('--validate-records must be true or false, got "no".');
    const result = await cli(
      targetCli,
      'import',
      '--file',
      asIs,
      '--workspace',
      fresh,
      '--validate-records',
      'false',
    );
    expect(result.code).toBe(0);
    const there = await contents(target, fresh);
    expect(there.nodes).toHaveLength(nodes.length);
    expect(there.nodes.find((n) => n.entityType === 'Pump')?.properties).toMatchObject({
      pressure: 'high',
    });
    expect(there.types.map((t) => t.name)).toEqual(['Pump', 'Valve', 'FEEDS']);
  });

  it('copies into another workspace id with --workspace', async () => {
    const copy = copies.copy;
    const result = await cli(sourceCli, 'import', '--file', file, '--workspace', copy);
    expect(result.code).toBe(0);
    const copied = await contents(source, copy);
    expect(copied.nodes).toEqual(exported.nodes);
    expect(copied.edges).toEqual(exported.edges);
    expect(copied.workspace).toEqual({ ...exported.workspace, id: copy });
  });

  it('refuses an invalid or truncated file, naming the line, and writes nothing', async () => {
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const fresh = copies.invalid;
    const cases: [string, string[], RegExp][] = [
      ['truncated', lines.slice(0, -2), /^line \d+$/],
      ['not json', [...lines.slice(0, 2), '{oops', ...lines.slice(2)], /^line 3$/],
      [
        'bad property',
        lines.map((l, i) => {
          if (i !== 5) {
            return l;
          }
          const node = JSON.parse(l) as { properties: Record<string, unknown> };
          return JSON.stringify({ ...node, properties: { ...node.properties, 'bad-key': 1 } });
        }),
        /^line 6\.properties/,
      ],
      [
        'edge to nowhere',
        [
          ...lines.slice(0, -1).filter((l) => !l.includes('"kind":"node"')),
          JSON.stringify({ kind: 'end', nodes: 0, edges: 3 }),
        ],
        /^line \d+\.(sourceId|targetId)$/,
      ],
    ];
    for (const [name, content, at] of cases) {
      const broken = path.join(dir, `${name}.ndjson`);
      fs.writeFileSync(broken, `${content.join('\n')}\n`);
      const result = await cli(
        targetCli,
        'import',
        '--file',
        broken,
        '--workspace',
        fresh,
        '--json',
      );
      expect({ name, code: result.code }).toEqual({ name, code: 2 });
      const error = (
        JSON.parse(result.stderr) as {
          error: { code: string; details: { issues: { path: string }[] } };
        }
      ).error;
      expect(error.code).toBe('VALIDATION_ERROR');
      const named = error.details.issues.filter((issue) => at.test(issue.path));
      expect({ name, issues: error.details.issues, named: named.length > 0 }).toMatchObject({
        name,
        named: true,
      });
    }
    expect(await target.container.deps.workspaces.get(fresh)).toBeNull();
    const missing = await cli(targetCli, 'import', '--file', path.join(dir, 'nope.ndjson'));
    expect(missing.code).toBe(2);
    const unknown = await cli(sourceCli, 'export', '--workspace', fresh);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/not found/);
  });
});
