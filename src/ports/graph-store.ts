import type {
  Direction,
  EdgeSortField,
  GraphEdge,
  GraphNode,
  NodeSortField,
  RecordKind,
  SortKey,
  Subgraph,
} from '../domain/graph';
import type { ReachedNode } from '../domain/graph-paths';
import type { Filter } from '../filters/model';
import type { ChangeFeedRecorder, ChangeLogWriter } from './change-log';
import type { CommandLog } from './command-log';
import type { OntologyWriter } from './ontology-store';
import type { PageRequest } from './paging';

/** Node list filters: the exact-match shorthands, ANDed with `where` (src/filters). */
export interface NodeFilter {
  entityType?: string;
  /** Exact match. */
  name?: string;
  /** A validated filter tree (src/filters/validate.ts). */
  where?: Filter;
}

/** Edge list filters: the exact-match shorthands, ANDed with `where`. */
export interface EdgeFilter {
  type?: string;
  sourceId?: string;
  targetId?: string;
  /** Either end. */
  nodeId?: string;
  where?: Filter;
}

/**
 * Where a keyset page starts: the sort fields' values of the last item already seen (one
 * per sort key, in the sort's order) and its id. The page holds the items after it in the
 * list's order, whatever was inserted or deleted meanwhile.
 */
export interface SortPosition {
  values: readonly string[];
  id: string;
}

/** A list page request: by offset, or (offset 0) after a position; total optional. */
export interface ListPageRequest extends PageRequest {
  after?: SortPosition;
  /** False skips counting the matching items (`total` is then null). Default true. */
  count?: boolean;
}

/** One page of a node or edge list; `total` is null when counting was skipped. */
export interface ListPage<T> {
  items: T[];
  total: number | null;
}

export interface NeighborhoodOptions {
  /** 1..3 hops. */
  depth: number;
  direction: Direction;
  /** Only follow edges of these types (all when empty). */
  types: readonly string[];
  /** At most this many nodes, the start node included (closest first). */
  maxNodes: number;
}

export interface Neighborhood extends Subgraph {
  /** True when `maxNodes` cut the traversal short. */
  truncated: boolean;
}

export interface ExpansionOptions {
  /** 0..3 hops from the seeds (0: the seeds only). */
  depth: number;
  /** Only follow edges of these types (all when empty). Direction is ignored (both ways). */
  types: readonly string[];
  /** At most this many nodes, the seeds included (closest first). */
  maxNodes: number;
}

export interface Expansion {
  reached: ReachedNode[];
  /** Every edge among the reached nodes (the touched subgraph). */
  edges: GraphEdge[];
  truncated: boolean;
}

/** Result of a conditional write: the version check and the write are one atomic step. */
export type WriteResult<T> =
  | { status: 'ok'; record: T }
  | { status: 'missing' }
  | { status: 'conflict'; currentVersion: number };

export type InsertResult =
  | { status: 'ok' }
  /** A record with this id already exists in the workspace. */
  | { status: 'exists' }
  /** CREATE_EDGE only: an end node is missing. */
  | { status: 'missing_end'; end: 'source' | 'target' };

/** How many records of the workspace have one entity type (nodes) or type (edges). */
export interface TypeCount {
  type: string;
  count: number;
}

/**
 * Record-level writes inside one transaction of one workspace. Every method is confined to
 * the transaction's workspace: ids of another workspace behave like missing ones.
 */
export interface GraphWriter {
  getNode(id: string): Promise<GraphNode | null>;
  getEdge(id: string): Promise<GraphEdge | null>;
  /** Every edge with `id` at either end. */
  edgesOfNode(id: string): Promise<GraphEdge[]>;
  /** Inserts the record exactly as given (id, version and timestamps included). */
  insertNode(node: GraphNode): Promise<InsertResult>;
  insertEdge(edge: GraphEdge): Promise<InsertResult>;
  /**
   * Inserts many nodes at once: the same records and results, in order, as `insertNode`
   * for each in turn (a repeated id gets `exists`), in as few round trips as the engine
   * allows. What a batch of creates writes with.
   */
  insertNodes(nodes: readonly GraphNode[]): Promise<InsertResult[]>;
  /**
   * Inserts many edges at once, as `insertEdge` for each in turn (a missing end reported
   * before a taken id, the source before the target). The ends are locked in one order
   * (by id) whatever the edges' order, so concurrent inserts over shared ends wait for each
   * other instead of deadlocking.
   */
  insertEdges(edges: readonly GraphEdge[]): Promise<InsertResult[]>;
  /**
   * Replaces the stored node with `node` (same id) if the stored version equals
   * `expectedVersion`.
   */
  replaceNode(node: GraphNode, expectedVersion: number): Promise<WriteResult<GraphNode>>;
  /** Deletes a node that has no edges, if its version equals `expectedVersion` (when given). */
  deleteNode(id: string, expectedVersion?: number): Promise<WriteResult<GraphNode>>;
  deleteEdge(id: string, expectedVersion?: number): Promise<WriteResult<GraphEdge>>;
  /** Up to `limit` nodes of the entity type with ids after `afterId` (null: from the first), by id. */
  nodesOfType(entityType: string, afterId: string | null, limit: number): Promise<GraphNode[]>;
  /** Up to `limit` edges of the type with ids after `afterId`, by id. */
  edgesOfType(type: string, afterId: string | null, limit: number): Promise<GraphEdge[]>;
  /** The number of nodes per entity type, or of edges per type, in the workspace. */
  typeCounts(kind: RecordKind): Promise<TypeCount[]>;
  /** How many edges of `type` have the node at their `end`. */
  countEdgesAt(nodeId: string, end: 'source' | 'target', type: string): Promise<number>;
}

