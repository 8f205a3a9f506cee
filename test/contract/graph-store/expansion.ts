import type { GraphNode } from '../../../src/domain/graph';
import type { ReachedNode } from '../../../src/domain/graph-paths';
import type { Expansion } from '../../../src/ports/graph-store';
import { makeEdge, makeNode, newWorkspace, seed, type ContractContext } from './fixtures';

/**
 * A -KNOWS-> B -KNOWS-> C -KNOWS-> D -KNOWS-> E
 * A -LIKES-> F
 * G -KNOWS-> A
 * X -KNOWS-> Y -KNOWS-> X  (a cycle, apart)
 */
const LINKS = [
  'A-KNOWS-B',
  'B-KNOWS-C',
  'C-KNOWS-D',
  'D-KNOWS-E',
  'A-LIKES-F',
  'G-KNOWS-A',
  'X-KNOWS-Y',
  'Y-KNOWS-X',
];

async function buildGraph(ctx: ContractContext) {
  const ws = newWorkspace();
  const nodes = new Map<string, GraphNode>();
  const node = (name: string): GraphNode => {
    let found = nodes.get(name);
    if (!found) {
      found = makeNode({ name, entityType: 'Person' });
      nodes.set(name, found);
    }
    return found;
  };
  const edges = LINKS.map((link) => {
    const [source = '', type = '', target = ''] = link.split('-');
    return makeEdge(node(source), node(target), { type, properties: { link } });
  });
  await seed(ctx.store, ws, [...nodes.values()], edges);
  const edgeId = (link: string): string => {
    const found = edges.find((e) => e.properties.link === link);
    if (!found) {
      throw new Error(`no edge ${link}`);
    }
    return found.id;
  };
  return { ws, node, edgeId };
}

/** `name:hops` per reached node, in the order returned. */
function summary(expansion: Expansion, nameOf: (id: string) => string): string[] {
  return expansion.reached.map((r) => `${nameOf(r.node.id)}:${r.hops}`);
}

function edgeLinks(expansion: Expansion): string[] {
  return expansion.edges.map((e) => String(e.properties.link)).sort();
}

