import type { ManagedTransaction } from 'neo4j-driver';
import type { Direction, GraphEdge, GraphNode } from '../../domain/graph';
import { NeighborhoodWalk, type HopStep } from '../../domain/graph-paths';
import type { Neighborhood, NeighborhoodOptions } from '../../ports/graph-store';
import { toEdge, toNode } from './records';
import { mapField, runAll, runOne, stringField, type Statement } from './statement';
import { EDGES_BY_IDS, HOP_IN, HOP_OUT, NODE_GET, NODES_BY_IDS } from './statements/graph';

type HopStatement = Statement<'workspaceId' | 'frontier' | 'types'>;

const BRANCHES: Record<Direction, readonly HopStatement[]> = {
  out: [HOP_OUT],
  in: [HOP_IN],
  both: [HOP_OUT, HOP_IN],
};

/**
 * Breadth-first neighbourhood with the same rules as the SQLite adapter: one query per hop
 * and direction returning only ids, candidates of a hop taken in id order (so truncation
 * keeps the same nodes on every run), edges kept only among reached nodes, and full
 * records read once at the end for what is returned. Runs in one read transaction.
 */
export async function traverse(
  tx: ManagedTransaction,
  workspaceId: string,
  nodeId: string,
  options: NeighborhoodOptions,
): Promise<Neighborhood | null> {
  const start = await runOne(tx, NODE_GET, { workspaceId, id: nodeId });
  if (!start) {
    return null;
  }
  const types = options.types.length > 0 ? [...options.types] : null;
  const walk = new NeighborhoodWalk(nodeId, options);
  for (let frontier = walk.frontier(); frontier; frontier = walk.frontier()) {
    const steps: HopStep[] = [];
    for (const statement of BRANCHES[options.direction]) {
      const records = await runAll(tx, statement, { workspaceId, frontier, types });
      for (const record of records) {
        steps.push({
          id: stringField(record, 'id'),
          sourceId: stringField(record, 'sourceId'),
          targetId: stringField(record, 'targetId'),
          next: stringField(record, 'nextId'),
        });
      }
    }
    walk.admit(steps);
  }

  const nodes = new Map<string, GraphNode>([[nodeId, toNode(mapField(start, 'node'))]]);
  const rest = walk.order.slice(1);
  if (rest.length > 0) {
    for (const record of await runAll(tx, NODES_BY_IDS, { workspaceId, ids: rest })) {
      const node = toNode(mapField(record, 'node'));
      nodes.set(node.id, node);
    }
  }
  const edges = new Map<string, GraphEdge>();
  if (walk.edgeIds.size > 0) {
    for (const record of await runAll(tx, EDGES_BY_IDS, { workspaceId, ids: [...walk.edgeIds] })) {
      const edge = toEdge(mapField(record, 'edge'));
      edges.set(edge.id, edge);
    }
  }
  return walk.result(nodes, edges);
}
