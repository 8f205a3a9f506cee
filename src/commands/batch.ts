import { actorOf } from '../domain/change-events';
import { newTimeOrderedId } from '../domain/ids';
import type { Scope } from '../domain/scopes';
import { AppError, BatchItemError, ValidationError, type ValidationIssue } from '../errors';
import type { CommandLogEntry, RecordChange } from '../ports/command-log';
import type { BatchItem, RecordCommand } from './batch-input';
import type { CommandContext, HandlerOutcome } from './context';
import type { RunOutcome } from './create-run';
import { COMMAND_SCOPES, dispatch } from './dispatch';
import { createEdges } from './edge-commands';
import { createNodes } from './node-commands';

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

/** Create commands a batch writes a run at a time: one bulk insert per run. */
type RunType = 'CREATE_NODE' | 'CREATE_EDGE';

function isRunType(type: RecordCommand['type']): type is RunType {
  return type === 'CREATE_NODE' || type === 'CREATE_EDGE';
}

/**
 * The commands of the run that starts at `start`, their `$ref`s resolved: consecutive
 * commands of the first one's create type whose `$ref`s all name commands before the run
 * (whose results are known). Empty when the command at `start` is not a create, or its
 * `$ref` cannot be resolved: it then runs on its own (and fails there).
 */
function runAt(
  items: readonly BatchItem[],
  start: number,
  results: readonly BatchItemResult[],
): RecordCommand[] {
  const type = items[start]!.command.type;
  if (!isRunType(type)) {
    return [];
  }
  const run: RecordCommand[] = [];
  for (let index = start; index < items.length; index += 1) {
    const item = items[index]!;
    if (item.command.type !== type || item.refs.some((ref) => ref.index >= start)) {
      break;
    }
    try {
      run.push(item.refs.length === 0 ? item.command : resolveRefs(item, index, results));
    } catch {
      break;
    }
  }
  return run;
}

/** Writes a run of creates (see `runAt`). */
function writeRun(
  ctx: CommandContext,
  type: RunType,
  run: readonly RecordCommand[],
): Promise<RunOutcome> {
  switch (type) {
    case 'CREATE_NODE':
      return createNodes(
        ctx,
        run.flatMap((command) => (command.type === 'CREATE_NODE' ? [command.payload] : [])),
      );
    case 'CREATE_EDGE':
      return createEdges(
        ctx,
        run.flatMap((command) => (command.type === 'CREATE_EDGE' ? [command.payload] : [])),
      );
  }
}

/** A command's failure as the batch reports it: a BatchItemError naming the command. */
function itemFailure(error: unknown, index: number, type: RecordCommand['type']): unknown {
  return error instanceof AppError ? new BatchItemError(index, type, inBatch(error, index)) : error;
}

/**
 * Runs every command of a batch in order inside the caller's transaction, collecting each
 * one's changes into ONE log entry (written by `log`), so the batch is undone as one step.
 * A command's failure becomes a BatchItemError naming it; the caller's transaction then
 * rolls everything back. Consecutive creates of one kind are written a run at a time (one
 * bulk insert, see `createNodes`), with the outcomes and first failure that writing them
 * one by one would give.
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
  const done = (type: RecordCommand['type'], outcome: HandlerOutcome): void => {
    for (const change of outcome.changes) {
      changes.push(change);
    }
    scopes.add(COMMAND_SCOPES[type]);
    created ||= outcome.status === 201;
    results.push({ index: results.length, type, result: outcome.result });
  };
  for (let index = 0; index < items.length;) {
    const run = runAt(items, index, results);
    const type = items[index]!.command.type;
    if (run.length > 0 && isRunType(type)) {
      const written = await writeRun(ctx, type, run);
      written.outcomes.forEach((outcome) => done(type, outcome));
      if (written.failure !== null) {
        throw itemFailure(written.failure.error, index + written.failure.offset, type);
      }
      index += run.length;
      continue;
    }
    const item = items[index]!;
    const command = item.refs.length === 0 ? item.command : resolveRefs(item, index, results);
    let outcome;
    try {
      outcome = await dispatch(ctx, command);
    } catch (error) {
      throw itemFailure(error, index, command.type);
    }
    done(command.type, outcome);
    index += 1;
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
