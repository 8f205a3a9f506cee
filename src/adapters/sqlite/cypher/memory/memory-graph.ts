import type { Database } from 'better-sqlite3';
import { compareSqlText } from './memory-values';
import { prepareCached } from '../../statement-cache';

/**
 * A workspace's graph held in a query thread's memory (docs/cypher.md, "Whole-graph
 * queries"): every node's id, entity type and name, every relationship's id, type and ends,
 * and the relationships of each node in both directions as compressed adjacency arrays.
 * Node `i` is the `i`th node in id order, relationship `j` the `j`th relationship in id
 * order, so an index orders as its id does in SQL.
 *
 * It is a copy, valid for one value of the workspace's change counter
 * (`graph_counts.changes`, migration 015), which the graph writer raises in every
 * transaction that writes a node or a relationship. Readers compare the counter in their
 * own read transaction before using a copy (`MemoryGraphCache.fresh`).
 */
export interface MemoryGraph {
  readonly workspaceId: string;
  /** `graph_counts.changes` when the copy was read. */
  readonly changes: number;
  readonly nodeIds: readonly string[];
  readonly nodeNames: readonly string[];
  /** Each node's entity type, an index into `labels`. */
  readonly nodeLabel: Int32Array;
  readonly labels: readonly string[];
  readonly labelIndex: ReadonlyMap<string, number>;
  readonly edgeIds: readonly string[];
  /** Each relationship's type, an index into `relTypes`. */
  readonly edgeType: Int32Array;
  readonly relTypes: readonly string[];
  readonly relTypeIndex: ReadonlyMap<string, number>;
  readonly edgeSource: Int32Array;
  readonly edgeTarget: Int32Array;
  /** Relationships leaving node `i`: `outEdges[outStart[i] .. outStart[i + 1]]`. */
  readonly outStart: Int32Array;
  readonly outEdges: Int32Array;
  /** Relationships arriving at node `i`: `inEdges[inStart[i] .. inStart[i + 1]]`. */
  readonly inStart: Int32Array;
  readonly inEdges: Int32Array;
  /** Computed on first use: the rank of each node's name in SQL text order. */
  nameRank: Int32Array | null;
  /** Computed on first use: the rank of each label, and of each relationship type, in text order. */
  labelRank: Int32Array | null;
  relTypeRank: Int32Array | null;
  /** Computed on first use: the nodes of each label, in id order. */
  nodesOfLabel: Map<number, Int32Array>;
}

/**
 * Nodes and relationships together that one query thread keeps by default
 * (CYPHER_GRAPH_CACHE_RECORDS): a workspace larger than that is answered by SQL.
 */
export const MEMORY_GRAPH_DEFAULT_RECORDS = 1_000_000;

/**
 * Reading a copy may take at most this share of a thread's time: a workspace's copy is read
 * again only once this many times the last read's duration has passed since it, so that a
 * graph that changes between every two queries does not keep a thread reading it.
 */
const READ_SHARE = 0.1;

/** The change counter and size of a workspace's graph, read in the caller's transaction. */
export function graphState(
  db: Database,
  workspaceId: string,
): { changes: number; records: number } {
  const row = prepareCached(
    db,
    'SELECT changes, nodes, edges FROM graph_counts WHERE workspace_id = ?',
  ).get(workspaceId) as { changes: number; nodes: number; edges: number } | undefined;
  return row
    ? { changes: row.changes, records: row.nodes + row.edges }
    : { changes: 0, records: 0 };
}

/** Reads a workspace's graph (call it inside a read transaction, with its `changes`). */
export function readMemoryGraph(db: Database, workspaceId: string, changes: number): MemoryGraph {
  const nodeRows = db
    .prepare<[string], [string, string, string]>(
      'SELECT id, entity_type, name FROM graph_nodes WHERE workspace_id = ? ORDER BY id',
    )
    .raw(true)
    .all(workspaceId);
  const nodeIds: string[] = new Array<string>(nodeRows.length);
  const nodeNames: string[] = new Array<string>(nodeRows.length);
  const nodeLabel = new Int32Array(nodeRows.length);
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const nodeIndex = new Map<string, number>();
  for (let i = 0; i < nodeRows.length; i += 1) {
    const [id, label, name] = nodeRows[i]!;
    nodeIds[i] = id;
    nodeNames[i] = name;
    nodeIndex.set(id, i);
    nodeLabel[i] = intern(label, labels, labelIndex);
  }
  const edgeRows = db
    .prepare<[string], [string, string, string, string]>(
      'SELECT id, type, source_id, target_id FROM graph_edges WHERE workspace_id = ? ORDER BY id',
    )
    .raw(true)
    .all(workspaceId);
  const m = edgeRows.length;
  const edgeIds: string[] = new Array<string>(m);
  const edgeType = new Int32Array(m);
  const edgeSource = new Int32Array(m);
  const edgeTarget = new Int32Array(m);
  const relTypes: string[] = [];
  const relTypeIndex = new Map<string, number>();
  for (let j = 0; j < m; j += 1) {
    const [id, type, source, target] = edgeRows[j]!;
    edgeIds[j] = id;
    edgeType[j] = intern(type, relTypes, relTypeIndex);
    // The foreign keys keep both ends in the same snapshot.
    edgeSource[j] = nodeIndex.get(source)!;
    edgeTarget[j] = nodeIndex.get(target)!;
  }
  const out = adjacency(nodeIds.length, edgeSource);
  const inn = adjacency(nodeIds.length, edgeTarget);
  return {
    workspaceId,
    changes,
    nodeIds,
    nodeNames,
    nodeLabel,
    labels,
    labelIndex,
    edgeIds,
    edgeType,
    relTypes,
    relTypeIndex,
    edgeSource,
    edgeTarget,
    outStart: out.start,
    outEdges: out.edges,
    inStart: inn.start,
    inEdges: inn.edges,
    nameRank: null,
    labelRank: null,
    relTypeRank: null,
    nodesOfLabel: new Map(),
  };
}

