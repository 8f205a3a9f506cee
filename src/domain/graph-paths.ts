import type { GraphEdge, GraphNode } from './graph';

/** A node reached from the seeds, by its shortest path (ties: the best-ranked seed). */
export interface ReachedNode {
  node: GraphNode;
  /** 0 for a seed. */
  hops: number;
  /** The seed the path starts from. */
  seedId: string;
  /** Node ids from the seed to this node, both included (length hops + 1). */
  pathNodeIds: string[];
  /** Edge ids along that path (length hops). */
  pathEdgeIds: string[];
}

/** An edge as path finding sees it: its id and its two ends (direction is ignored). */
export interface EdgeEnds {
  id: string;
  sourceId: string;
  targetId: string;
}

/** How one node was reached from the seeds. */
export interface ShortestPath {
  hops: number;
  seedId: string;
  /** From the seed to the node, both included. */
  nodeIds: string[];
  /** Along that path, `hops` long. */
  edgeIds: string[];
}

/** The deepest expansion the GraphStore port allows (hybrid search: depth 0..3). */
export const MAX_EXPANSION_DEPTH = 3;

/**
 * One level of a walk bounded by `maxNodes`: the ids found at this level that are not yet
 * `reached`, taken in id order (so that truncation keeps the same nodes on every run), are
 * added to `reached` and `order` until `order` holds `maxNodes`. Returns the next frontier
 * and whether some did not fit.
 */
export function admitLevel(
  found: Iterable<string>,
  reached: Set<string>,
  order: string[],
  maxNodes: number,
): { next: string[]; truncated: boolean } {
  const candidates = [...new Set(found)].filter((id) => !reached.has(id)).sort();
  const next: string[] = [];
  for (const id of candidates) {
    if (order.length >= maxNodes) {
      return { next, truncated: true };
    }
    reached.add(id);
    order.push(id);
    next.push(id);
  }
  return { next, truncated: false };
}

/** An edge as one hop of a walk sees it: from a frontier node to a neighbour. */
export interface HopStep {
  id: string;
  sourceId: string;
  targetId: string;
  /** The end that is not on the frontier side of the hop. */
  next: string;
}

/**
 * One level of a neighbourhood walk: the steps' neighbours admitted as `admitLevel` does,
 * then the id of every step whose two ends are reached added to `edgeIds`.
 */
export function admitSteps(
  steps: readonly HopStep[],
  reached: Set<string>,
  order: string[],
  edgeIds: Set<string>,
  maxNodes: number,
): { next: string[]; truncated: boolean } {
  const level = admitLevel(
    steps.map((step) => step.next),
    reached,
    order,
    maxNodes,
  );
  for (const step of steps) {
    if (reached.has(step.sourceId) && reached.has(step.targetId)) {
      edgeIds.add(step.id);
    }
  }
  return level;
}

/** The deepest neighbourhood the GraphStore port allows (`neighborhood`: 1..3 hops). */
export const MAX_NEIGHBORHOOD_DEPTH = 3;

/** Checks `GraphStore.neighborhood` options as the port defines them, before any query runs. */
export function checkNeighborhoodOptions(options: { depth: number; maxNodes: number }): void {
  const { depth, maxNodes } = options;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_NEIGHBORHOOD_DEPTH) {
    throw new RangeError(`depth must be 1..${MAX_NEIGHBORHOOD_DEPTH}, got ${depth}`);
  }
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new RangeError(`maxNodes must be a positive integer, got ${maxNodes}`);
  }
}

/**
 * A breadth-first neighbourhood walk from one node, the same on both graph adapters: each
 * engine reads the steps of a hop from `frontier()` and hands them to `admit`, then reads
 * the records of `order` and `edgeIds` once, for `result`.
 */
export class NeighborhoodWalk {
  /** Reached node ids, the start first, then level by level in id order. */
  readonly order: string[];
  /** Ids of the edges whose two ends are reached. */
  readonly edgeIds = new Set<string>();
  private readonly reached: Set<string>;
  private next: string[];
  private hops = 0;
  private truncated = false;

  constructor(
    startId: string,
    private readonly options: { depth: number; maxNodes: number },
  ) {
    this.reached = new Set([startId]);
    this.order = [startId];
    this.next = [startId];
  }

  /** The node ids the next hop starts from, or null when the walk is over. */
  frontier(): readonly string[] | null {
    return this.hops < this.options.depth && this.next.length > 0 && !this.truncated
      ? this.next
      : null;
  }

