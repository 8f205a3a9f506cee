import type { Direction, GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { Neighborhood } from '../../../src/ports/graph-store';
import { makeEdge, makeNode, newWorkspace, seed, type ContractContext } from './fixtures';

/**
 * A -KNOWS-> B -KNOWS-> C -KNOWS-> D -KNOWS-> E
 * A -LIKES-> F
 * G -KNOWS-> A
 * X -KNOWS-> Y -KNOWS-> X  (a cycle, apart)
 */
const LINKS = ['A-KNOWS-B', 'B-KNOWS-C', 'C-KNOWS-D', 'D-KNOWS-E', 'A-LIKES-F', 'G-KNOWS-A'];
const CYCLE = ['X-KNOWS-Y', 'Y-KNOWS-X'];

interface Case {
  from: string;
  direction: Direction;
  depth: number;
  types?: string[];
  nodes: string;
  edges: string[];
}

/** Expected neighbourhoods: `nodes` lists names by distance, `|` between distances. */
const CASES: Case[] = [
  { from: 'A', direction: 'out', depth: 1, nodes: 'A|BF', edges: ['A-KNOWS-B', 'A-LIKES-F'] },
  {
    from: 'A',
    direction: 'out',
    depth: 2,
    nodes: 'A|BF|C',
    edges: ['A-KNOWS-B', 'A-LIKES-F', 'B-KNOWS-C'],
  },
  {
    from: 'A',
    direction: 'out',
    depth: 3,
    nodes: 'A|BF|C|D',
    edges: ['A-KNOWS-B', 'A-LIKES-F', 'B-KNOWS-C', 'C-KNOWS-D'],
  },
  { from: 'A', direction: 'out', depth: 1, types: ['KNOWS'], nodes: 'A|B', edges: ['A-KNOWS-B'] },
  { from: 'A', direction: 'out', depth: 3, types: ['LIKES'], nodes: 'A|F', edges: ['A-LIKES-F'] },
  {
    from: 'A',
    direction: 'out',
    depth: 2,
    types: ['LIKES', 'KNOWS'],
    nodes: 'A|BF|C',
    edges: ['A-KNOWS-B', 'A-LIKES-F', 'B-KNOWS-C'],
  },
  { from: 'A', direction: 'in', depth: 1, nodes: 'A|G', edges: ['G-KNOWS-A'] },
  { from: 'C', direction: 'in', depth: 2, nodes: 'C|B|A', edges: ['B-KNOWS-C', 'A-KNOWS-B'] },
  {
    from: 'C',
    direction: 'in',
    depth: 3,
    nodes: 'C|B|A|G',
    edges: ['B-KNOWS-C', 'A-KNOWS-B', 'G-KNOWS-A'],
  },
  { from: 'F', direction: 'in', depth: 2, types: ['KNOWS'], nodes: 'F', edges: [] },
  {
    from: 'A',
    direction: 'both',
    depth: 1,
    nodes: 'A|BFG',
    edges: ['A-KNOWS-B', 'A-LIKES-F', 'G-KNOWS-A'],
  },
  {
    from: 'A',
    direction: 'both',
    depth: 2,
    nodes: 'A|BFG|C',
    edges: ['A-KNOWS-B', 'A-LIKES-F', 'G-KNOWS-A', 'B-KNOWS-C'],
  },
  {
    from: 'C',
    direction: 'both',
    depth: 2,
    types: ['KNOWS'],
    nodes: 'C|BD|AE',
    edges: ['B-KNOWS-C', 'C-KNOWS-D', 'A-KNOWS-B', 'D-KNOWS-E'],
  },
  {
    from: 'C',
    direction: 'both',
    depth: 3,
    nodes: 'C|BD|AE|FG',
    edges: ['B-KNOWS-C', 'C-KNOWS-D', 'A-KNOWS-B', 'D-KNOWS-E', 'A-LIKES-F', 'G-KNOWS-A'],
  },
  { from: 'E', direction: 'out', depth: 3, nodes: 'E', edges: [] },
  { from: 'X', direction: 'both', depth: 3, nodes: 'X|Y', edges: ['X-KNOWS-Y', 'Y-KNOWS-X'] },
  { from: 'X', direction: 'out', depth: 3, nodes: 'X|Y', edges: ['X-KNOWS-Y', 'Y-KNOWS-X'] },
];

/** Builds the named graph of `links` in a new workspace. */
async function buildGraph(ctx: ContractContext, links: readonly string[]) {
  const ws = newWorkspace();
  const nodes = new Map<string, GraphNode>();
  const node = (name: string): GraphNode => {
    const existing = nodes.get(name);
    if (existing) {
      return existing;
    }
    const created = makeNode({ name, entityType: 'Person' });
    nodes.set(name, created);
    return created;
  };
  const edges = links.map((link) => {
    const [source = '', type = '', target = ''] = link.split('-');
    return makeEdge(node(source), node(target), { type, properties: { link } });
  });
  await seed(ctx.store, ws, [...nodes.values()], edges);
  return { ws, nodes, edges, node };
}

function edgeNames(result: Neighborhood): string[] {
  return result.edges.map((e) => String(e.properties.link)).sort();
}

/** Checks the result is closest first: each distance group, in any order within it. */
function expectLayers(result: Neighborhood, layers: string): void {
  const names = result.nodes.map((n) => n.name);
  let position = 0;
  for (const layer of layers.split('|')) {
    const group = names.slice(position, position + layer.length);
    expect({ layer, group: [...group].sort() }).toEqual({ layer, group: [...layer].sort() });
    position += layer.length;
  }
  expect(names.length).toBe(position);
}

/** Breadth-first neighbourhoods by depth, direction and type, and their bound. */
export function neighborhoodCases(ctx: ContractContext): void {
  let graph: Awaited<ReturnType<typeof buildGraph>>;
  beforeAll(async () => {
    graph = await buildGraph(ctx, [...LINKS, ...CYCLE]);
  });

  for (const c of CASES) {
    const types = c.types ? ` types ${c.types.join(',')}` : '';
    it(`from ${c.from} ${c.direction} depth ${c.depth}${types}`, async () => {
      const result = await ctx.store.neighborhood(graph.ws, graph.node(c.from).id, {
        depth: c.depth,
        direction: c.direction,
        types: c.types ?? [],
        maxNodes: 500,
      });
      if (!result) {
        throw new Error('neighborhood returned null for an existing node');
      }
      expect(result.truncated).toBe(false);
      expectLayers(result, c.nodes);
      expect(edgeNames(result)).toEqual([...c.edges].sort());
    });
  }

  it('returns the full stored records of nodes and edges', async () => {
    const result = await ctx.store.neighborhood(graph.ws, graph.node('A').id, {
      depth: 1,
      direction: 'out',
      types: [],
      maxNodes: 500,
    });
    const byId = <T extends { id: string }>(items: readonly T[]) =>
      [...items].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(byId(result?.nodes ?? [])).toEqual(byId(['A', 'B', 'F'].map((n) => graph.node(n))));
    const expectedEdges = graph.edges.filter((e: GraphEdge) => e.sourceId === graph.node('A').id);
    expect(byId(result?.edges ?? [])).toEqual(byId(expectedEdges));
  });

  it('returns null for a missing start node', async () => {
    const options = { depth: 1, direction: 'both' as const, types: [], maxNodes: 10 };
    expect(await ctx.store.neighborhood(graph.ws, makeNode().id, options)).toBeNull();
  });

  it('stops at maxNodes, closest first, and says it was truncated', async () => {
    const options = { depth: 2, direction: 'both' as const, types: [], maxNodes: 4 };
    const result = await ctx.store.neighborhood(graph.ws, graph.node('A').id, options);
    if (!result) {
      throw new Error('neighborhood returned null');
    }
    expect(result.truncated).toBe(true);
    expectLayers(result, 'A|BFG');
    expect(edgeNames(result)).toEqual(['A-KNOWS-B', 'A-LIKES-F', 'G-KNOWS-A']);
  });

  it('cuts a hop short, keeping only edges among the returned nodes', async () => {
    const hub = makeNode({ name: 'hub' });
    const leaves = Array.from({ length: 10 }, (_, i) => makeNode({ name: `leaf${i}` }));
    const ws = newWorkspace();
    await seed(
      ctx.store,
      ws,
      [hub, ...leaves],
      leaves.map((leaf) => makeEdge(hub, leaf)),
    );
    const result = await ctx.store.neighborhood(ws, hub.id, {
      depth: 1,
      direction: 'out',
      types: [],
      maxNodes: 4,
    });
    if (!result) {
      throw new Error('neighborhood returned null');
    }
    expect(result.truncated).toBe(true);
    expect(result.nodes).toHaveLength(4);
    expect(result.nodes[0]).toEqual(hub);
    const returned = new Set(result.nodes.map((n) => n.id));
    expect(returned.size).toBe(4);
    expect(result.edges).toHaveLength(3);
    for (const edge of result.edges) {
      expect(edge.sourceId).toBe(hub.id);
      expect(returned.has(edge.targetId)).toBe(true);
    }
  });

  it('is not truncated when maxNodes is exactly the number of nodes reached', async () => {
    const options = { depth: 1, direction: 'out' as const, types: [], maxNodes: 3 };
    const result = await ctx.store.neighborhood(graph.ws, graph.node('A').id, options);
    expect(result?.truncated).toBe(false);
    expect(result?.nodes).toHaveLength(3);
  });

  it('with maxNodes 1 returns the start node alone', async () => {
    const options = { depth: 3, direction: 'both' as const, types: [], maxNodes: 1 };
    const result = await ctx.store.neighborhood(graph.ws, graph.node('A').id, options);
    expect(result).toEqual({ nodes: [graph.node('A')], edges: [], truncated: true });
  });
}
