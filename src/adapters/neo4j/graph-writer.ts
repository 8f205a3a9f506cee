import type { ManagedTransaction } from 'neo4j-driver';
import type { GraphEdge, GraphNode, RecordKind } from '../../domain/graph';
import type { GraphWriter, InsertResult, TypeCount, WriteResult } from '../../ports/graph-store';
import { insertEdgeRows, insertNodeRows } from './graph-inserts';
import { ENTITY_LABEL } from './identifiers';
import { nodeProperties, toEdge, toNode } from './records';
import { field, mapField, runAll, runOne, stringField } from './statement';
import {
  EDGE_DELETE,
  EDGE_LOCK,
  EDGES_BY_IDS,
  EDGES_OF_NODE,
  NODE_DEGREE,
  NODE_DELETE,
  NODE_GET,
  NODE_LOCK,
  NODE_REMOVE_LABEL,
  NODE_REPLACE,
} from './statements/graph';
import {
  EDGE_TYPE_COUNTS,
  EDGES_AT_SOURCE,
  EDGES_AT_TARGET,
  EDGES_OF_TYPE,
  NODE_TYPE_COUNTS,
  NODES_OF_TYPE,
} from './statements/ontology';
import { OUTBOX_ENQUEUE } from './statements/search';
import { toInt, toNumber } from './values';

/**
 * The lifetime of one `GraphStore.transaction`: a writer kept past it (a stray closure, a
 * promise not awaited) must not run statements on a transaction that has ended.
 */
export class TransactionScope {
  private open = true;

  constructor(readonly workspaceId: string) {}

  close(): void {
    this.open = false;
  }

  /** Rejects once the transaction has committed or rolled back. */
  assertOpen(): void {
    if (!this.open) {
      throw new Error('Graph transaction already finished; start a new one.');
    }
  }
}

const boundTransactions = new WeakMap<
  object,
  { owner: object; tx: ManagedTransaction; scope: TransactionScope }
>();

/**
 * Remembers which Neo4j transaction `uow` belongs to, so that other stores on the same
 * client can write inside it (ConnectorStore's `...In(uow)` methods).
 */
export function bindTransaction(
  uow: object,
  owner: object,
  tx: ManagedTransaction,
  scope: TransactionScope,
): void {
  boundTransactions.set(uow, { owner, tx, scope });
}

/**
 * The open transaction of `uow`, which must come from a GraphStore on the client `owner`,
 * opened for `workspaceId`; anything else is a wiring error.
 */
export function transactionOf(uow: object, owner: object, workspaceId: string): ManagedTransaction {
  const bound = boundTransactions.get(uow);
  if (bound?.owner !== owner) {
    throw new Error('Not a unit of work of this Neo4j database: stores of one engine only.');
  }
  if (bound.scope.workspaceId !== workspaceId) {
    throw new Error('This unit of work belongs to another workspace.');
  }
  bound.scope.assertOpen();
  return bound.tx;
}

/** Graph writes of one Neo4j transaction, confined to its workspace. */
export class Neo4jGraphWriter implements GraphWriter {
  private readonly workspaceId: string;

  constructor(
    private readonly tx: ManagedTransaction,
    private readonly scope: TransactionScope,
  ) {
    this.workspaceId = scope.workspaceId;
  }

