import { setImmediate } from 'node:timers/promises';
import type { BatchCommand } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

const NODES = 10_000;
const BATCH = 1000;

describe('pagination', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('walks 10,000 nodes by cursor, each exactly once, while others are written', async () => {
    const created = new Set<string>();
    for (let start = 0; start < NODES; start += BATCH) {
      const commands: BatchCommand[] = Array.from({ length: BATCH }, (_, i) => ({
        type: 'CREATE_NODE',
        payload: { entityType: 'Item', name: `item ${start + i}`, properties: { n: start + i } },
      }));
      const result = await s.client.commands.batch(commands);
      for (const item of result.results) {
        created.add((item.result as { id: string }).id);
      }
    }
    expect(created.size).toBe(NODES);

    // Writes running while the walk goes on: nodes of the same type whose ids sort before
    // every generated one (so they land before the walk's position: an offset would shift
    // and show nodes twice), deletions of them (an offset would skip nodes), and updates of
    // the nodes walked (which must not move them).
    const ids = [...created];
    let walking = true;
    let writes = 0;
    const writer = (async () => {
      while (walking) {
        const early = await s.client.nodes.create({
          id: `0-concurrent-${writes}`,
          entityType: 'Item',
          name: `concurrent ${writes}`,
        });
        await s.client.nodes.update({
          id: ids[(writes * 7919) % NODES]!,
          properties: { hot: writes },
        });
        if (writes % 4 === 0) {
          await s.client.nodes.delete({ id: early.id });
        }
        writes += 2;
        await setImmediate();
      }
    })();

    const seen = new Map<string, number>();
    let pages = 0;
    try {
      for await (const node of s.client.nodes.list({
        entityType: 'Item',
        limit: 100,
        count: false,
      })) {
        seen.set(node.id, (seen.get(node.id) ?? 0) + 1);
        if (seen.size % 100 === 0) {
          pages += 1;
        }
      }
    } finally {
      walking = false;
      await writer;
    }
    expect(pages).toBeGreaterThanOrEqual(100);
    expect(writes).toBeGreaterThan(10);
    expect([...seen.values()].filter((count) => count !== 1)).toEqual([]);
    expect(ids.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('gives page-level access with the list meta', async () => {
    const list = s.client.nodes.list({ entityType: 'Item', limit: 3, sort: 'name' });
    const first = await list.firstPage();
    expect(first.data).toHaveLength(3);
    expect(first.meta.total).toBeGreaterThanOrEqual(NODES);
    expect(typeof first.meta.nextCursor).toBe('string');
    expect(first.requestId).toMatch(/^req_/);

    const pages = [];
    for await (const page of list.pages()) {
      pages.push(page);
      if (pages.length === 2) {
        break;
      }
    }
    expect(pages[1]!.data[0]!.name > pages[0]!.data[2]!.name).toBe(true);
  });

  it('pages offset lists too', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await s.client.operations.createConnector({ body: { type: 'Webhook', name } });
    }
    const connectors = await s.client.paginate('listConnectors', { query: { limit: 2 } }).toArray();
    // Created at the same instant (the test clock stands still): ordered by id, not by name.
    expect(connectors.map((c) => c.name).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
