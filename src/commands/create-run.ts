import type { GraphEdge, GraphNode, RecordKind } from '../domain/graph';
import type { TypeViolation } from '../ontology/enforcer';
import { throwIfViolated } from '../ontology/violations';
import type { RecordChange } from '../ports/command-log';
import type { InsertResult } from '../ports/graph-store';
import type { HandlerOutcome } from './context';
import { unwrapInsert } from './record-errors';

/** The first command of a run that failed: its position in the run, and its error. */
export interface RunFailure {
  offset: number;
  error: unknown;
}

/**
 * What a run of consecutive create commands produced: the outcome of every command before
 * the first that failed, and that failure (null when every command succeeded). The
 * commands after a failure may have been written too; the caller rolls the transaction
 * back.
 */
export interface RunOutcome {
  outcomes: HandlerOutcome[];
  failure: RunFailure | null;
}

/** How one kind of record is checked, written and checked again (see `createRun`). */
export interface CreateSteps<R extends GraphNode | GraphEdge> {
  kind: RecordKind;
  /** The record alone against its type; depends on nothing stored. */
  check(record: R): Promise<readonly TypeViolation[]>;
  insert(records: readonly R[]): Promise<InsertResult[]>;
  /** The checks made once the record exists (unique values, ends, cardinality). */
  written(record: R): Promise<readonly TypeViolation[]>;
}

/**
 * Creates `records` with ONE bulk insert, with the outcomes and the first failure that
 * creating them one after the other would give (check, insert, check once written, for
 * each in turn). That holds because `check` reads nothing stored, so checking every record
 * first finds the same first violation; records after it are not written. The caller must
 * only group records whose `written` checks do not depend on the records written after
 * them (see `createEdges`).
 */
export async function createRun<R extends GraphNode | GraphEdge>(
  records: readonly R[],
  steps: CreateSteps<R>,
): Promise<RunOutcome> {
  let checked = records.length;
  let refused: RunFailure | null = null;
  for (let i = 0; i < records.length; i += 1) {
    const failure = await failureOf(() => steps.check(records[i]!));
    if (failure !== null) {
      checked = i;
      refused = { offset: i, error: failure };
      break;
    }
  }
  const writing = records.slice(0, checked);
  const inserted = writing.length > 0 ? await steps.insert(writing) : [];
  const outcomes: HandlerOutcome[] = [];
  for (let i = 0; i < writing.length; i += 1) {
    const record = writing[i]!;
    const result = inserted[i] ?? { status: 'exists' };
    const failure = await failureOf(async () => {
      unwrapInsert(result, steps.kind, record.id, 'sourceId' in record ? record : undefined);
      return steps.written(record);
    });
    if (failure !== null) {
      return { outcomes, failure: { offset: i, error: failure } };
    }
    outcomes.push({ status: 201, result: record, changes: [creation(record)] });
  }
  return { outcomes, failure: refused };
}

/** The log's change for a record created at version 1. */
function creation(record: GraphNode | GraphEdge): RecordChange {
  return 'entityType' in record
    ? { kind: 'node', id: record.id, before: null, after: record, currentVersion: 1 }
    : { kind: 'edge', id: record.id, before: null, after: record, currentVersion: 1 };
}

/** The error `work` throws, or the error its violations make; null when it has none. */
async function failureOf(work: () => Promise<readonly TypeViolation[]>): Promise<unknown> {
  try {
    throwIfViolated(await work());
    return null;
  } catch (error) {
    return error ?? new Error('A command failed without an error');
  }
}

/** The one outcome of a run of one command, or its error. */
export function onlyOutcome(run: RunOutcome): HandlerOutcome {
  const [outcome] = run.outcomes;
  if (run.failure !== null) {
    throw run.failure.error;
  }
  if (!outcome) {
    throw new Error('A run of one command produced no outcome');
  }
  return outcome;
}
