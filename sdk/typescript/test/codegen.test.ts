import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { main } from '../src/cli';
import { apiVersion, entityTypeApi, relationshipTypeApi, type EnumCondition } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

const SRC = path.resolve(__dirname, '../src');

/** Type-checks `files` (name to source) in a temp dir holding the generated module. */
function diagnostics(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), text);
  }
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(dir, name)),
    {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    },
  );
  return Object.fromEntries(
    Object.keys(files).map((name) => {
      const file = program.getSourceFile(path.join(dir, name))!;
      const found = [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
      ];
      return [
        name,
        found.map((d) => ({
          line: file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
          code: d.code,
          message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        })),
      ];
    }),
  );
}

const USAGE = [
  `import { createClient } from ${JSON.stringify(SRC)};`,
  `import { API_VERSION, ONTOLOGY, ONTOLOGY_REVISION, Feeds, Pump, type PumpFilter, type PumpProperties } from './ontology';`,
  `const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', workspaceId: 'w' });`,
  `export async function use(): Promise<string> {`,
  `  const properties: PumpProperties = { serial: 'P-0001', rpm: 1450, status: 'running', tags: ['a'] };`,
  `  const pump = await Pump.create(client, 'Feed pump', properties, { id: 'pump-1' });`,
  `  const status: 'running' | 'stopped' | undefined = pump.properties.status;`,
  `  const updated = await Pump.update(client, pump.id, { rpm: null, status: 'stopped' });`,
  `  const where: PumpFilter = { rpm: { gt: 1000 }, status: { in: ['running'] }, tags: { contains: 'a' }, serial: 'P-0001' };`,
  `  for await (const node of Pump.list(client, { where, sort: 'name' })) void node.properties.serial.toUpperCase();`,
  `  const edge = await Feeds.create(client, pump.id, 'tank-1', { flow: 2.5 });`,
  `  await client.commands.batch([Pump.createCommand('Spare', { serial: 'P-0002' })]);`,
  `  const batch = client.commands.newBatch();`,
  `  const spare = batch.createNode(Pump, 'Spare', { serial: 'P-0003' }, { id: 'pump-3' });`,
  `  batch.updateNode(Pump, spare, { rpm: 900, status: null });`,
  `  const feeds = batch.createEdge(Feeds, spare, 'tank-1', { flow: 1.5 });`,
  `  const batched = await client.commands.batch(batch);`,
  `  void batched.get(spare).properties.serial.toUpperCase();`,
  `  const flow: number | undefined = batched.get(feeds).properties.flow;`,
  `  void flow;`,
  `  const revision: number | null = ONTOLOGY_REVISION;`,
  `  return [API_VERSION, ONTOLOGY.entityTypes[0]?.name, status, updated.version, edge.type, revision].join();`,
  `}`,
].join('\n');

/** Each misuse with the error code the compiler must report on its line. */
const MISUSES: [string, number, RegExp][] = [
  [`void Pump.create(client, 'a', { serial: 42 });`, 2322, /number.*string/],
  [`void Pump.create(client, 'a', { serial: 'P-1', colour: 'red' });`, 2353, /colour/],
  [`void Pump.create(client, 'a', { rpm: 1 });`, 2345, /serial.*missing/],
  [`void Pump.create(client, 'a', { serial: 'P-1', status: 'runing' });`, 2820, /runing/],
  [`void Pump.list(client, { where: { status: { in: ['stoped'] } } });`, 2820, /stoped/],
  [`void Pump.update(client, 'id', { serial: null });`, 2322, /null/],
  [`void Feeds.create(client, 'a', 'b', { flow: '2.5' });`, 2322, /string.*number/],
  [
    `void client.commands.newBatch().createNode(Pump, 'a', { serial: 42 });`,
    2322,
    /number.*string/,
  ],
  [
    `void client.commands.newBatch().createNode(Pump, 'a', { serial: 'P-1', colour: 'red' });`,
    2353,
    /colour/,
  ],
  [`void client.commands.newBatch().createNode(Pump, 'a', { rpm: 1 });`, 2345, /serial.*missing/],
  [`void client.commands.newBatch().updateNode(Pump, 'id', { serial: null });`, 2322, /null/],
  [
    `void client.commands.newBatch().createEdge(Feeds, 'a', 'b', { flow: '2.5' });`,
    2322,
    /string.*number/,
  ],
];
const MISUSE = [
  `import { createClient } from ${JSON.stringify(SRC)};`,
  `import { Feeds, Pump } from './ontology';`,
  `const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', workspaceId: 'w' });`,
  ...MISUSES.map(([line]) => line),
].join('\n');

