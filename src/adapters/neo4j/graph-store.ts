import type { ManagedTransaction } from 'neo4j-driver';
import type {
  EdgeSortField,
  GraphEdge,
  GraphNode,
  NodeSortField,
  SortKey,
} from '../../domain/graph';
import type {
  EdgeFilter,
  Expansion,
  ExpansionOptions,
  GraphStore,
  Neighborhood,
  NeighborhoodOptions,
  NodeFilter,
  UnitOfWork,
} from '../../ports/graph-store';
import { NO_PROPERTY_INDEXES, type PropertyIndexes } from '../../filters/indexes';
import { edgeFilterTree, nodeFilterTree } from '../../filters/shorthands';
import type { ListPage, ListPageRequest, RecordChunk, SortPosition } from '../../ports/graph-store';
import { pagedRecords } from '../paged-records';
import { Neo4jChangeLogWriter } from './change-log';
import type { Neo4jClient } from './client';
import { Neo4jCommandLog } from './command-log';
import { checkExpansionOptions, checkNeighborhoodOptions } from '../../domain/graph-paths';
import { expandSeeds } from './graph-expansion';
import { traverse } from './graph-neighborhood';
import { Neo4jGraphWriter, TransactionScope, bindTransaction } from './graph-writer';
import { Neo4jOntologyWriter } from './ontology-store';
import { toEdge, toNode } from './records';
import { field, mapField, runAll, runOne } from './statement';
import { EDGES_BY_IDS, NODE_GET, NODES_BY_IDS } from './statements/graph';
import { edgeLists, nodeLists, type ListStatements } from './statements/lists';
import { PURGE_IN_ORDER } from './statements/maintenance';
import { toDateTime, toInt, toNumber } from './values';

/** The parameters of a keyset position: DATETIME for the timestamps, as they are stored. */
function afterParams<F extends string>(
  after: SortPosition | undefined,
  sort: readonly SortKey<F>[],
): Record<string, unknown> {
  if (!after) {
    return {};
  }
  const fields = [...new Set(sort.map((key) => key.field))];
  if (after.values.length !== fields.length) {
    throw new Error(`A position of ${after.values.length} values for ${fields.length} sort terms`);
  }
  const params: Record<string, unknown> = { afterId: after.id };
  fields.forEach((field, i) => {
    const value = after.values[i] as string;
    params[`after${i}`] =
      field === 'createdAt' || field === 'updatedAt' ? toDateTime(value) : value;
  });
  return params;
}

/**
 * The ontology graph in Neo4j (docs/ontology.md). Reads run in read transactions and see
 * committed data only; `transaction` is one Neo4j write transaction (session.executeWrite)
 * holding the graph writes and the command log together. Conditional writes lock the record
 * before checking its version, so concurrent conflicting commands behave as on SQLite: one
 * wins, the others see VERSION_CONFLICT.
 */
export class Neo4jGraphStore implements GraphStore {
  private readonly indexedKeys: { node: ReadonlySet<string>; edge: ReadonlySet<string> };

  /** `propertyIndexes`: the declared keys, compiled so that their indexes can be used. */
  constructor(
    private readonly client: Neo4jClient,
    propertyIndexes: PropertyIndexes = NO_PROPERTY_INDEXES,
  ) {
    this.indexedKeys = {
      node: new Set(propertyIndexes.node),
      edge: new Set(propertyIndexes.edge),
    };
  }

