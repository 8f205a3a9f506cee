import type { Integer, ManagedTransaction } from 'neo4j-driver';
import type { ChangeEvent, NewChangeEvent } from '../../domain/change-events';
import type {
  ChangeEventPage,
  ChangeLogBounds,
  ChangeLogRead,
  ChangeLogStore,
  ChangeLogWriter,
} from '../../ports/change-log';
import {
  blocksOf,
  decodeEventBody,
  encodeEventBody,
  pageOfRows,
  rowsToRead,
  type FilterFields,
} from '../../ports/change-records';
import type { Neo4jClient } from './client';
import type { TransactionScope } from './graph-writer';
import { field, mapField, runAll, runOne } from './statement';
import {
  CHANGE_LOG_APPEND,
  CHANGE_LOG_BOUNDS,
  CHANGE_LOG_READ,
  CHANGE_LOG_TRIM,
} from './statements/change-log';
import { toInt, toNumber } from './values';

function toEvent(stored: Record<string, unknown>): ChangeEvent {
  return decodeEventBody(
    {
      workspaceId: String(stored.workspaceId),
      seq: toNumber(stored.seq),
      id: String(stored.id),
      type: String(stored.type),
      occurredAt: String(stored.occurredAt),
      subjectType: optionalText(stored.subjectType),
      subjectTypeBefore: optionalText(stored.subjectTypeBefore),
      subjectId: String(stored.subjectId),
    },
    String(stored.body),
  );
}

/** The block parameter of CHANGE_LOG_APPEND: its events' fields in lists. */
interface EventBlock {
  /** Position of the block's last event among those appended, from 1. */
  last: Integer;
  occurredAt: string;
  ids: string[];
  types: string[];
  subjectTypes: string[];
  subjectTypesBefore: string[];
  subjectIds: string[];
  bodies: string[];
}

/** `events` as the blocks CHANGE_LOG_APPEND stores (see `blocksOf`). */
function blockParameters(events: readonly NewChangeEvent[]): EventBlock[] {
  let last = 0;
  return blocksOf(events).map((block) => {
    last += block.length;
    return {
      last: toInt(last),
      // ISO text: ordered as time, compared as text by retention, as on SQLite.
      occurredAt: block[0]!.occurredAt,
      ids: block.map((event) => event.id),
      types: block.map((event) => event.type),
      subjectTypes: block.map((event) => event.subjectType ?? ''),
      subjectTypesBefore: block.map((event) => event.subjectTypeBefore ?? ''),
      subjectIds: block.map((event) => event.subjectId),
      bodies: block.map(encodeEventBody),
    };
  });
}

/** The stored events a read returned (blocks or single events), one row per event. */
function eventRows(stored: Record<string, unknown>): Record<string, unknown>[] {
  if (!Array.isArray(stored.ids)) {
    return [stored];
  }
  const first = toNumber(stored.first);
  const list = (key: string) => (Array.isArray(stored[key]) ? (stored[key] as unknown[]) : []);
  const [types, subjectTypes, subjectTypesBefore, subjectIds, bodies] = [
    list('types'),
    list('subjectTypes'),
    list('subjectTypesBefore'),
    list('subjectIds'),
    list('bodies'),
  ];
  return stored.ids.map((id: unknown, i) => ({
    workspaceId: stored.workspaceId,
    seq: first + i,
    id,
    type: types[i],
    occurredAt: stored.occurredAt,
    subjectType: subjectTypes[i] || null,
    subjectTypeBefore: subjectTypesBefore[i] || null,
    subjectId: subjectIds[i],
    body: bodies[i],
  }));
}

/** Appends a transaction's events to its workspace's change log, in that transaction. */
export class Neo4jChangeLogWriter implements ChangeLogWriter {
  constructor(
    private readonly tx: ManagedTransaction,
    private readonly scope: TransactionScope,
  ) {}

  async append(events: readonly NewChangeEvent[]): Promise<number> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, CHANGE_LOG_APPEND, {
      workspaceId: this.scope.workspaceId,
      count: toInt(events.length),
      blocks: blockParameters(events),
    });
    return record ? toNumber(field(record, 'head')) : 0;
  }
}

/** Reads (committed events only) and retention of the change log in Neo4j. */
export class Neo4jChangeLogStore implements ChangeLogStore {
  constructor(private readonly client: Neo4jClient) {}

  read(workspaceId: string, query: ChangeLogRead): Promise<ChangeEventPage> {
    return this.client.read(async (tx) => {
      const rowCount = rowsToRead(query);
      const records = await runAll(tx, CHANGE_LOG_READ, {
        workspaceId,
        after: toInt(query.after),
        limit: toInt(rowCount),
      });
      const rows = records
        .flatMap((record) => eventRows(mapField(record, 'event')))
        .slice(0, rowCount);
      return pageOfRows(rows, query, storedFields, toEvent);
    });
  }

  bounds(workspaceId: string): Promise<ChangeLogBounds> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, CHANGE_LOG_BOUNDS, { workspaceId });
      return record
        ? { head: toNumber(field(record, 'head')), horizon: toNumber(field(record, 'horizon')) }
        : { head: 0, horizon: 0 };
    });
  }

  trim(before: string, limit: number): Promise<number> {
    return this.client.write(async (tx) => {
      const records = await runAll(tx, CHANGE_LOG_TRIM, { before, limit: toInt(limit) });
      return records.reduce((sum, record) => sum + toNumber(field(record, 'removed')), 0);
    });
  }
}

function storedFields(stored: Record<string, unknown>): FilterFields {
  return {
    seq: toNumber(stored.seq),
    type: String(stored.type),
    subjectType: optionalText(stored.subjectType),
    subjectTypeBefore: optionalText(stored.subjectTypeBefore),
  };
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
