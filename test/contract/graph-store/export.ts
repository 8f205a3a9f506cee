import type { GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { GraphStore } from '../../../src/ports/graph-store';
import { makeEdge, makeNode, newWorkspace, seed, type ContractContext } from './fixtures';

/**
 * Time for a test that writes thousands of records one by one, as a transaction's caller
 * does: a few seconds on a quiet Neo4j, several times that on a busy shared one.
 */
const SEEDS_THOUSANDS_MS = 120_000;

/** Everything `exportRecords` yields: the chunks' kinds in order, and the records. */
async function readAll(store: GraphStore, workspaceId: string) {
  const kinds: string[] = [];
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for await (const chunk of store.exportRecords(workspaceId)) {
    kinds.push(chunk.kind);
    expect(chunk.items.length).toBeGreaterThan(0);
    if (chunk.kind === 'node') {
      nodes.push(...chunk.items);
    } else {
      edges.push(...chunk.items);
    }
  }
  return { kinds, nodes, edges };
}

const byId = <T extends { id: string }>(items: T[]) =>
  [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** `exportRecords`: what an export of the workspace writes. */
export function exportCases(ctx: ContractContext): void {
  it('yields every node by id, then every edge by id, exactly as stored, and nothing of other workspaces', async () => {
    const ws = newWorkspace();
    const other = newWorkspace();
    const a = makeNode({ entityType: 'Pump', name: 'A', properties: { rpm: 5, tags: ['x'] } });
    const b = makeNode({ entityType: 'Tank', name: 'B', properties: { level: 2, unit: 'm' } });
    const c = makeNode({ name: 'C' });
    const edges = [
      makeEdge(a, b, { properties: { since: '2020' } }),
      makeEdge(b, c),
      makeEdge(c, c),
    ];
    await seed(ctx.store, ws, [a, b, c], edges);
    const x = makeNode();
    await seed(ctx.store, other, [x], [makeEdge(x, x)]);

    const read = await readAll(ctx.store, ws);
    expect(read.nodes).toEqual(byId([a, b, c]));
    expect(read.edges).toEqual(byId(edges));
    expect(read.kinds).toEqual(['node', 'edge']);
  });

  it('yields nothing for an empty workspace, and nodes only when there are no edges', async () => {
    expect((await readAll(ctx.store, newWorkspace())).kinds).toEqual([]);
    const ws = newWorkspace();
    const only = makeNode();
    await seed(ctx.store, ws, [only]);
    expect(await readAll(ctx.store, ws)).toEqual({ kinds: ['node'], nodes: [only], edges: [] });
  });

  it(
    'reads more records than one chunk holds: all of them, once each, in order',
    async () => {
      const ws = newWorkspace();
      const nodes = Array.from({ length: 2100 }, (_, i) =>
        makeNode({ id: `n${String(i).padStart(5, '0')}`, name: `node ${i}` }),
      );
      const edges = nodes.slice(1).map((node, i) => makeEdge(nodes[i] as GraphNode, node));
      await seed(ctx.store, ws, nodes, edges);

      const read = await readAll(ctx.store, ws);
      expect(read.nodes.map((n) => n.id)).toEqual(nodes.map((n) => n.id));
      expect(read.edges.map((e) => e.id)).toEqual(byId(edges).map((e) => e.id));
      expect(read.kinds.length).toBeGreaterThan(2);
      expect(read.kinds.indexOf('edge')).toBe(read.kinds.lastIndexOf('node') + 1);
    },
    SEEDS_THOUSANDS_MS,
  );

  it(
    'never yields an edge whose ends are not among the nodes yielded, whatever is written meanwhile',
    async () => {
      const ws = newWorkspace();
      const nodes = Array.from({ length: 1500 }, (_, i) =>
        makeNode({ id: `m${String(i).padStart(5, '0')}` }),
      );
      await seed(ctx.store, ws, nodes, [makeEdge(nodes[0] as GraphNode, nodes[1] as GraphNode)]);

      const seenNodes = new Set<string>();
      const seenEdges: GraphEdge[] = [];
      let wrote = false;
      for await (const chunk of ctx.store.exportRecords(ws)) {
        if (chunk.kind === 'node') {
          chunk.items.forEach((n) => seenNodes.add(n.id));
        } else {
          seenEdges.push(...chunk.items);
        }
        if (!wrote) {
          wrote = true;
          // After the first chunk: nodes sorting before and after every other, edges to them.
          const early = makeNode({ id: 'a-late' });
          const late = makeNode({ id: 'z-late' });
          await seed(
            ctx.store,
            ws,
            [early, late],
            [
              makeEdge(nodes[0] as GraphNode, late),
              makeEdge(late, nodes[2] as GraphNode),
              makeEdge(early, nodes[3] as GraphNode),
              makeEdge(early, late),
            ],
          );
        }
      }
      expect(seenEdges.length).toBeGreaterThanOrEqual(1);
      for (const edge of seenEdges) {
        expect(seenNodes.has(edge.sourceId) && seenNodes.has(edge.targetId)).toBe(true);
      }
    },
    SEEDS_THOUSANDS_MS,
  );

  it(
    'stops cleanly when the reader returns early, and reads again afterwards',
    async () => {
      const ws = newWorkspace();
      const nodes = Array.from({ length: 1200 }, () => makeNode());
      await seed(ctx.store, ws, nodes);
      for await (const chunk of ctx.store.exportRecords(ws)) {
        expect(chunk.kind).toBe('node');
        break;
      }
      expect((await readAll(ctx.store, ws)).nodes).toHaveLength(1200);
    },
    SEEDS_THOUSANDS_MS,
  );
}
