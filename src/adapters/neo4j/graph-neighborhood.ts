import type { ManagedTransaction } from 'neo4j-driver';
import type { Direction, GraphEdge, GraphNode } from '../../domain/graph';
import { admitSteps, type HopStep } from '../../domain/graph-paths';
import type { Neighborhood, NeighborhoodOptions } from '../../ports/graph-store';
import { toEdge, toNode } from './records';
import { mapField, runAll, runOne, stringField, type Statement } from './statement';
import { EDGES_BY_IDS, HOP_IN, HOP_OUT, NODE_GET, NODES_BY_IDS } from './statements/graph';

/** The deepest traversal the port allows (GraphStore.neighborhood: 1..3 hops). */
const MAX_DEPTH = 3;

type HopStatement = Statement<'workspaceId' | 'frontier' | 'types'>;

const BRANCHES: Record<Direction, readonly HopStatement[]> = {
  out: [HOP_OUT],
  in: [HOP_IN],
  both: [HOP_OUT, HOP_IN],
};

/** Checks the options as the port defines them, before any query runs. */
export function checkNeighborhoodOptions(options: NeighborhoodOptions): void {
  const { depth, maxNodes } = options;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
    throw new RangeError(`depth must be 1..${MAX_DEPTH}, got ${depth}`);
  }
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new RangeError(`maxNodes must be a positive integer, got ${maxNodes}`);
  }
}

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
  const reached = new Set<string>([nodeId]);
  const order: string[] = [nodeId];
  const edgeIds = new Set<string>();
  let frontier = [nodeId];
  let truncated = false;

  for (let hop = 1; hop <= options.depth && frontier.length > 0 && !truncated; hop++) {
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
    ({ next: frontier, truncated } = admitSteps(steps, reached, order, edgeIds, options.maxNodes));
  }

  const nodes = new Map<string, GraphNode>([[nodeId, toNode(mapField(start, 'node'))]]);
  const rest = order.slice(1);
  if (rest.length > 0) {
    for (const record of await runAll(tx, NODES_BY_IDS, { workspaceId, ids: rest })) {
      const node = toNode(mapField(record, 'node'));
      nodes.set(node.id, node);
    }
  }
  const edges = new Map<string, GraphEdge>();
  if (edgeIds.size > 0) {
    for (const record of await runAll(tx, EDGES_BY_IDS, { workspaceId, ids: [...edgeIds] })) {
      const edge = toEdge(mapField(record, 'edge'));
      edges.set(edge.id, edge);
    }
  }
  return {
    nodes: order.map((id) => nodes.get(id)).filter((n): n is GraphNode => n !== undefined),
    edges: [...edgeIds].map((id) => edges.get(id)).filter((e): e is GraphEdge => e !== undefined),
    truncated,
  };
}
