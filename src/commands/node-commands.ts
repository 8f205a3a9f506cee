import type { GraphNode } from '../domain/graph';
import { newTimeOrderedId } from '../domain/ids';
import { mergeProperties, MAX_PROPERTIES_BYTES, propertiesBytes } from '../domain/properties';
import { ValidationError } from '../errors';
import { throwIfViolated } from '../ontology/violations';
import type { RecordChange } from '../ports/command-log';
import type { CommandContext, HandlerOutcome } from './context';
import { createRun, onlyOutcome, type RunOutcome } from './create-run';
import { notFound, unwrapWrite } from './record-errors';
import type { CommandOf } from './schemas';

/** CREATE_NODE: a new entity at version 1, checked against its entity type. */
export async function createNode(
  ctx: CommandContext,
  payload: CommandOf<'CREATE_NODE'>['payload'],
): Promise<HandlerOutcome> {
  return onlyOutcome(await createNodes(ctx, [payload]));
}

/**
 * CREATE_NODE for a run of consecutive commands, written with one bulk insert: the same
 * records, outcomes and first failure as `createNode` for each in turn. A node's checks
 * once written (its unique values) do not depend on the nodes written after it.
 */
export function createNodes(
  ctx: CommandContext,
  payloads: readonly CommandOf<'CREATE_NODE'>['payload'][],
): Promise<RunOutcome> {
  const nodes = payloads.map((payload): GraphNode => ({
    id: payload.id ?? newTimeOrderedId(Date.parse(ctx.now)),
    entityType: payload.entityType,
    name: payload.name,
    properties: payload.properties,
    version: 1,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  return createRun(nodes, {
    kind: 'node',
    check: (node) => ctx.types.checkNode(node),
    insert: (records) => ctx.uow.graph.insertNodes(records),
    written: (node) => ctx.types.nodeWritten(null, node),
  });
}

/**
 * UPDATE_NODE: merges properties (null removes a key); version check and write are atomic.
 * The whole resulting node is checked against its (possibly new) entity type, so a record
 * written before its type was defined must conform once it is changed.
 */
export async function updateNode(
  ctx: CommandContext,
  payload: CommandOf<'UPDATE_NODE'>['payload'],
): Promise<HandlerOutcome> {
  const current = await ctx.uow.graph.getNode(payload.id);
  if (!current) {
    throw notFound('node', payload.id);
  }
  const expected = payload.expectedVersion ?? current.version;
  const properties = payload.properties
    ? mergeProperties(current.properties, payload.properties)
    : current.properties;
  if (propertiesBytes(properties) > MAX_PROPERTIES_BYTES) {
    throw new ValidationError('The merged properties would exceed 64 KB.', [
      {
        path: 'body.payload.properties',
        message: `must be at most ${MAX_PROPERTIES_BYTES} bytes as JSON once merged`,
      },
    ]);
  }
  const next: GraphNode = {
    ...current,
    name: payload.name ?? current.name,
    entityType: payload.entityType ?? current.entityType,
    properties,
    version: expected + 1,
    updatedAt: ctx.now,
  };
  throwIfViolated(await ctx.types.checkNode(next));
  const stored = unwrapWrite(await ctx.uow.graph.replaceNode(next, expected), 'node', payload.id);
  throwIfViolated(await ctx.types.nodeWritten(current, stored));
  return {
    status: 200,
    result: stored,
    changes: [
      {
        kind: 'node',
        id: stored.id,
        before: current,
        after: stored,
        currentVersion: stored.version,
      },
    ],
  };
}

/** DELETE_NODE: removes the node and every edge at either end; undo restores them all. */
export async function deleteNode(
  ctx: CommandContext,
  payload: CommandOf<'DELETE_NODE'>['payload'],
): Promise<HandlerOutcome> {
  const { graph } = ctx.uow;
  const current = await graph.getNode(payload.id);
  if (!current) {
    throw notFound('node', payload.id);
  }
  const expected = payload.expectedVersion ?? current.version;
  if (expected !== current.version) {
    // Checked before touching the edges; deleteNode re-checks atomically below.
    unwrapWrite({ status: 'conflict', currentVersion: current.version }, 'node', payload.id);
  }
  const changes: RecordChange[] = [];
  for (const edge of await graph.edgesOfNode(payload.id)) {
    unwrapWrite(await graph.deleteEdge(edge.id, edge.version), 'edge', edge.id);
    await ctx.types.edgeWritten(edge, null);
    changes.push({ kind: 'edge', id: edge.id, before: edge, after: null, currentVersion: null });
  }
  const deleted = unwrapWrite(await graph.deleteNode(payload.id, expected), 'node', payload.id);
  // A deletion only releases unique values: it cannot break a type.
  await ctx.types.nodeWritten(deleted, null);
  changes.push({
    kind: 'node',
    id: deleted.id,
    before: deleted,
    after: null,
    currentVersion: null,
  });
  return {
    status: 200,
    result: {
      id: deleted.id,
      deleted: true,
      deletedEdgeIds: changes.filter((c) => c.kind === 'edge').map((c) => c.id),
    },
    changes,
  };
}