/** The index of `text` in `texts`, added at the end if new. */
function intern(text: string, texts: string[], index: Map<string, number>): number {
  let at = index.get(text);
  if (at === undefined) {
    at = texts.length;
    texts.push(text);
    index.set(text, at);
  }
  return at;
}

/** Compressed adjacency: the relationships of each node by `end`, in relationship order. */
function adjacency(nodes: number, end: Int32Array): { start: Int32Array; edges: Int32Array } {
  const start = new Int32Array(nodes + 1);
  for (let j = 0; j < end.length; j += 1) {
    start[end[j]! + 1]! += 1;
  }
  for (let i = 0; i < nodes; i += 1) {
    start[i + 1]! += start[i]!;
  }
  const fill = start.slice(0, nodes);
  const edges = new Int32Array(end.length);
  for (let j = 0; j < end.length; j += 1) {
    edges[fill[end[j]!]!++] = j;
  }
  return { start, edges };
}

/** The rank of each node's name in SQL text order (computed once per copy). */
export function nameRanks(g: MemoryGraph): Int32Array {
  if (g.nameRank === null) {
    const order = Array.from(g.nodeIds, (_, i) => i);
    order.sort((a, b) => compareSqlText(g.nodeNames[a]!, g.nodeNames[b]!));
    const rank = new Int32Array(order.length);
    let r = 0;
    for (let k = 0; k < order.length; k += 1) {
      if (k > 0 && g.nodeNames[order[k]!] !== g.nodeNames[order[k - 1]!]) {
        r = k;
      }
      rank[order[k]!] = r;
    }
    g.nameRank = rank;
  }
  return g.nameRank;
}

/** The rank of each label in SQL text order (computed once per copy). */
export function labelRanks(g: MemoryGraph): Int32Array {
  g.labelRank ??= textRanks(g.labels);
  return g.labelRank;
}

/** The rank of each relationship type in SQL text order (computed once per copy). */
export function typeRanks(g: MemoryGraph): Int32Array {
  g.relTypeRank ??= textRanks(g.relTypes);
  return g.relTypeRank;
}

/** The rank of each of distinct texts in SQL text order. */
function textRanks(texts: readonly string[]): Int32Array {
  const order = Array.from(texts, (_, i) => i).sort((a, b) => compareSqlText(texts[a]!, texts[b]!));
  const rank = new Int32Array(texts.length);
  order.forEach((i, r) => {
    rank[i] = r;
  });
  return rank;
}

/** The nodes of one label, in id order (computed once per label and copy). */
export function nodesOfLabel(g: MemoryGraph, label: number): Int32Array {
  let nodes = g.nodesOfLabel.get(label);
  if (!nodes) {
    const list: number[] = [];
    for (let i = 0; i < g.nodeLabel.length; i += 1) {
      if (g.nodeLabel[i] === label) {
        list.push(i);
      }
    }
    nodes = Int32Array.from(list);
    g.nodesOfLabel.set(label, nodes);
  }
  return nodes;
}

/**
 * The copies one query thread keeps: the most recently used workspaces' graphs, at most
 * `maxRecords` records in all.
 */
export class MemoryGraphCache {
  private readonly graphs = new Map<string, { graph: MemoryGraph; records: number }>();
  private records = 0;
  /** When each workspace's copy was last read, and how long that took (ms). */
  private readonly reads = new Map<string, { at: number; took: number }>();

  constructor(readonly maxRecords: number) {}

  /** True when a graph of `records` records fits, and reading it now stays within READ_SHARE. */
  mayRead(workspaceId: string, records: number, now: number): boolean {
    if (records > this.maxRecords) {
      return false;
    }
    const last = this.reads.get(workspaceId);
    return !last || now - last.at >= last.took / READ_SHARE;
  }

  /** Reads and keeps a workspace's graph (in the caller's read transaction). */
  read(db: Database, workspaceId: string, changes: number, now: () => number): void {
    const started = now();
    const graph = readMemoryGraph(db, workspaceId, changes);
    const finished = now();
    this.reads.delete(workspaceId);
    this.reads.set(workspaceId, { at: finished, took: finished - started });
    // The reads of long-gone workspaces are forgotten (the map stays small).
    if (this.reads.size > 1000) {
      this.reads.delete(this.reads.keys().next().value!);
    }
    this.keep(graph);
  }

  /** The copy of `workspaceId` if it is the graph at `changes`, else null. */
  fresh(workspaceId: string, changes: number): MemoryGraph | null {
    const held = this.graphs.get(workspaceId);
    if (!held || held.graph.changes !== changes) {
      return null;
    }
    // Most recently used last.
    this.graphs.delete(workspaceId);
    this.graphs.set(workspaceId, held);
    return held.graph;
  }

  /** Keeps a copy (replacing the workspace's older one), dropping the least recently used. */
  keep(graph: MemoryGraph): void {
    this.drop(graph.workspaceId);
    const records = graph.nodeIds.length + graph.edgeIds.length;
    for (const [workspaceId] of this.graphs) {
      if (this.records + records <= this.maxRecords) {
        break;
      }
      this.drop(workspaceId);
    }
    this.graphs.set(graph.workspaceId, { graph, records });
    this.records += records;
  }

  drop(workspaceId: string): void {
    const held = this.graphs.get(workspaceId);
    if (held) {
      this.graphs.delete(workspaceId);
      this.records -= held.records;
    }
  }
}