  /** Admits one hop's steps (see `admitSteps`). */
  admit(steps: readonly HopStep[]): void {
    this.hops++;
    ({ next: this.next, truncated: this.truncated } = admitSteps(
      steps,
      this.reached,
      this.order,
      this.edgeIds,
      this.options.maxNodes,
    ));
  }

  /** The neighbourhood, in walk order, from the records read for `order` and `edgeIds`. */
  result(
    nodes: ReadonlyMap<string, GraphNode>,
    edges: ReadonlyMap<string, GraphEdge>,
  ): { nodes: GraphNode[]; edges: GraphEdge[]; truncated: boolean } {
    return {
      nodes: this.order.map((id) => nodes.get(id)).filter((n): n is GraphNode => n !== undefined),
      edges: [...this.edgeIds]
        .map((id) => edges.get(id))
        .filter((e): e is GraphEdge => e !== undefined),
      truncated: this.truncated,
    };
  }
}

/** Checks `GraphStore.expand` options as the port defines them, before any query runs. */
export function checkExpansionOptions(options: { depth: number; maxNodes: number }): void {
  const { depth, maxNodes } = options;
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_EXPANSION_DEPTH) {
    throw new RangeError(`depth must be 0..${MAX_EXPANSION_DEPTH}, got ${depth}`);
  }
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new RangeError(`maxNodes must be a positive integer, got ${maxNodes}`);
  }
}

/**
 * Multi-source breadth-first search over `edges` (undirected) from `seedIds`, given best
 * first. Each node gets its shortest path; among equally short ones, the path from the
 * best-ranked seed (the queue starts with the seeds in rank order and stays grouped by
 * seed level after level), then the one through the smallest neighbour and edge ids, so
 * the answer is the same on every run and every engine. Nodes that no edge connects to a
 * seed are absent from the result.
 *
 * Both graph adapters find the reached node set with their own engine (a recursive CTE,
 * Cypher hops) and use this to explain it: given every edge among a set of nodes that
 * contains all nodes closer to the seeds than its farthest one, the hop counts found here
 * are the true shortest distances.
 */
export function shortestPaths(
  seedIds: readonly string[],
  edges: readonly EdgeEnds[],
): Map<string, ShortestPath> {
  const adjacency = new Map<string, { next: string; edgeId: string }[]>();
  const link = (from: string, next: string, edgeId: string): void => {
    const list = adjacency.get(from);
    if (list) {
      list.push({ next, edgeId });
    } else {
      adjacency.set(from, [{ next, edgeId }]);
    }
  };
  for (const edge of edges) {
    link(edge.sourceId, edge.targetId, edge.id);
    if (edge.sourceId !== edge.targetId) {
      link(edge.targetId, edge.sourceId, edge.id);
    }
  }
  for (const list of adjacency.values()) {
    list.sort((a, b) => compare(a.next, b.next) || compare(a.edgeId, b.edgeId));
  }

  const paths = new Map<string, ShortestPath>();
  const queue: string[] = [];
  for (const seedId of seedIds) {
    if (!paths.has(seedId)) {
      paths.set(seedId, { hops: 0, seedId, nodeIds: [seedId], edgeIds: [] });
      queue.push(seedId);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head] as string;
    const from = paths.get(id) as ShortestPath;
    for (const { next, edgeId } of adjacency.get(id) ?? []) {
      if (paths.has(next)) {
        continue;
      }
      paths.set(next, {
        hops: from.hops + 1,
        seedId: from.seedId,
        nodeIds: [...from.nodeIds, next],
        edgeIds: [...from.edgeIds, edgeId],
      });
      queue.push(next);
    }
  }
  return paths;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The reached nodes in closest-first order, each with its shortest path. */
export function explainReached(
  order: readonly { id: string }[],
  seedIds: readonly string[],
  edges: readonly GraphEdge[],
  nodes: ReadonlyMap<string, GraphNode>,
): ReachedNode[] {
  const paths = shortestPaths(seedIds, edges);
  const reached: ReachedNode[] = [];
  for (const { id } of order) {
    const node = nodes.get(id);
    const path = paths.get(id);
    if (node && path) {
      reached.push({
        node,
        hops: path.hops,
        seedId: path.seedId,
        pathNodeIds: path.nodeIds,
        pathEdgeIds: path.edgeIds,
      });
    }
  }
  return reached;
}
