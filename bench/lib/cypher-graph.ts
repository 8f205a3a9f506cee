import path from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { FIXTURE_EDGES, FIXTURE_NODES, loadGraph } from '../../test/contract/cypher/fixture-graph';

const TYPES = ['Asset', 'Part', 'Line', 'Meter', 'Zone'];
const EDGE_TYPES = ['LINKS', 'PART_OF', 'MEASURES'];
const CHUNK = 5_000;

/** A deterministic generator, so that runs compare. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const at = '2026-01-10T08:00:00.000Z';

/** The id of the `i`th generated node. */
export const generatedNodeId = (i: number) => `g${String(i).padStart(6, '0')}`;

/**
 * Writes the graph of bench:cypher into the store of `dataDir` (`ontology.db`): the Cypher
 * corpus's fixture graph, then generated nodes up to `nodes` in all, each linked to the
 * previous one and to a random earlier one (seeded), and an edge from each fixture node
 * into the generated graph, so that the fixture's walks have somewhere to go.
 */
export async function buildCypherGraph(
  dataDir: string,
  workspaceId: string,
  nodes: number,
): Promise<void> {
  const db = openDatabase({ filename: path.join(dataDir, 'ontology.db') });
  const store = new SqliteGraphStore(db);
  const random = seeded(42);
  const generated = nodes - FIXTURE_NODES.length;
  await loadGraph(store, workspaceId, FIXTURE_NODES, FIXTURE_EDGES);
  let edgeNo = 0;
  for (let start = 0; start < generated; start += CHUNK) {
    const chunkNodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    for (let i = start; i < Math.min(generated, start + CHUNK); i += 1) {
      chunkNodes.push({
        id: generatedNodeId(i),
        entityType: TYPES[i % TYPES.length]!,
        name: `Generated ${i}`,
        properties: { rank: i % 1000, status: i % 3 === 0 ? 'on' : 'off' },
        version: 1,
        createdAt: at,
        updatedAt: at,
      });
      const targets = i === 0 ? [] : [i - 1, Math.floor(random() * i)];
      for (const target of targets) {
        edges.push({
          id: `ge${(edgeNo += 1)}`,
          type: EDGE_TYPES[edgeNo % EDGE_TYPES.length]!,
          sourceId: generatedNodeId(i),
          targetId: generatedNodeId(target),
          properties: {},
          version: 1,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    await loadGraph(store, workspaceId, chunkNodes, edges);
  }
  const links = FIXTURE_NODES.map((n, i) => ({
    id: `gf${i}`,
    type: 'LINKS',
    sourceId: n.id,
    targetId: generatedNodeId(i * 7),
    properties: {},
    version: 1,
    createdAt: at,
    updatedAt: at,
  }));
  await loadGraph(store, workspaceId, [], links);
  db.close();
}