/** Multi-source undirected expansion with shortest paths (hybrid search). */
export function expansionCases(ctx: ContractContext): void {
  let graph: Awaited<ReturnType<typeof buildGraph>>;
  let nameOf: (id: string) => string;
  beforeAll(async () => {
    graph = await buildGraph(ctx);
    const names = new Map([...'ABCDEFGXY'].map((name) => [graph.node(name).id, name] as const));
    nameOf = (id) => names.get(id) ?? `?${id}`;
  });
  const ids = (names: string): string[] => [...names].map((n) => graph.node(n).id);
  const options = (depth: number, types: string[] = [], maxNodes = 500) => ({
    depth,
    types,
    maxNodes,
  });

  it('at depth 0 returns the seeds alone, in rank order, with the edges among them', async () => {
    const result = await ctx.store.expand(graph.ws, ids('BAD'), options(0));
    expect(summary(result, nameOf)).toEqual(['B:0', 'A:0', 'D:0']);
    expect(edgeLinks(result)).toEqual(['A-KNOWS-B']);
    expect(result.truncated).toBe(false);
    const [b] = result.reached;
    expect(b).toEqual<ReachedNode>({
      node: graph.node('B'),
      hops: 0,
      seedId: graph.node('B').id,
      pathNodeIds: [graph.node('B').id],
      pathEdgeIds: [],
    });
  });

  it('follows edges both ways, closest first, with the path that reached each node', async () => {
    const result = await ctx.store.expand(graph.ws, ids('E'), options(3));
    expect(summary(result, nameOf)).toEqual(['E:0', 'D:1', 'C:2', 'B:3']);
    const b = result.reached[3];
    expect(b?.seedId).toBe(graph.node('E').id);
    expect(b?.pathNodeIds).toEqual(ids('EDCB'));
    expect(b?.pathEdgeIds).toEqual(
      ['D-KNOWS-E', 'C-KNOWS-D', 'B-KNOWS-C'].map((l) => graph.edgeId(l)),
    );
    expect(edgeLinks(result)).toEqual(['B-KNOWS-C', 'C-KNOWS-D', 'D-KNOWS-E']);
  });

  it('returns full stored records and every edge among the reached nodes', async () => {
    const result = await ctx.store.expand(graph.ws, ids('A'), options(1));
    expect(summary(result, nameOf).slice(0, 1)).toEqual(['A:0']);
    expect(new Set(summary(result, nameOf).slice(1))).toEqual(new Set(['B:1', 'F:1', 'G:1']));
    for (const reached of result.reached) {
      expect(reached.node).toEqual(graph.node(nameOf(reached.node.id)));
    }
    expect(edgeLinks(result)).toEqual(['A-KNOWS-B', 'A-LIKES-F', 'G-KNOWS-A']);
  });

  it('reaches each node by its shortest path, ties going to the best-ranked seed', async () => {
    const fromE = await ctx.store.expand(graph.ws, ids('EA'), options(2));
    const cViaE = fromE.reached.find((r) => r.node.id === graph.node('C').id);
    expect(cViaE).toMatchObject({ hops: 2, seedId: graph.node('E').id, pathNodeIds: ids('EDC') });
    const fromA = await ctx.store.expand(graph.ws, ids('AE'), options(2));
    const cViaA = fromA.reached.find((r) => r.node.id === graph.node('C').id);
    expect(cViaA).toMatchObject({ hops: 2, seedId: graph.node('A').id, pathNodeIds: ids('ABC') });
    // D is one hop from E and three from A: the shorter path wins whatever the rank.
    const d = fromA.reached.find((r) => r.node.id === graph.node('D').id);
    expect(d).toMatchObject({ hops: 1, seedId: graph.node('E').id });
    expect(new Set(summary(fromA, nameOf))).toEqual(
      new Set(['A:0', 'E:0', 'B:1', 'F:1', 'G:1', 'D:1', 'C:2']),
    );
  });

  it('follows only the relationship types asked for', async () => {
    const result = await ctx.store.expand(graph.ws, ids('A'), options(3, ['LIKES']));
    expect(summary(result, nameOf)).toEqual(['A:0', 'F:1']);
    expect(edgeLinks(result)).toEqual(['A-LIKES-F']);
    const knows = await ctx.store.expand(graph.ws, ids('F'), options(3, ['KNOWS']));
    expect(summary(knows, nameOf)).toEqual(['F:0']);
  });

  it('walks a cycle once', async () => {
    const result = await ctx.store.expand(graph.ws, ids('X'), options(3));
    expect(summary(result, nameOf)).toEqual(['X:0', 'Y:1']);
    expect(edgeLinks(result)).toEqual(['X-KNOWS-Y', 'Y-KNOWS-X']);
  });

  it('stops at maxNodes, closest first (a level in id order), and says so', async () => {
    const result = await ctx.store.expand(graph.ws, ids('A'), options(2, [], 3));
    expect(result.truncated).toBe(true);
    const firstLevel = ids('BFG').sort();
    expect(result.reached.map((r) => r.node.id)).toEqual([
      graph.node('A').id,
      ...firstLevel.slice(0, 2),
    ]);
    const kept = new Set(result.reached.map((r) => r.node.id));
    for (const edge of result.edges) {
      expect(kept.has(edge.sourceId) && kept.has(edge.targetId)).toBe(true);
    }
    const exact = await ctx.store.expand(graph.ws, ids('A'), options(1, [], 4));
    expect(exact.truncated).toBe(false);
    expect(exact.reached).toHaveLength(4);
  });

  it('keeps the best-ranked seeds when there are more seeds than maxNodes', async () => {
    const result = await ctx.store.expand(graph.ws, ids('EXA'), options(1, [], 2));
    expect(summary(result, nameOf)).toEqual(['E:0', 'X:0']);
    expect(result.truncated).toBe(true);
  });

  it('leaves out seeds that do not exist, and seeds of another workspace', async () => {
    const stranger = makeNode({ name: 'stranger' });
    const other = newWorkspace();
    await seed(ctx.store, other, [stranger]);
    const result = await ctx.store.expand(
      graph.ws,
      [makeNode().id, stranger.id, graph.node('F').id],
      options(1),
    );
    expect(summary(result, nameOf)).toEqual(['F:0', 'A:1']);
    expect(await ctx.store.expand(other, ids('A'), options(2))).toEqual({
      reached: [],
      edges: [],
      truncated: false,
    });
    expect(await ctx.store.expand(graph.ws, [], options(2))).toEqual({
      reached: [],
      edges: [],
      truncated: false,
    });
  });

  it('rejects a depth outside 0..3', async () => {
    await expect(ctx.store.expand(graph.ws, ids('A'), options(4))).rejects.toThrow(RangeError);
    await expect(ctx.store.expand(graph.ws, ids('A'), options(-1))).rejects.toThrow(RangeError);
  });
}
