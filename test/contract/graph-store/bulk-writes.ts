import type { GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { InsertResult } from '../../../src/ports/graph-store';
import { makeEdge, makeNode, newWorkspace, seed, type ContractContext } from './fixtures';

/**
 * `insertNodes` and `insertEdges`: the same records and results as one insert after the
 * other, and concurrent bulk inserts over shared ends all succeeding.
 */
export function bulkWriteCases(ctx: ContractContext): void {
  /**
   * The results of inserting `nodes`, then `edges`, one by one, in a workspace of their own
   * seeded with `existing` (ids are per workspace, so the same records fit).
   */
  async function oneByOne(
    existing: { nodes: readonly GraphNode[]; edges?: readonly GraphEdge[] },
    nodes: readonly GraphNode[],
    edges: readonly GraphEdge[],
  ): Promise<InsertResult[]> {
    const ws = newWorkspace();
    await seed(ctx.store, ws, existing.nodes, existing.edges);
    return ctx.store.transaction(ws, async ({ graph }) => {
      const results: InsertResult[] = [];
      for (const node of nodes) {
        results.push(await graph.insertNode(node));
      }
      for (const edge of edges) {
        results.push(await graph.insertEdge(edge));
      }
      return results;
    });
  }

  it('inserts nodes of several types exactly as given, in one call', async () => {
    const ws = newWorkspace();
    const nodes = [
      makeNode({ entityType: 'Pump', properties: { rpm: 1200, tags: ['a'] } }),
      makeNode({ entityType: 'Valve', name: 'Valve ü', version: 3 }),
      makeNode({ entityType: 'Entity' }),
    ];
    const results = await ctx.store.transaction(ws, ({ graph }) => graph.insertNodes(nodes));
    expect(results).toEqual([{ status: 'ok' }, { status: 'ok' }, { status: 'ok' }]);
    expect(
      await ctx.store.getNodes(
        ws,
        nodes.map((n) => n.id),
      ),
    ).toEqual(nodes);
    expect(await ctx.store.transaction(ws, ({ graph }) => graph.insertNodes([]))).toEqual([]);
  });

  it('answers for each node as inserting them one by one would: taken and repeated ids', async () => {
    const existing = makeNode();
    const fresh = makeNode();
    const nodes = [
      fresh,
      makeNode({ id: existing.id, name: 'again' }),
      makeNode({ id: fresh.id, name: 'repeated' }),
      makeNode(),
    ];
    const ws = newWorkspace();
    await seed(ctx.store, ws, [existing]);
    const results = await ctx.store.transaction(ws, ({ graph }) => graph.insertNodes(nodes));
    expect(results).toEqual([
      { status: 'ok' },
      { status: 'exists' },
      { status: 'exists' },
      { status: 'ok' },
    ]);
    expect(results).toEqual(await oneByOne({ nodes: [existing] }, nodes, []));
    // The first of a repeated id is the one stored; a taken id keeps its record.
    expect(await ctx.store.getNode(ws, fresh.id)).toEqual(fresh);
    expect(await ctx.store.getNode(ws, existing.id)).toEqual(existing);
  });

  it('inserts edges of several types between existing ends, self-loops included', async () => {
    const ws = newWorkspace();
    const [a, b, c] = [makeNode(), makeNode(), makeNode()];
    await seed(ctx.store, ws, [a, b, c]);
    const edges = [
      makeEdge(a, b, { type: 'FEEDS', properties: { flow: 2 } }),
      makeEdge(b, c, { type: 'PART_OF' }),
      makeEdge(c, c, { type: 'FEEDS', version: 2 }),
      makeEdge(b, a, { type: 'FEEDS' }),
    ];
    const results = await ctx.store.transaction(ws, ({ graph }) => graph.insertEdges(edges));
    expect(results).toEqual(edges.map(() => ({ status: 'ok' })));
    for (const edge of edges) {
      expect(await ctx.store.getEdge(ws, edge.id)).toEqual(edge);
    }
    expect(await ctx.store.transaction(ws, ({ graph }) => graph.insertEdges([]))).toEqual([]);
  });

  it('answers for each edge as inserting them one by one would: missing ends before ids', async () => {
    const [a, b] = [makeNode(), makeNode()];
    const ghost = makeNode();
    const taken = makeEdge(a, b);
    const first = makeEdge(a, b);
    const edges = [
      first,
      makeEdge(ghost, ghost),
      makeEdge(a, ghost),
      makeEdge(ghost, b, { id: taken.id }),
      makeEdge(a, b, { id: taken.id }),
      makeEdge(b, a, { id: first.id }),
      // The first of this id has a missing end, so the id is still free for the second.
      makeEdge(ghost, a, { id: 'free-after-a-miss' }),
      makeEdge(b, b, { id: 'free-after-a-miss' }),
    ];
    const ws = newWorkspace();
    await seed(ctx.store, ws, [a, b], [taken]);
    const results = await ctx.store.transaction(ws, ({ graph }) => graph.insertEdges(edges));
    expect(results).toEqual([
      { status: 'ok' },
      { status: 'missing_end', end: 'source' },
      { status: 'missing_end', end: 'target' },
      { status: 'missing_end', end: 'source' },
      { status: 'exists' },
      { status: 'exists' },
      { status: 'missing_end', end: 'source' },
      { status: 'ok' },
    ]);
    expect(results).toEqual(await oneByOne({ nodes: [a, b], edges: [taken] }, [], edges));
    expect(await ctx.store.getEdge(ws, 'free-after-a-miss')).toEqual(edges[7]);
  });

  it('runs concurrent bulk edge inserts over shared ends once each: no deadlock, whatever the order', async () => {
    const ws = newWorkspace();
    const nodes = Array.from({ length: 200 }, () => makeNode());
    await seed(ctx.store, ws, nodes);
    // Four transactions over the same nodes, two of them in the reverse order of the others.
    const batches = [0, 1, 2, 3].map((k) =>
      nodes.map((_, i) => {
        const at = k % 2 === 0 ? i : nodes.length - 1 - i;
        return makeEdge(nodes[at]!, nodes[(at + 1 + k) % nodes.length]!);
      }),
    );
    // A deadlock would make the engine run a transaction again: each must run once.
    const attempts = batches.map(() => 0);
    const results = await Promise.all(
      batches.map((edges, k) =>
        ctx.store.transaction(ws, ({ graph }) => {
          attempts[k] = (attempts[k] ?? 0) + 1;
          return graph.insertEdges(edges);
        }),
      ),
    );
    expect(results.flat().every((r) => r.status === 'ok')).toBe(true);
    expect(attempts).toEqual([1, 1, 1, 1]);
    const stored = await ctx.store.listEdges(ws, {}, [], { offset: 0, limit: 1000 });
    expect(stored.total).toBe(800);
  });
}
