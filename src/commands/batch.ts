import { actorOf } from '../domain/change-events';
import { newTimeOrderedId } from '../domain/ids';
import type { Scope } from '../domain/scopes';
import { AppError, BatchItemError, ValidationError, type ValidationIssue } from '../errors';
import type { CommandLogEntry, RecordChange } from '../ports/command-log';
import type { BatchItem, RecordCommand } from './batch-input';
import type { CommandContext } from './context';
import { COMMAND_SCOPES, dispatch } from './dispatch';

/** One command's outcome in a batch's answer. */
export interface BatchItemResult {
  index: number;
  type: RecordCommand['type'];
  result: unknown;
}

/** The answer of a batch: what the route sends as `data`, and its status. */
export interface BatchResponse {
  /** 201 when the batch created a record, else 200. */
  status: number;
  data: { batchId: string; results: BatchItemResult[] };
  /** True when this is a replay of an earlier response for the same Idempotency-Key. */
  replayed: boolean;
}

/** A log entry as a command produces it; the service adds the actor and the state. */
export type NewLogEntry = Pick<
  CommandLogEntry,
  'id' | 'type' | 'scopes' | 'changes' | 'result' | 'createdAt'
>;

/** The id the result of an earlier command carries, for a `$ref` to it. */
function idOf(result: unknown): string | undefined {
  if (typeof result === 'object' && result !== null && 'id' in result) {
    const id = result.id;
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}

/** `item.command` with each `$ref` replaced by the id of the result it names. */
function resolveRefs(
  item: BatchItem,
  index: number,
  results: readonly BatchItemResult[],
): RecordCommand {
  const payload: Record<string, unknown> = { ...item.command.payload };
  for (const ref of item.refs) {
    const id = idOf(results[ref.index]?.result);
    if (id === undefined) {
      throw new BatchItemError(
        index,
        item.command.type,
        new ValidationError(`payload.${ref.field} refers to a result without an id.`, [
          {
            path: `body.commands.${index}.payload.${ref.field}`,
            message: `$ref ${ref.index} names a command whose result has no id`,
          },
        ]),
      );
    }
    payload[ref.field] = id;
  }
  // Only fields that hold ids were replaced, with ids: the payload keeps its type.
  return { ...item.command, payload } as RecordCommand;
}

/**
 * A command's validation error with its issue paths named in the batch's body
 * (`payload.properties.rpm` -> `body.commands.3.payload.properties.rpm`), as the schema's
 * issues of a batch are; other errors as they are.
 */
function inBatch(error: AppError, index: number): AppError {
  if (!(error instanceof ValidationError)) {
    return error;
  }
  const issues = (error.details?.issues ?? []) as ValidationIssue[];
  const at = `body.commands.${index}`;
  return new ValidationError(
    error.message,
    issues.map((issue) => ({
      ...issue,
      path: issue.path.startsWith('body.') ? issue.path : `${at}.${issue.path}`,
    })),
  );
}

/**
 * Runs every command of a batch in order inside the caller's transaction, collecting each
 * one's changes into ONE log entry (written by `log`), so the batch is undone as one step.
 * A command's failure becomes a BatchItemError naming it; the caller's transaction then
 * rolls everything back.
 */
export async function applyBatch(
  ctx: CommandContext,
  items: readonly BatchItem[],
  log: (entry: NewLogEntry) => Promise<void>,
): Promise<BatchResponse> {
  const results: BatchItemResult[] = [];
  const changes: RecordChange[] = [];
  const scopes = new Set<Scope>();
  let created = false;
  const batchId = newTimeOrderedId(Date.parse(ctx.now));
  ctx.uow.feed?.attribute(actorOf(ctx.actorId), { batchId });
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]!;
    const command = item.refs.length === 0 ? item.command : resolveRefs(item, index, results);
    let outcome;
    try {
      outcome = await dispatch(ctx, command);
    } catch (error) {
      throw error instanceof AppError
        ? new BatchItemError(index, command.type, inBatch(error, index))
        : error;
    }
    for (const change of outcome.changes) {
      changes.push(change);
    }
    scopes.add(COMMAND_SCOPES[command.type]);
    created ||= outcome.status === 201;
    results.push({ index, type: command.type, result: outcome.result });
  }
  await log({
    id: batchId,
    type: 'BATCH',
    scopes: [...scopes],
    changes,
    result: { commands: items.length },
    createdAt: ctx.now,
  });
  return { status: created ? 201 : 200, data: { batchId, results }, replayed: false };
}
