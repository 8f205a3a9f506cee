import {
  isChangeEventType,
  type ChangeActor,
  type ChangeCause,
  type ChangeData,
  type ChangeEvent,
  type NewChangeEvent,
} from '../domain/change-events';
import type { ChangeEventFilter, ChangeEventPage, ChangeLogRead } from './change-log';

/**
 * How the engines store change events: a transaction's events together in blocks
 * (`blocksOf`); on Neo4j the fields readers filter on as list properties of the block and
 * the rest (actor, cause, the record images) as one JSON text per event
 * (`encodeEventBody`), on SQLite the whole block as one JSON text (`encodeEventBlock`).
 * One mapper for both engines; each reads its own fields and hands them here.
 */
interface StoredBody {
  actor: ChangeActor;
  cause: ChangeCause;
  data: ChangeData;
}

/** The JSON text stored for `event`. */
export function encodeEventBody(event: NewChangeEvent): string {
  const body: StoredBody = { actor: event.actor, cause: event.cause, data: event.data };
  return JSON.stringify(body);
}

/** Events in one stored block at most: a batch of a thousand records is one block. */
export const BLOCK_EVENTS = 1000;

/**
 * `events` as blocks of consecutive events of one time, at most BLOCK_EVENTS each: what the
 * engines that store a transaction's events together write as one record (retention
 * removes whole blocks, so every event of one must have occurred at the same time).
 */
export function blocksOf<E extends { occurredAt: string }>(events: readonly E[]): E[][] {
  const blocks: E[][] = [];
  let block: E[] | undefined;
  for (const event of events) {
    if (!block || block[0]?.occurredAt !== event.occurredAt || block.length === BLOCK_EVENTS) {
      block = [];
      blocks.push(block);
    }
    block.push(event);
  }
  return blocks;
}

/**
 * One event of a block stored as JSON (SQLite): id, type, subject type, subject type
 * before, subject id, actor, cause, data. The block's record holds the workspace, the time
 * and the seqs.
 */
type BlockEntry = [
  string,
  string,
  string | null,
  string | null,
  string,
  ChangeActor,
  ChangeCause,
  ChangeData,
];

/** The JSON text of a block of events (see `blocksOf`). */
export function encodeEventBlock(events: readonly NewChangeEvent[]): string {
  return JSON.stringify(
    events.map((event): BlockEntry => [
      event.id,
      event.type,
      event.subjectType,
      event.subjectTypeBefore ?? null,
      event.subjectId,
      event.actor,
      event.cause,
      event.data,
    ]),
  );
}

/** One event of a decoded block, with its seq, as a read examines it. */
export interface BlockEvent {
  fields: FilterFields;
  entry: BlockEntry;
}

/**
 * The events of a stored block whose last event is `lastSeq`, from the first after `after`
 * on, at most `max`. Throws on a type this version does not know.
 */
export function decodeEventBlock(
  text: string,
  lastSeq: number,
  after: number,
  max: number,
): BlockEvent[] {
  const entries = JSON.parse(text) as BlockEntry[];
  const first = lastSeq - entries.length + 1;
  const out: BlockEvent[] = [];
  for (let i = Math.max(0, after - first + 1); i < entries.length && out.length < max; i += 1) {
    const entry = entries[i]!;
    if (!isChangeEventType(entry[1])) {
      throw new TypeError(`Stored change event has an unknown type: ${entry[1]}`);
    }
    out.push({
      fields: {
        seq: first + i,
        type: entry[1],
        subjectType: entry[2],
        subjectTypeBefore: entry[3],
      },
      entry,
    });
  }
  return out;
}

/** The event of a decoded block entry. */
export function blockEventOf(
  workspaceId: string,
  occurredAt: string,
  event: BlockEvent,
): ChangeEvent {
  const [id, type, subjectType, subjectTypeBefore, subjectId, actor, cause, data] = event.entry;
  const fields = { workspaceId, seq: event.fields.seq, id, type, occurredAt };
  return toChangeEvent(
    { ...fields, subjectType, subjectTypeBefore, subjectId },
    { actor, cause, data },
  );
}

/** The stored fields of an event, as an engine reads them. */
export interface StoredEventFields {
  workspaceId: string;
  seq: number;
  id: string;
  type: string;
  occurredAt: string;
  subjectType: string | null;
  subjectTypeBefore: string | null;
  subjectId: string;
}

/** The event stored as `fields` and `body`. Throws on a type this version does not know. */
export function decodeEventBody(fields: StoredEventFields, body: string): ChangeEvent {
  if (!isChangeEventType(fields.type)) {
    throw new TypeError(`Stored change event has an unknown type: ${fields.type}`);
  }
  return toChangeEvent(fields, JSON.parse(body) as StoredBody);
}

/** The one mapping from what an engine stored to the event (its type already checked). */
function toChangeEvent(fields: StoredEventFields, body: StoredBody): ChangeEvent {
  return {
    workspaceId: fields.workspaceId,
    seq: fields.seq,
    id: fields.id,
    type: fields.type as ChangeEvent['type'],
    occurredAt: fields.occurredAt,
    actor: body.actor,
    cause: body.cause,
    subjectType: fields.subjectType,
    ...(fields.subjectTypeBefore !== null ? { subjectTypeBefore: fields.subjectTypeBefore } : {}),
    subjectId: fields.subjectId,
    data: body.data,
  };
}

/** What a read's filter looks at in a stored event. */
export interface FilterFields {
  seq: number;
  type: string;
  subjectType: string | null;
  subjectTypeBefore: string | null;
}

/** True when the event passes the filter. */
export function matchesFilter(fields: FilterFields, filter: ChangeEventFilter): boolean {
  if (filter.types && filter.types.length > 0 && !filter.types.includes(fields.type as never)) {
    return false;
  }
  if (filter.subjectType !== undefined) {
    return (
      fields.subjectType === filter.subjectType || fields.subjectTypeBefore === filter.subjectType
    );
  }
  return true;
}

/**
 * How many stored rows a read asks the engine for: without a filter every row is an event,
 * so one beyond `limit` tells whether more follow; with one, up to `scanLimit + 1`.
 */
export function rowsToRead({ filter, limit, scanLimit }: ChangeLogRead): number {
  const filtered =
    (filter.types !== undefined && filter.types.length > 0) || filter.subjectType !== undefined;
  return filtered ? scanLimit + 1 : Math.min(limit, scanLimit) + 1;
}

/**
 * A read's page from up to `scanLimit + 1` stored rows in seq order after `after` (the one
 * beyond the limit only says whether more follow): at most `limit` events passing the
 * filter, and the cursor just past the last row examined.
 */
export function pageOfRows<R>(
  rows: readonly R[],
  { after, filter, limit, scanLimit }: ChangeLogRead,
  fieldsOf: (row: R) => FilterFields,
  toEvent: (row: R) => ChangeEvent,
): ChangeEventPage {
  const more = rows.length > scanLimit;
  const events: ChangeEvent[] = [];
  let cursor = after;
  for (const row of more ? rows.slice(0, scanLimit) : rows) {
    if (events.length === limit) {
      return { events, cursor, more: true };
    }
    const fields = fieldsOf(row);
    cursor = fields.seq;
    if (matchesFilter(fields, filter)) {
      events.push(toEvent(row));
    }
  }
  return { events, cursor, more };
}
