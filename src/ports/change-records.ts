import {
  isChangeEventType,
  type ChangeActor,
  type ChangeCause,
  type ChangeData,
  type ChangeEvent,
  type NewChangeEvent,
} from '../domain/change-events';
import type { ChangeEventFilter, ChangeEventPage } from './change-log';

/**
 * How every engine stores a change event: the fields readers filter on as columns or
 * properties of their own, the rest (actor, cause, the record images) as one JSON text.
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
  const parsed = JSON.parse(body) as StoredBody;
  return {
    workspaceId: fields.workspaceId,
    seq: fields.seq,
    id: fields.id,
    type: fields.type,
    occurredAt: fields.occurredAt,
    actor: parsed.actor,
    cause: parsed.cause,
    subjectType: fields.subjectType,
    ...(fields.subjectTypeBefore !== null ? { subjectTypeBefore: fields.subjectTypeBefore } : {}),
    subjectId: fields.subjectId,
    data: parsed.data,
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
export function rowsToRead(filter: ChangeEventFilter, limit: number, scanLimit: number): number {
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
  after: number,
  filter: ChangeEventFilter,
  limit: number,
  scanLimit: number,
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