describe('wos-sdk generate', () => {
  let s: SdkService;
  let dir: string;
  beforeAll(async () => {
    s = await startSdkService();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-sdk-codegen-'));
    await s.client.operations.putEntityType({
      path: { name: 'Pump' },
      body: {
        description: 'A centrifugal pump',
        properties: {
          serial: { type: 'string', required: true },
          rpm: { type: 'integer' },
          status: { type: 'string', enum: ['running', 'stopped'] },
          tags: { type: 'string[]' },
        },
        additionalProperties: false,
      },
    });
    await s.client.operations.putEntityType({
      path: { name: 'Tank' },
      body: { properties: { volume_l: { type: 'number' } }, additionalProperties: true },
    });
    await s.client.operations.putRelationshipType({
      path: { name: 'Feeds' },
      body: {
        source: ['Pump'],
        target: ['Tank'],
        properties: { flow: { type: 'number' } },
        additionalProperties: false,
      },
    });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a module typed by the ontology: correct use compiles, misuse does not', async () => {
    const out = path.join(dir, 'ontology.ts');
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const code = await main([
      'generate',
      ...['--base-url', s.baseUrl, '--api-key', s.app.apiKey, '--workspace', s.app.workspaceId],
      ...['--out', out, '--import-from', SRC],
    ]);
    write.mockRestore();
    expect(code).toBe(0);
    const source = fs.readFileSync(out, 'utf8');
    expect(source).toContain(`API version: ${apiVersion}`);
    expect(source).toContain('Entity types: Pump, Tank');
    expect(source).toContain(`status?: "running" | "stopped";`);
    expect(source).toContain('volume_l?: number;');

    const found = diagnostics(dir, { 'usage.ts': USAGE, 'misuse.ts': MISUSE });
    expect(found['usage.ts']).toEqual([]);
    const misuse = found['misuse.ts']!;
    MISUSES.forEach(([text, errorCode, message], i) => {
      const onLine = misuse.filter((d) => d.line === i + 4);
      expect({ text, codes: onLine.map((d) => d.code) }).toEqual({ text, codes: [errorCode] });
      expect(onLine[0]!.message).toMatch(message);
    });
    expect(misuse).toHaveLength(MISUSES.length);
  }, 60_000);

  it('refuses a command line without what it needs', async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await main(['generate', '--out'])).toBe(2);
    expect(await main(['nope'])).toBe(2);
    write.mockRestore();
  });

  it('runs the typed helpers against the service', async () => {
    type Status = 'running' | 'stopped';
    interface P {
      serial: string;
      rpm?: number;
      status?: Status;
    }
    interface F {
      rpm?: number | { gt?: number };
      status?: Status | EnumCondition<Status>;
    }
    interface R {
      id: string;
      name: string;
      properties: P;
      version: number;
    }
    const Pump = entityTypeApi<P, Partial<P>, F, R>('Pump');
    const Feeds = relationshipTypeApi<
      { flow?: number },
      { flow?: { gte?: number } },
      { id: string }
    >('Feeds');
    const { client } = s;
    const a = await Pump.create(client, 'A', { serial: 'P-1', rpm: 900, status: 'running' });
    const b = await Pump.create(client, 'B', { serial: 'P-2', rpm: 1500, status: 'stopped' });
    await client.commands.batch([Pump.createCommand('C', { serial: 'P-3', rpm: 2000 })]);
    expect((await Pump.update(client, a.id, { rpm: 1200 })).version).toBe(2);
    expect((await Pump.get(client, a.id)).properties.rpm).toBe(1200);
    const names = async (where: F) => {
      const found: string[] = [];
      for await (const node of Pump.list(client, { where, sort: 'name' })) {
        found.push(node.name);
      }
      return found;
    };
    expect(await names({ rpm: { gt: 1000 } })).toEqual(['A', 'B', 'C']);
    expect(await names({ status: { in: ['stopped'] } })).toEqual(['B']);
    expect(await names({ status: 'running', rpm: 1200 })).toEqual(['A']);

    const tank = await client.nodes.create({ entityType: 'Tank', name: 'T' });
    const edge = await Feeds.create(client, a.id, tank.id, { flow: 3 });
    await Feeds.create(client, b.id, tank.id, { flow: 1 });
    const edges: string[] = [];
    for await (const e of Feeds.list(client, { where: { flow: { gte: 2 } } })) {
      edges.push(e.id);
    }
    expect(edges).toEqual([edge.id]);
    expect((await Feeds.get(client, edge.id)).id).toBe(edge.id);

    // The batch builder typed by the same helpers, its references resolving to typed records.
    const batch = client.commands.newBatch();
    const spare = batch.createNode(Pump, 'Spare', { serial: 'P-9' });
    const tuned = batch.updateNode(Pump, spare, { rpm: 10 });
    const feeds = batch.createEdge(Feeds, spare, tank.id, { flow: 4 });
    expect(batch.commands()).toEqual([
      {
        type: 'CREATE_NODE',
        payload: { entityType: 'Pump', name: 'Spare', properties: { serial: 'P-9' } },
      },
      { type: 'UPDATE_NODE', payload: { id: { $ref: 0 }, properties: { rpm: 10 } } },
      {
        type: 'CREATE_EDGE',
        payload: {
          type: 'Feeds',
          sourceId: { $ref: 0 },
          targetId: tank.id,
          properties: { flow: 4 },
        },
      },
    ]);
    const result = await client.commands.batch(batch);
    const spareNode: R = result.get(spare);
    expect(spareNode).toMatchObject({ name: 'Spare', properties: { serial: 'P-9' } });
    expect(result.get(tuned)).toMatchObject({ id: spareNode.id, version: 2 });
    expect((await Feeds.get(client, result.get(feeds).id)).id).toBe(result.get(feeds).id);
  });
});
