import { z } from 'zod';
import { BatchItemError, ValidationError, type ValidationIssue } from '../errors';
import { parseInput, toIssues } from '../parse-input';
import { commandSchema, type Command } from './schemas';

/** Most commands one batch may carry. */
export const MAX_BATCH_COMMANDS = 1000;

/** A command that changes records: what a batch may hold (UNDO/REDO are refused). */
export type RecordCommand = Exclude<Command, { type: 'UNDO' | 'REDO' }>;

/** Payload fields that name an existing record and may therefore hold a `$ref`. */
const REF_FIELDS = {
  CREATE_NODE: [],
  UPDATE_NODE: ['id'],
  DELETE_NODE: ['id'],
  CREATE_EDGE: ['sourceId', 'targetId'],
  DELETE_EDGE: ['id'],
} as const satisfies Record<RecordCommand['type'], readonly string[]>;

export type RefField = (typeof REF_FIELDS)[RecordCommand['type']][number];

/** Every field that may hold a `$ref`, once each (for messages). */
const ANY_REF_FIELD = [...new Set<string>(Object.values(REF_FIELDS).flat())].join(', ');

/** A payload field to fill, at run time, with the id of an earlier command's result. */
export interface BatchRef {
  field: RefField;
  /** Index of the earlier command in the batch. */
  index: number;
}

/** One validated command of a batch, with the references it makes to earlier results. */
export interface BatchItem {
  command: RecordCommand;
  /** Empty for most commands; the fields in `command` hold a placeholder until resolved. */
  refs: readonly BatchRef[];
}

const batchBody = z
  .object({
    commands: z
      .array(z.unknown(), { message: 'commands must be an array' })
      .min(1, 'commands must hold at least one command')
      .max(MAX_BATCH_COMMANDS, `commands must hold at most ${MAX_BATCH_COMMANDS} commands`),
  })
  .strict();

/** Placeholder id written where a `$ref` stood, so the command schema checks the rest. */
const REF_PLACEHOLDER = 'batch-ref';
/** `{"$ref": 3}`, or the index as decimal digits (`{"$ref": "3"}`). */
const REF_INDEX = /^(0|[1-9][0-9]{0,5})$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The index a `{"$ref": n}` value names, or an explanation of why it is not one. */
function refIndex(value: Record<string, unknown>, position: number): number | string {
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== '$ref') {
    return 'must be an id or {"$ref": <index of an earlier command>}';
  }
  const raw = value.$ref;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !REF_INDEX.test(text)) {
    return '$ref must be the index (a whole number) of an earlier command of the batch';
  }
  const index = Number(text);
  if (index >= position) {
    const earlier = position === 0 ? 'the first command has none' : `0 to ${position - 1} here`;
    return `$ref ${index} does not name an earlier command: a command may refer only to commands before it (${earlier})`;
  }
  return index;
}

function itemError(index: number, type: unknown, issues: ValidationIssue[]): BatchItemError {
  const first = issues[0];
  const summary = first ? `${first.path}: ${first.message}` : 'invalid command';
  return new BatchItemError(
    index,
    typeof type === 'string' ? type : undefined,
    new ValidationError(`Invalid command: ${summary}.`, issues),
  );
}

/**
 * One raw command of a batch: `$ref`s taken out (and checked: earlier commands only, in
 * fields that name an existing record), then the rest parsed with the schema of POST
 * /api/commands/execute. Throws a BatchItemError (400) naming the command.
 */
function parseItem(raw: unknown, index: number): BatchItem {
  const at = `body.commands.${index}`;
  const type = isObject(raw) ? raw.type : undefined;
  const refs: BatchRef[] = [];
  let input = raw;
  if (isObject(raw) && isObject(raw.payload)) {
    const allowed: readonly string[] =
      // Own keys only: `in` would also take names every object inherits (`toString`).
      typeof type === 'string' && Object.hasOwn(REF_FIELDS, type)
        ? REF_FIELDS[type as RecordCommand['type']]
        : [];
    const payload = { ...raw.payload };
    const issues: ValidationIssue[] = [];
    for (const [field, value] of Object.entries(payload)) {
      if (!isObject(value) || !('$ref' in value)) {
        continue;
      }
      const path = `${at}.payload.${field}`;
      if (!allowed.includes(field)) {
        issues.push({
          path,
          message: `a $ref may stand only for an existing record's id (${ANY_REF_FIELD} of the commands that take them)`,
        });
        continue;
      }
      const found = refIndex(value, index);
      if (typeof found === 'string') {
        issues.push({ path, message: found });
        continue;
      }
      refs.push({ field: field as RefField, index: found });
      payload[field] = REF_PLACEHOLDER;
    }
    if (issues.length > 0) {
      throw itemError(index, type, issues);
    }
    // In field order, not the payload's key order: an Idempotency-Key replay hashes the
    // parsed items, and key order must not matter there.
    refs.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    input = refs.length > 0 ? { ...raw, payload } : raw;
  }
  const parsed = commandSchema.safeParse(input);
  if (!parsed.success) {
    const issues = toIssues(parsed.error, 'body').map((issue) => ({
      ...issue,
      path: `${at}${issue.path.slice('body'.length)}`,
    }));
    throw itemError(index, type, issues);
  }
  const command = parsed.data;
  if (command.type === 'UNDO' || command.type === 'REDO') {
    throw itemError(index, type, [
      {
        path: `${at}.type`,
        message: `${command.type} cannot be part of a batch; send it on its own (UNDO after a batch takes back the whole batch)`,
      },
    ]);
  }
  return { command, refs };
}

/**
 * The body of POST /api/commands/batch: `{ commands: [...] }` with 1 to
 * MAX_BATCH_COMMANDS commands. A body of the wrong shape is a plain 400 VALIDATION_ERROR;
 * an invalid command is a 400 naming the first one (BatchItemError).
 */
export function parseBatch(body: unknown): BatchItem[] {
  const { commands } = parseInput(batchBody, body, 'body');
  return commands.map(parseItem);
}
