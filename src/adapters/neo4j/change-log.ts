import type { ManagedTransaction } from 'neo4j-driver';
import type { ChangeEvent, NewChangeEvent } from '../../domain/change-events';
import type {
  ChangeEventFilter,
  ChangeEventPage,
  ChangeLogBounds,
  ChangeLogStore,
  ChangeLogWriter,
} from '../../ports/change-log';
import {
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
      events: events.map((event) => ({
        id: event.id,
        type: event.type,
        // ISO text: ordered as time, compared as text by retention, as on SQLite.
        occurredAt: event.occurredAt,
        subjectType: event.subjectType,
        subjectTypeBefore: event.subjectTypeBefore ?? null,
        subjectId: event.subjectId,
        body: encodeEventBody(event),
      })),
    });
    return record ? toNumber(field(record, 'head')) : 0;
  }
}

/** Reads (committed events only) and retention of the change log in Neo4j. */
export class Neo4jChangeLogStore implements ChangeLogStore {
  constructor(private readonly client: Neo4jClient) {}

  read(
    workspaceId: string,
    after: number,
    filter: ChangeEventFilter,
    limit: number,
    scanLimit: number,
  ): Promise<ChangeEventPage> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, CHANGE_LOG_READ, {
        workspaceId,
        after: toInt(after),
        limit: toInt(rowsToRead(filter, limit, scanLimit)),
      });
      const rows = records.map((record) => mapField(record, 'event'));
      return pageOfRows(rows, after, filter, limit, scanLimit, storedFields, toEvent);
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
