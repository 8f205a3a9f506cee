import type { Statement } from 'better-sqlite3';
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
import type { ListPage, ListPageRequest, RecordChunk } from '../../ports/graph-store';
import { snapshotRecords } from './graph-snapshot';
import { CommandLogStatements, SqliteCommandLog } from './command-log';
import { BookkeepingStatements, GraphBookkeeping } from './graph-bookkeeping';
import type { SqliteDatabase } from './database';
import { ExpansionQuery } from './graph-expansion';
import { ListQuery } from './graph-list-query';
import { edgeListDefinition, nodeListDefinition } from './list-definitions';
import { ListThreads, walksManyRecords } from './list-threads';
import { NeighborhoodQuery } from './graph-neighborhood';
import { applyPropertyIndexes } from './property-indexes';
import {
  EDGE_BY_ID_SQL,
  NODE_BY_ID_SQL,
  NODE_COLUMNS,
  toEdge,
  toNode,
  type EdgeRow,
  type NodeRow,
} from './graph-rows';
import { ChangeLogStatements, SqliteChangeLogWriter } from './change-log';
import { TransactionScope, bindTransaction, settle } from './graph-transaction';
import { GraphWriterStatements, SqliteGraphWriter } from './graph-writer';
import { OntologyWriterStatements, SqliteOntologyWriter } from './ontology-store';

/**
 * The ontology graph in the embedded store. Reads run on the read-only connection and see
 * committed data only; writes run in `transaction`, on the writer, under the database's
 * mutex (see `SqliteDatabase`).
 */
export class SqliteGraphStore implements GraphStore {
  private readonly getNodeStmt: Statement<[string, string], NodeRow>;
  private readonly getNodesStmt: Statement<[{ workspaceId: string; ids: string }], NodeRow>;
  private readonly getEdgeStmt: Statement<[string, string], EdgeRow>;
  private readonly nodeList: ListQuery<NodeRow, NodeSortField>;
  private readonly edgeList: ListQuery<EdgeRow, EdgeSortField>;
  private readonly indexedKeys: Record<'node' | 'edge', ReadonlySet<string>>;
  /** Pages that walk many records run there, off the event loop (list-threads.ts). */
  private readonly listThreads: ListThreads;
  private readonly traversal: NeighborhoodQuery;
  private readonly expansion: ExpansionQuery;
  private readonly writerStatements: GraphWriterStatements;
  private readonly logStatements: CommandLogStatements;
  private readonly bookkeepingStatements: BookkeepingStatements;
  private readonly ontologyStatements: OntologyWriterStatements;
  private readonly changeLogStatements: ChangeLogStatements;

  /**
   * `propertyIndexes`: the declared property keys (NODE_PROPERTY_INDEXES,
   * EDGE_PROPERTY_INDEXES); their expression indexes are created (and undeclared ones
   * dropped) here, before the first read.
   */
  constructor(
    private readonly db: SqliteDatabase,
    propertyIndexes: PropertyIndexes = NO_PROPERTY_INDEXES,
  ) {
    applyPropertyIndexes(db.writer, propertyIndexes);
    this.getNodeStmt = db.reader.prepare(NODE_BY_ID_SQL);
    this.getNodesStmt = db.reader.prepare(
      `WITH wanted(node_id, position) AS (SELECT value, key FROM json_each(@ids))
       SELECT ${NODE_COLUMNS} FROM wanted
       JOIN graph_nodes ON workspace_id = @workspaceId AND id = wanted.node_id
       ORDER BY wanted.position`,
    );
    this.getEdgeStmt = db.reader.prepare(EDGE_BY_ID_SQL);
    this.nodeList = new ListQuery(db.reader, nodeListDefinition(propertyIndexes));
    this.edgeList = new ListQuery(db.reader, edgeListDefinition(propertyIndexes));
    this.indexedKeys = {
      node: new Set(propertyIndexes.node),
      edge: new Set(propertyIndexes.edge),
    };
    this.listThreads = new ListThreads(db.reader.name, propertyIndexes);
    this.traversal = new NeighborhoodQuery(db.reader);
    this.expansion = new ExpansionQuery(db.reader);
    this.writerStatements = new GraphWriterStatements(db.writer);
    this.logStatements = new CommandLogStatements(db.writer);
    this.bookkeepingStatements = new BookkeepingStatements(db.writer);
    this.ontologyStatements = new OntologyWriterStatements(db.writer);
    this.changeLogStatements = new ChangeLogStatements(db.writer);
  }

