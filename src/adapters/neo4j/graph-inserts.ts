import type { ManagedTransaction, Record as Neo4jRecord } from 'neo4j-driver';
import type { GraphEdge, GraphNode } from '../../domain/graph';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import type { InsertResult } from '../../ports/graph-store';
import { edgeProperties, nodeProperties } from './records';
import { field, runAll, stringField } from './statement';
import { EDGE_ENDS_LOCK, EDGE_INSERT, NODE_INSERT } from './statements/graph';
import { toDateTime, toNumber } from './values';

/**
 * Many nodes or edges inserted with one statement per kind (GraphWriter.insertNodes,
 * insertEdges), with the results that inserting them one after the other would give. Ids
 * repeated in the input are sent once: a later record of the same id finds it taken.
 */

/**
 * Inserts `nodes` in the transaction's workspace; `created` lists the ids inserted (for
 * their search outbox entries, which the writer adds).
 */
export async function insertNodeRows(
  tx: ManagedTransaction,
  workspaceId: string,
  nodes: readonly GraphNode[],
): Promise<{ results: InsertResult[]; created: string[] }> {
  const results: InsertResult[] = nodes.map(() => ({ status: 'exists' }));
  const firsts = firstOfEachId(nodes);
  if (firsts.length === 0) {
    return { results, created: [] };
  }
  const records = await runAll(tx, NODE_INSERT, {
    workspaceId,
    rows: firsts.map((i) => {
      const node = nodes[i]!;
      return {
        id: node.id,
        entityType: checkedTypeName(node.entityType),
        node: nodeProperties(workspaceId, node),
      };
    }),
  });
  const inserted = createdIds(records);
  const created: string[] = [];
  for (const i of firsts) {
    const id = nodes[i]!.id;
    if (inserted.has(id)) {
      results[i] = { status: 'ok' };
      created.push(id);
    }
  }
  return { results, created };
}

/**
 * Inserts `edges` in the transaction's workspace with two statements: the ends' locks
 * (sorted, see EDGE_ENDS_LOCK), which also tell which ends exist, then the claims and
 * relationships of the edges whose ends both do.
 */
export async function insertEdgeRows(
  tx: ManagedTransaction,
  workspaceId: string,
  edges: readonly GraphEdge[],
): Promise<InsertResult[]> {
  if (edges.length === 0) {
    return [];
  }
  const endIds = [...new Set(edges.flatMap((edge) => [edge.sourceId, edge.targetId]))].sort();
  const locked = await runAll(tx, EDGE_ENDS_LOCK, { workspaceId, ids: endIds });
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
  const records = await runAll(tx, EDGE_INSERT, {
    workspaceId,
    rows: firsts.map((i) => {
      const edge = edges[i]!;
      return {
        id: edge.id,
        type: checkedTypeName(edge.type),
        sourceId: edge.sourceId,
        targetId: edge.targetId,
        createdAt: toDateTime(edge.createdAt),
        updatedAt: toDateTime(edge.updatedAt),
        edge: edgeProperties(workspaceId, edge),
      };
    }),
  });
  for (const record of records) {
    if (field(record, 'created') === true && toNumber(field(record, 'made')) !== 1) {
      // Both ends are locked by EDGE_ENDS_LOCK, so this means the store is not as we left it.
      throw new Error(
        `Edge ${stringField(record, 'id')} could not be created between its locked ends.`,
      );
    }
  }
  const inserted = createdIds(records);
  for (const i of firsts) {
    if (inserted.has(edges[i]!.id)) {
      results[i] = { status: 'ok' };
    }
  }
  return results;
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