/**
 * What a transaction callback receives: graph writes, the command log and the ontology, one
 * atomic unit.
 */
export interface UnitOfWork {
  graph: GraphWriter;
  log: CommandLog;
  ontology: OntologyWriter;
  /** The workspace's change log, appended in this transaction (docs/events.md). */
  changes: ChangeLogWriter;
  /**
   * Present when the store records changes as events (src/events/recording-graph-store.ts):
   * who the changes are attributed to, and events about things other than nodes and edges.
   */
  feed?: ChangeFeedRecorder;
}

/**
 * The ontology's storage port. Reads see committed data only. Writes happen in
 * `transaction`: everything the callback does commits together or not at all, and
 * transactions of the same workspace never interleave their conditional writes.
 */
export interface GraphStore {
  getNode(workspaceId: string, id: string): Promise<GraphNode | null>;
  /** The nodes of these ids that exist in the workspace, in the order given (one read). */
  getNodes(workspaceId: string, ids: readonly string[]): Promise<GraphNode[]>;
  getEdge(workspaceId: string, id: string): Promise<GraphEdge | null>;
  listNodes(
    workspaceId: string,
    filter: NodeFilter,
    sort: readonly SortKey<NodeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphNode>>;
  listEdges(
    workspaceId: string,
    filter: EdgeFilter,
    sort: readonly SortKey<EdgeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphEdge>>;
  /** Breadth-first neighbourhood of `nodeId`; null when the node does not exist. */
  neighborhood(
    workspaceId: string,
    nodeId: string,
    options: NeighborhoodOptions,
  ): Promise<Neighborhood | null>;
  /**
   * Multi-source breadth-first expansion from `seedIds` (hybrid search): every node within
   * `depth` hops of a seed, undirected, with the shortest path that reached it. Seeds that
   * do not exist in the workspace are left out. Seeds are given best first.
   */
  expand(
    workspaceId: string,
    seedIds: readonly string[],
    options: ExpansionOptions,
  ): Promise<Expansion>;
  /** Runs `work` in one transaction of the workspace; rolls back if it throws. */
  transaction<T>(workspaceId: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Every node of the workspace by id, then every edge by id, in chunks: what an export
   * writes. Every edge's ends are among the nodes read. The embedded store reads one
   * snapshot (a read transaction of its own): writes made meanwhile are not seen. Neo4j,
   * which has no snapshots, reads pages one after the other and leaves out edges whose
   * ends it did not read (see `pagedRecords`). Returning from the iteration early releases
   * whatever the read holds.
   */
  exportRecords(workspaceId: string): AsyncGenerator<RecordChunk, void, undefined>;
}

/** A chunk of an export's records (see `GraphStore.exportRecords`). */
export type RecordChunk =
  { kind: 'node'; items: GraphNode[] } | { kind: 'edge'; items: GraphEdge[] };

/**
 * A GraphStore that reads through `inner` and runs every transaction through `transaction`
 * (which calls `inner.transaction` in its turn): how decorators add to writes alone.
 */
export function wrapTransactions(
  inner: GraphStore,
  transaction: GraphStore['transaction'],
): GraphStore {
  return {
    getNode: (ws, id) => inner.getNode(ws, id),
    getNodes: (ws, ids) => inner.getNodes(ws, ids),
    getEdge: (ws, id) => inner.getEdge(ws, id),
    listNodes: (ws, filter, sort, page) => inner.listNodes(ws, filter, sort, page),
    listEdges: (ws, filter, sort, page) => inner.listEdges(ws, filter, sort, page),
    neighborhood: (ws, id, options) => inner.neighborhood(ws, id, options),
    expand: (ws, seeds, options) => inner.expand(ws, seeds, options),
    exportRecords: (ws) => inner.exportRecords(ws),
    transaction,
  };
}