  getNode(workspaceId: string, id: string): Promise<GraphNode | null> {
    return settle(() => {
      const row = this.getNodeStmt.get(workspaceId, id);
      return row ? toNode(row) : null;
    });
  }

  getNodes(workspaceId: string, ids: readonly string[]): Promise<GraphNode[]> {
    return settle(() =>
      ids.length === 0
        ? []
        : this.getNodesStmt.all({ workspaceId, ids: JSON.stringify(ids) }).map(toNode),
    );
  }

  getEdge(workspaceId: string, id: string): Promise<GraphEdge | null> {
    return settle(() => {
      const row = this.getEdgeStmt.get(workspaceId, id);
      return row ? toEdge(row) : null;
    });
  }

  async listNodes(
    workspaceId: string,
    filter: NodeFilter,
    sort: readonly SortKey<NodeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphNode>> {
    const tree = nodeFilterTree(filter);
    const result = walksManyRecords(tree, page, this.indexedKeys.node)
      ? ((await this.listThreads.run({
          kind: 'node',
          workspaceId,
          filter: tree,
          sort,
          page,
        })) as ListPage<NodeRow>)
      : await settle(() => this.nodeList.run(workspaceId, tree, sort, page));
    return { items: result.items.map(toNode), total: result.total };
  }

  async listEdges(
    workspaceId: string,
    filter: EdgeFilter,
    sort: readonly SortKey<EdgeSortField>[],
    page: ListPageRequest,
  ): Promise<ListPage<GraphEdge>> {
    const tree = edgeFilterTree(filter);
    const result = walksManyRecords(tree, page, this.indexedKeys.edge)
      ? ((await this.listThreads.run({
          kind: 'edge',
          workspaceId,
          filter: tree,
          sort,
          page,
        })) as ListPage<EdgeRow>)
      : await settle(() => this.edgeList.run(workspaceId, tree, sort, page));
    return { items: result.items.map(toEdge), total: result.total };
  }

  /** One snapshot on a connection of its own (graph-snapshot.ts). */
  exportRecords(workspaceId: string): AsyncGenerator<RecordChunk, void, undefined> {
    return snapshotRecords(this.db.reader.name, workspaceId);
  }

  /** Ends the list threads; the database itself is closed by its owner. */
  close(): Promise<void> {
    return this.listThreads.close();
  }

  neighborhood(
    workspaceId: string,
    nodeId: string,
    options: NeighborhoodOptions,
  ): Promise<Neighborhood | null> {
    return settle(() => this.traversal.run(workspaceId, nodeId, options));
  }

  expand(
    workspaceId: string,
    seedIds: readonly string[],
    options: ExpansionOptions,
  ): Promise<Expansion> {
    return settle(() => this.expansion.run(workspaceId, seedIds, options));
  }

  transaction<T>(workspaceId: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      const scope = new TransactionScope(workspaceId);
      const bookkeeping = new GraphBookkeeping(this.bookkeepingStatements, workspaceId);
      const uow: UnitOfWork = {
        graph: new SqliteGraphWriter(this.writerStatements, scope, bookkeeping),
        log: new SqliteCommandLog(this.logStatements, scope),
        ontology: new SqliteOntologyWriter(this.ontologyStatements, scope),
        changes: new SqliteChangeLogWriter(this.changeLogStatements, scope),
      };
      bindTransaction(uow, this.db, scope);
      try {
        const result = await work(uow);
        // Still inside the transaction: the outbox and counts commit with the records.
        bookkeeping.flush(new Date().toISOString());
        return result;
      } finally {
        scope.close();
      }
    });
  }
}
