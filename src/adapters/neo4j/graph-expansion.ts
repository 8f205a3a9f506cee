import type { ManagedTransaction } from 'neo4j-driver';
import type { GraphEdge, GraphNode } from '../../domain/graph';
import { admitLevel, explainReached } from '../../domain/graph-paths';
import type { Expansion, ExpansionOptions } from '../../ports/graph-store';
import { toEdge, toNode } from './records';
import { mapField, runAll, stringField } from './statement';
import { EDGES_BY_IDS, HOP_IN, HOP_OUT, NODES_BY_IDS } from './statements/graph';
import { EDGE_IDS_AMONG, EXISTING_NODE_IDS } from './statements/search';

/**
 * `GraphStore.expand` on Neo4j (hybrid search), with the same rules as the SQLite adapter:
 * the reached set level by level (one Cypher hop per direction over the whole frontier,
 * each level's new nodes taken in id order, seeds in rank order, cut at `maxNodes`), then
 * every edge among the reached nodes, then each node's shortest path (`explainReached`).
 * Runs in one read transaction.
 */
export async function expandSeeds(
  tx: ManagedTransaction,
  workspaceId: string,
  seedIds: readonly string[],
  options: ExpansionOptions,
): Promise<Expansion> {
  const types = options.types.length > 0 ? [...options.types] : null;
  const existing = await runAll(tx, EXISTING_NODE_IDS, { workspaceId, ids: [...seedIds] });
  const seeds = [...new Set(existing.map((record) => stringField(record, 'id')))];
  const order = seeds.slice(0, options.maxNodes);
  let truncated = seeds.length > options.maxNodes;
  const reached = new Set(order);
  let frontier = [...order];

  for (let hop = 1; hop <= options.depth && frontier.length > 0 && !truncated; hop++) {
    const found: string[] = [];
    for (const statement of [HOP_OUT, HOP_IN]) {
      for (const record of await runAll(tx, statement, { workspaceId, frontier, types })) {
        found.push(stringField(record, 'nextId'));
      }
    }
    ({ next: frontier, truncated } = admitLevel(found, reached, order, options.maxNodes));
  }
  if (order.length === 0) {
    return { reached: [], edges: [], truncated: false };
  }

  const nodes = new Map<string, GraphNode>();
  for (const record of await runAll(tx, NODES_BY_IDS, { workspaceId, ids: order })) {
    const node = toNode(mapField(record, 'node'));
    nodes.set(node.id, node);
  }
  const edgeIds = (await runAll(tx, EDGE_IDS_AMONG, { workspaceId, ids: order, types })).map(
    (record) => stringField(record, 'id'),
  );
  const edges: GraphEdge[] = [];
  if (edgeIds.length > 0) {
    for (const record of await runAll(tx, EDGES_BY_IDS, { workspaceId, ids: edgeIds })) {
      edges.push(toEdge(mapField(record, 'edge')));
    }
  }
  edges.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const seedOrder = order.filter((id) => seeds.includes(id));
  return {
    reached: explainReached(
      order.map((id) => ({ id })),
      seedOrder,
      edges,
      nodes,
    ),
    edges,
    truncated,
  };
}