  async getNode(id: string): Promise<GraphNode | null> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, NODE_GET, { workspaceId: this.workspaceId, id });
    return record ? toNode(mapField(record, 'node')) : null;
  }

  async getEdge(id: string): Promise<GraphEdge | null> {
    this.scope.assertOpen();
    const records = await runAll(this.tx, EDGES_BY_IDS, {
      workspaceId: this.workspaceId,
      ids: [id],
    });
    const [record] = records;
    return record ? toEdge(mapField(record, 'edge')) : null;
  }

  /**
   * Also takes the node's write lock: callers list the edges to delete them and then the
   * node, and no other transaction may attach a new edge in between (creating an edge
   * locks both ends).
   */
  async edgesOfNode(id: string): Promise<GraphEdge[]> {
    this.scope.assertOpen();
    const key = { workspaceId: this.workspaceId, id };
    await runAll(this.tx, NODE_LOCK, key);
    const records = await runAll(this.tx, EDGES_OF_NODE, key);
    return records.map((record) => toEdge(mapField(record, 'edge')));
  }

  async insertNode(node: GraphNode): Promise<InsertResult> {
    const [result] = await this.insertNodes([node]);
    return result ?? { status: 'exists' };
  }

  async insertEdge(edge: GraphEdge): Promise<InsertResult> {
    const [result] = await this.insertEdges([edge]);
    return result ?? { status: 'exists' };
  }

  /** One statement for the nodes (see `insertNodeRows`), one for their outbox entries. */
  async insertNodes(nodes: readonly GraphNode[]): Promise<InsertResult[]> {
    this.scope.assertOpen();
    const { results, created } = await insertNodeRows(this.tx, this.workspaceId, nodes);
    if (created.length > 0) {
      await this.enqueueForSearch(created);
    }
    return results;
  }

  async insertEdges(edges: readonly GraphEdge[]): Promise<InsertResult[]> {
    this.scope.assertOpen();
    return insertEdgeRows(this.tx, this.workspaceId, edges);
  }

  async replaceNode(node: GraphNode, expectedVersion: number): Promise<WriteResult<GraphNode>> {
    this.scope.assertOpen();
    const key = { workspaceId: this.workspaceId, id: node.id };
    const locked = await runOne(this.tx, NODE_LOCK, key);
    if (!locked) {
      return { status: 'missing' };
    }
    const current = toNode(mapField(locked, 'node'));
    if (current.version !== expectedVersion) {
      return { status: 'conflict', currentVersion: current.version };
    }
    if (current.entityType !== node.entityType && current.entityType !== ENTITY_LABEL) {
      // The type label follows the entity type; `Entity` itself is every entity's label.
      await runAll(this.tx, NODE_REMOVE_LABEL.fill({ ENTITY_TYPE: current.entityType }), key);
    }
    const replaced = await runOne(this.tx, NODE_REPLACE.fill({ ENTITY_TYPE: node.entityType }), {
      ...key,
      expectedVersion: toInt(expectedVersion),
      node: nodeProperties(this.workspaceId, node),
    });
    if (!replaced || toNumber(field(replaced, 'replaced')) !== 1) {
      throw new Error(`Node ${node.id} changed while this transaction held its lock.`);
    }
    await this.enqueueForSearch([node.id]);
    return { status: 'ok', record: node };
  }

  async deleteNode(id: string, expectedVersion?: number): Promise<WriteResult<GraphNode>> {
    this.scope.assertOpen();
    const key = { workspaceId: this.workspaceId, id };
    const locked = await runOne(this.tx, NODE_LOCK, key);
    if (!locked) {
      return { status: 'missing' };
    }
    const current = toNode(mapField(locked, 'node'));
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      return { status: 'conflict', currentVersion: current.version };
    }
    const degree = await runOne(this.tx, NODE_DEGREE, key);
    if (degree && toNumber(field(degree, 'degree')) > 0) {
      // The port makes cascading the caller's job, so that it can log every removed edge.
      throw new Error(`Node ${id} still has edges; delete them before the node.`);
    }
    await runAll(this.tx, NODE_DELETE, {
      ...key,
      expectedVersion: expectedVersion === undefined ? null : toInt(expectedVersion),
    });
    await this.enqueueForSearch([id]);
    return { status: 'ok', record: current };
  }

  async deleteEdge(id: string, expectedVersion?: number): Promise<WriteResult<GraphEdge>> {
    this.scope.assertOpen();
    const key = { workspaceId: this.workspaceId, id };
    const locked = await runOne(this.tx, EDGE_LOCK, key);
    if (!locked) {
      return { status: 'missing' };
    }
    const current = toEdge(mapField(locked, 'edge'));
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      return { status: 'conflict', currentVersion: current.version };
    }
    await runAll(this.tx, EDGE_DELETE, {
      ...key,
      expectedVersion: expectedVersion === undefined ? null : toInt(expectedVersion),
    });
    return { status: 'ok', record: current };
  }

  async nodesOfType(
    entityType: string,
    afterId: string | null,
    limit: number,
  ): Promise<GraphNode[]> {
    this.scope.assertOpen();
    const records = await runAll(this.tx, NODES_OF_TYPE, {
      workspaceId: this.workspaceId,
      entityType,
      afterId: afterId ?? '',
      limit: toInt(limit),
    });
    return records.map((record) => toNode(mapField(record, 'node')));
  }

  async edgesOfType(type: string, afterId: string | null, limit: number): Promise<GraphEdge[]> {
    this.scope.assertOpen();
    const records = await runAll(this.tx, EDGES_OF_TYPE, {
      workspaceId: this.workspaceId,
      type,
      afterId: afterId ?? '',
      limit: toInt(limit),
    });
    return records.map((record) => toEdge(mapField(record, 'edge')));
  }

  async typeCounts(kind: RecordKind): Promise<TypeCount[]> {
    this.scope.assertOpen();
    const statement = kind === 'node' ? NODE_TYPE_COUNTS : EDGE_TYPE_COUNTS;
    const records = await runAll(this.tx, statement, { workspaceId: this.workspaceId });
    return records.map((record) => ({
      type: stringField(record, 'type'),
      count: toNumber(field(record, 'count')),
    }));
  }

  async countEdgesAt(nodeId: string, end: 'source' | 'target', type: string): Promise<number> {
    this.scope.assertOpen();
    const statement = end === 'source' ? EDGES_AT_SOURCE : EDGES_AT_TARGET;
    const record = await runOne(this.tx, statement, {
      workspaceId: this.workspaceId,
      nodeId,
      type,
    });
    return record ? toNumber(field(record, 'count')) : 0;
  }

  /**
   * The search outbox entries for node changes, in this same transaction (docs/search.md
   * "Indexing"): committed with the changes, or rolled back with them.
   */
  private async enqueueForSearch(nodeIds: readonly string[]): Promise<void> {
    await runAll(this.tx, OUTBOX_ENQUEUE, {
      workspaceId: this.workspaceId,
      nodeIds: [...nodeIds],
      enqueuedAt: new Date().toISOString(),
    });
  }
}
