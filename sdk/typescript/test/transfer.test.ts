import { createWorkspaceWithKey } from '../../../test/support/workspace-fixtures';
import { parseNdjson, toNdjsonStream, type TransferLine } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

describe('NDJSON export and import', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
    const batch = s.client.commands.newBatch();
    const nodes = Array.from({ length: 300 }, (_, i) =>
      batch.createNode({ id: `n-${i}`, entityType: 'Item', name: `item ${i}` }),
    );
    for (let i = 1; i < nodes.length; i += 1) {
      batch.createEdge({ type: 'NEXT', sourceId: nodes[i - 1]!, targetId: nodes[i]! });
    }
    await s.client.commands.batch(batch);
  });
  afterAll(async () => {
    await s.close();
  });

  it('streams an export as parsed lines', async () => {
    const kinds = new Map<string, number>();
    let end: TransferLine | undefined;
    for await (const line of s.client.transfer.export()) {
      kinds.set(line.kind, (kinds.get(line.kind) ?? 0) + 1);
      end = line;
    }
    expect(kinds.get('workspace')).toBe(1);
    expect(kinds.get('node')).toBe(300);
    expect(kinds.get('edge')).toBe(299);
    expect(end).toMatchObject({ kind: 'end', nodes: 300, edges: 299 });
  });

  it('closes the export when the loop stops early', async () => {
    const first: TransferLine[] = [];
    for await (const line of s.client.transfer.export()) {
      first.push(line);
      if (first.length === 2) {
        break;
      }
    }
    expect(first[0]!.kind).toBe('workspace');
    expect((await s.client.me()).kind).toBe('api_key');
  });

  it('pipes one workspace into another, streaming both ways', async () => {
    const target = await createWorkspaceWithKey(s.app, { plan: 'enterprise' });
    const other = s.clientWith({ apiKey: target.apiKey, workspaceId: target.workspaceId });
    const imported = await other.transfer.import(s.client.transfer.export());
    expect(imported).toMatchObject({ status: 'completed', nodes: 300, edges: 299, errors: [] });
    const copied = await other.nodes.list({ entityType: 'Item', limit: 100 }).toArray();
    expect(copied.map((node) => node.id).sort()).toEqual(
      Array.from({ length: 300 }, (_, i) => `n-${i}`).sort(),
    );
  });

  it('reports the problems of an import in its record', async () => {
    const target = await createWorkspaceWithKey(s.app, { plan: 'enterprise' });
    const other = s.clientWith({ apiKey: target.apiKey, workspaceId: target.workspaceId });
    const lines = [
      { kind: 'edge', id: 'e', type: 'NEXT', sourceId: 'nope', targetId: 'nope' },
      { kind: 'end', nodes: 0, edges: 1 },
    ] as unknown as TransferLine[];
    const imported = await other.transfer.import(lines);
    expect(imported.status).toBe('failed');
    expect(imported.errors[0]).toMatchObject({ line: 1 });
  });

  it('round-trips values through the NDJSON stream helpers', async () => {
    const values = [{ a: 1 }, 'two', [3], { text: 'line\nbreak ☃' }];
    const parsed: unknown[] = [];
    for await (const value of parseNdjson(toNdjsonStream(values))) {
      parsed.push(value);
    }
    expect(parsed).toEqual(values);
  });
});
