import type { GraphEdge } from '../domain/graph';
import { newTimeOrderedId } from '../domain/ids';
import { throwIfViolated } from '../ontology/violations';
import type { CommandContext, HandlerOutcome } from './context';
import { unwrapInsert, unwrapWrite } from './record-errors';
import type { CommandOf } from './schemas';

/**
 * CREATE_EDGE: both ends must exist in the workspace (404 names the missing end); the edge
 * is checked against its relationship type.
 */
export async function createEdge(
  ctx: CommandContext,
  payload: CommandOf<'CREATE_EDGE'>['payload'],
): Promise<HandlerOutcome> {
  const edge: GraphEdge = {
    id: payload.id ?? newTimeOrderedId(Date.parse(ctx.now)),
    type: payload.type,
    sourceId: payload.sourceId,
    targetId: payload.targetId,
    properties: payload.properties,
    version: 1,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  throwIfViolated(await ctx.types.checkEdge(edge));
  unwrapInsert(await ctx.uow.graph.insertEdge(edge), 'edge', edge.id, edge);
  // Ends, cardinality and unique values once the edge exists (its ends are then locked).
  throwIfViolated(await ctx.types.edgeWritten(null, edge));
  return {
    status: 201,
    result: edge,
    changes: [{ kind: 'edge', id: edge.id, before: null, after: edge, currentVersion: 1 }],
  };
}

/** DELETE_EDGE. */
export async function deleteEdge(
  ctx: CommandContext,
  payload: CommandOf<'DELETE_EDGE'>['payload'],
): Promise<HandlerOutcome> {
  const deleted = unwrapWrite(
    await ctx.uow.graph.deleteEdge(payload.id, payload.expectedVersion),
    'edge',
    payload.id,
  );
  await ctx.types.edgeWritten(deleted, null);
  return {
    status: 200,
    result: { id: deleted.id, deleted: true },
    changes: [{ kind: 'edge', id: deleted.id, before: deleted, after: null, currentVersion: null }],
  };
}