  getNode(workspaceId: string, id: string): Promise<GraphNode | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, NODE_GET, { workspaceId, id });
      return record ? toNode(mapField(record, 'node')) : null;
    });
  }

  getNodes(workspaceId: string, ids: readonly string[]): Promise<GraphNode[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.client.read(async (tx) => {
      const records = await runAll(tx, NODES_BY_IDS, { workspaceId, ids: [...ids] });
      const rank = new Map(ids.map((id, i) => [id, i]));
      return records
        .map((record) => toNode(mapField(record, 'node')))
        .sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    });
  }

  getEdge(workspaceId: string, id: string): Promise<GraphEdge | null> {
    return this.client.read(async (tx) => {
      const [record] = await runAll(tx, EDGES_BY_IDS, { workspaceId, ids: [id] });
      return record ? toEdge(mapField(record, 'edge')) : null;
    });
  }

  listNodes(
    workspaceId: string,
    filter: NodeFilter,
    sort: readonly SortKey<NodeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphNode>> {
    const keyset = page.after !== undefined;
    const tree = nodeFilterTree(filter);
    const statements = nodeLists.statements(tree, sort, keyset, this.indexedKeys.node);
    const params = { workspaceId, ...statements.filterParams };
    return this.client.read((tx) =>
      this.list(tx, statements, params, afterParams(page.after, sort), page, (record) =>
        toNode(mapField(record, 'node')),
      ),
    );
  }

  listEdges(
    workspaceId: string,
    filter: EdgeFilter,
    sort: readonly SortKey<EdgeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphEdge>> {
    const keyset = page.after !== undefined;
    const tree = edgeFilterTree(filter);
    const statements = edgeLists.statements(tree, sort, keyset, this.indexedKeys.edge);
    const params = { workspaceId, ...statements.filterParams };
    return this.client.read((tx) =>
      this.list(tx, statements, params, afterParams(page.after, sort), page, (record) =>
        toEdge(mapField(record, 'edge')),
      ),
    );
  }

  /** Keyset pages, one read transaction each: Neo4j has no snapshot to read from. */
  exportRecords(workspaceId: string): AsyncGenerator<RecordChunk, void, undefined> {
    return pagedRecords(this, workspaceId);
  }

  neighborhood(
    workspaceId: string,
    nodeId: string,
    options: NeighborhoodOptions,
  ): Promise<Neighborhood | null> {
    try {
      checkNeighborhoodOptions(options);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.client.read((tx) => traverse(tx, workspaceId, nodeId, options));
  }

  expand(
    workspaceId: string,
    seedIds: readonly string[],
    options: ExpansionOptions,
  ): Promise<Expansion> {
    try {
      checkExpansionOptions(options);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (seedIds.length === 0) {
      return Promise.resolve({ reached: [], edges: [], truncated: false });
    }
    return this.client.read((tx) => expandSeeds(tx, workspaceId, seedIds, options));
  }

  transaction<T>(workspaceId: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    // The driver may run this function again after a transient failure (a deadlock, a
    // leader switch); each run gets a fresh scope and a fresh unit of work.
    return this.client.write(async (tx) => {
      const scope = new TransactionScope(workspaceId);
      const uow: UnitOfWork = {
        graph: new Neo4jGraphWriter(tx, scope),
        log: new Neo4jCommandLog(tx, scope),
        ontology: new Neo4jOntologyWriter(tx, scope),
        changes: new Neo4jChangeLogWriter(tx, scope),
      };
      bindTransaction(uow, this.client, tx, scope);
      try {
        return await work(uow);
      } finally {
        scope.close();
      }
    });
  }

  /**
   * Deletes everything the graph store keeps for these workspaces: entities, edges, the
   * command log and idempotency records (workspace records and keys too). For tests on a
   * shared server and for operators; the API has no route to it.
   */
  purgeWorkspaces(workspaceIds: readonly string[]): Promise<void> {
    return this.client.write(async (tx) => {
      for (const statement of PURGE_IN_ORDER) {
        await runAll(tx, statement, { workspaceIds: [...workspaceIds] });
      }
    });
  }

  /**
   * The total (unless skipped), then the page when it can hold anything (as the SQLite
   * adapter does). A keyset page has no offset.
   */
  private async list<T>(
    tx: ManagedTransaction,
    statements: ListStatements,
    params: Record<string, unknown>,
    after: Record<string, unknown>,
    page: ListPageRequest,
    map: (record: Parameters<typeof mapField>[0]) => T,
  ): Promise<ListPage<T>> {
    let total: number | null = null;
    if (page.count ?? true) {
      const counted = await runOne(tx, statements.count, params);
      total = counted ? toNumber(field(counted, 'total')) : 0;
    }
    const skip = page.after ? 0 : page.offset;
    if (page.limit <= 0 || (total !== null && skip >= total)) {
      return { items: [], total };
    }
    const records = await runAll(tx, statements.page, {
      ...params,
      ...after,
      ...(page.after ? {} : { offset: toInt(page.offset) }),
      limit: toInt(page.limit),
    });
    return { items: records.map(map), total };
  }
}
