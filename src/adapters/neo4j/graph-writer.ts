import type { ManagedTransaction, Record as Neo4jRecord } from 'neo4j-driver';
import type { GraphEdge, GraphNode, RecordKind } from '../../domain/graph';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import type { GraphWriter, InsertResult, TypeCount, WriteResult } from '../../ports/graph-store';
import { ENTITY_LABEL } from './identifiers';
import { edgeProperties, nodeProperties, toEdge, toNode } from './records';
import { field, mapField, runAll, runOne, stringField } from './statement';
import {
  EDGE_DELETE,
  EDGE_ENDS_LOCK,
  EDGE_INSERT,
  EDGE_LOCK,
  EDGES_BY_IDS,
  EDGES_OF_NODE,
  NODE_DEGREE,
  NODE_DELETE,
  NODE_GET,
  NODE_INSERT,
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
import { toDateTime, toInt, toNumber } from './values';

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

  /** One statement for the nodes, one for their search outbox entries. */
  async insertNodes(nodes: readonly GraphNode[]): Promise<InsertResult[]> {
    this.scope.assertOpen();
    const results: InsertResult[] = nodes.map(() => ({ status: 'exists' }));
    const firsts = firstOfEachId(nodes);
    if (firsts.length === 0) {
      return results;
    }
    const records = await runAll(this.tx, NODE_INSERT, {
      workspaceId: this.workspaceId,
      rows: firsts.map((i) => {
        const node = nodes[i]!;
        return {
          id: node.id,
          entityType: checkedTypeName(node.entityType),
          node: nodeProperties(this.workspaceId, node),
        };
      }),
    });
    const created = createdIds(records);
    const enqueued: string[] = [];
    for (const i of firsts) {
      const id = nodes[i]!.id;
      if (created.has(id)) {
        results[i] = { status: 'ok' };
        enqueued.push(id);
      }
    }
    if (enqueued.length > 0) {
      await this.enqueueForSearch(enqueued);
    }
    return results;
  }

  /**
   * Two statements: the ends' locks (sorted, see EDGE_ENDS_LOCK), which also tell which
   * ends exist, then the claims and relationships of the edges whose ends both do.
   */
  async insertEdges(edges: readonly GraphEdge[]): Promise<InsertResult[]> {
    this.scope.assertOpen();
    if (edges.length === 0) {
      return [];
    }
    const endIds = [...new Set(edges.flatMap((edge) => [edge.sourceId, edge.targetId]))].sort();
    const locked = await runAll(this.tx, EDGE_ENDS_LOCK, {
      workspaceId: this.workspaceId,
      ids: endIds,
    });
    const existing = new Set(locked.map((record) => stringField(record, 'id')));
    // The missing end first, the source before the target (as on SQLite); then the id.
    const results: InsertResult[] = edges.map((edge) =>
      !existing.has(edge.sourceId)
        ? { status: 'missing_end', end: 'source' }
        : !existing.has(edge.targetId)
          ? { status: 'missing_end', end: 'target' }
          : { status: 'exists' },
    );
    const firsts = firstOfEachId(edges, (i) => results[i]!.status === 'exists');
    if (firsts.length === 0) {
      return results;
    }
    const records = await runAll(this.tx, EDGE_INSERT, {
      workspaceId: this.workspaceId,
      rows: firsts.map((i) => {
        const edge = edges[i]!;
        return {
          id: edge.id,
          type: checkedTypeName(edge.type),
          sourceId: edge.sourceId,
          targetId: edge.targetId,
          createdAt: toDateTime(edge.createdAt),
          updatedAt: toDateTime(edge.updatedAt),
          edge: edgeProperties(this.workspaceId, edge),
        };
      }),
    });
    const created = createdIds(records);
    for (const record of records) {
      if (field(record, 'created') === true && toNumber(field(record, 'made')) !== 1) {
        // Both ends are locked by EDGE_ENDS_LOCK, so this means the store is not as we left it.
        throw new Error(
          `Edge ${stringField(record, 'id')} could not be created between its locked ends.`,
        );
      }
    }
    for (const i of firsts) {
      if (created.has(edges[i]!.id)) {
        results[i] = { status: 'ok' };
      }
    }
    return results;
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

/**
 * The position of the first record of each id among those `included` (all by default), in
 * order: a later record of the same id finds it taken.
 */
function firstOfEachId(
  records: readonly { id: string }[],
  included: (index: number) => boolean = () => true,
): number[] {
  const seen = new Set<string>();
  const firsts: number[] = [];
  records.forEach((record, i) => {
    if (included(i) && !seen.has(record.id)) {
      seen.add(record.id);
      firsts.push(i);
    }
  });
  return firsts;
}

/** The ids an insert statement reports `created`. */
function createdIds(records: readonly Neo4jRecord[]): Set<string> {
  return new Set(
    records
      .filter((record) => field(record, 'created') === true)
      .map((record) => stringField(record, 'id')),
  );
}

/**
 * A type name as a label or relationship type parameter (`$(...)`): the domain's pattern
 * still applies, so that no record can ever carry one of the service's own labels.
 */
function checkedTypeName(name: string): string {
  if (!TYPE_NAME_PATTERN.test(name)) {
    throw new Error(`Not a valid label or relationship type: ${JSON.stringify(name)}`);
  }
  return name;
}
