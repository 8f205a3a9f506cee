import type { GraphEdge } from '../domain/graph';
import { newTimeOrderedId } from '../domain/ids';
import type { CommandContext, HandlerOutcome } from './context';
import { createRun, onlyOutcome, type CreateSteps, type RunOutcome } from './create-run';
import { unwrapWrite } from './record-errors';
import type { CommandOf } from './schemas';

/**
 * CREATE_EDGE: both ends must exist in the workspace (404 names the missing end); the edge
 * is checked against its relationship type.
 */
export async function createEdge(
  ctx: CommandContext,
  payload: CommandOf<'CREATE_EDGE'>['payload'],
): Promise<HandlerOutcome> {
  return onlyOutcome(await createEdges(ctx, [payload]));
}

/**
 * CREATE_EDGE for a run of consecutive commands, written with as few bulk inserts as the
 * ontology allows: the same records, outcomes and first failure as `createEdge` for each
 * in turn. An edge's ends, cardinality and unique values are checked once it exists (its
 * ends are then locked); a `one` cardinality counts the edges at the end, so an edge of
 * such a type closes its insert, and the edges after it are written after its check.
 */
export async function createEdges(
  ctx: CommandContext,
  payloads: readonly CommandOf<'CREATE_EDGE'>['payload'][],
): Promise<RunOutcome> {
  const edges = payloads.map((payload): GraphEdge => ({
    id: payload.id ?? newTimeOrderedId(Date.parse(ctx.now)),
    type: payload.type,
    sourceId: payload.sourceId,
    targetId: payload.targetId,
    properties: payload.properties,
    version: 1,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  const steps: CreateSteps<GraphEdge> = {
    kind: 'edge',
    check: (edge) => ctx.types.checkEdge(edge),
    insert: (records) => ctx.uow.graph.insertEdges(records),
    written: (edge) => ctx.types.edgeWritten(null, edge),
  };
  const outcomes: HandlerOutcome[] = [];
  let start = 0;
  for (let end = 0; end < edges.length; end += 1) {
    if (end < edges.length - 1 && !(await ctx.types.countsEdgesAtEnds(edges[end]!.type))) {
      continue;
    }
    const run = await createRun(edges.slice(start, end + 1), steps);
    outcomes.push(...run.outcomes);
    if (run.failure !== null) {
      return { outcomes, failure: { ...run.failure, offset: start + run.failure.offset } };
    }
    start = end + 1;
  }
  return { outcomes, failure: null };
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
