import type { Database, Statement } from 'better-sqlite3';
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
import type { SqliteDatabase } from './database';
import { settle, type TransactionScope } from './graph-transaction';

interface EventRow {
  workspace_id: string;
  seq: number;
  id: string;
  type: string;
  occurred_at: string;
  subject_type: string | null;
  subject_type_before: string | null;
  subject_id: string;
  body: string;
}

/**
 * Retention looks at this many of the oldest events at least (ten times its step when
 * that is more): one appended before a clock step back, and so dated later than those
 * after it, holds back only what lies beyond that window.
 */
const TRIM_SCAN_ROWS = 10_000;

const COLUMNS =
  'workspace_id, seq, id, type, occurred_at, subject_type, subject_type_before, subject_id, body';

function toEvent(row: EventRow): ChangeEvent {
  return decodeEventBody(
    {
      workspaceId: row.workspace_id,
      seq: row.seq,
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at,
      subjectType: row.subject_type,
      subjectTypeBefore: row.subject_type_before,
      subjectId: row.subject_id,
    },
    row.body,
  );
}

/** The writer connection's change-log statements, prepared once per store. */
export class ChangeLogStatements {
  readonly advance: Statement<[string, number], number>;
  readonly insert: Statement<[Record<string, unknown>]>;

  constructor(writer: Database) {
    // Taking the next numbers and appending happen in the writer's transaction, which
    // SQLite runs one at a time: seq order is commit order.
    this.advance = writer
      .prepare<[string, number], number>(
        `INSERT INTO change_log_heads (workspace_id, head) VALUES (?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET head = head + excluded.head
         RETURNING head`,
      )
      .pluck();
    this.insert = writer.prepare(
      `INSERT INTO change_events (${COLUMNS})
       VALUES (@workspaceId, @seq, @id, @type, @occurredAt, @subjectType, @subjectTypeBefore,
         @subjectId, @body)`,
    );
  }
}

/** Appends a transaction's events to its workspace's change log. */
export class SqliteChangeLogWriter implements ChangeLogWriter {
  constructor(
    private readonly s: ChangeLogStatements,
    private readonly scope: TransactionScope,
  ) {}

  append(events: readonly NewChangeEvent[]): Promise<number> {
    const workspaceId = this.scope.workspaceId;
    return this.scope.run(() => {
      const head = this.s.advance.get(workspaceId, events.length) ?? events.length;
      let seq = head - events.length;
      for (const event of events) {
        seq += 1;
        this.s.insert.run({
          workspaceId,
          seq,
          id: event.id,
          type: event.type,
          occurredAt: event.occurredAt,
          subjectType: event.subjectType,
          subjectTypeBefore: event.subjectTypeBefore ?? null,
          subjectId: event.subjectId,
          body: encodeEventBody(event),
        });
      }
      return head;
    });
  }
}

/** Reads (on the reader connection: committed events only) and retention of the change log. */
export class SqliteChangeLogStore implements ChangeLogStore {
  private readonly scan: Statement<[string, number, number], EventRow>;
  private readonly boundsStmt: Statement<[string], { head: number; horizon: number }>;
  private readonly oldest: Statement<
    [number, string, number],
    { rowid: number; workspace_id: string; seq: number }
  >;
  private readonly remove: Statement<[number]>;
  private readonly raiseHorizon: Statement<[number, string]>;

  constructor(private readonly db: SqliteDatabase) {
    this.scan = db.reader.prepare(
      `SELECT ${COLUMNS} FROM change_events
       WHERE workspace_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
    );
    this.boundsStmt = db.reader.prepare(
      'SELECT head, horizon FROM change_log_heads WHERE workspace_id = ?',
    );
    // Among the first events appended (rowid order is commit order, and so time order but
    // for clock steps back), those older than the cut: no index on time, which would be
    // one more B-tree for every event to write, and a bounded scan however few are due.
    this.oldest = db.writer.prepare(
      `SELECT rowid, workspace_id, seq FROM (
         SELECT rowid, workspace_id, seq, occurred_at FROM change_events ORDER BY rowid LIMIT ?
       ) WHERE occurred_at < ? LIMIT ?`,
    );
    this.remove = db.writer.prepare('DELETE FROM change_events WHERE rowid = ?');
    this.raiseHorizon = db.writer.prepare(
      'UPDATE change_log_heads SET horizon = max(horizon, ?) WHERE workspace_id = ?',
    );
  }

  read(
    workspaceId: string,
    after: number,
    filter: ChangeEventFilter,
    limit: number,
    scanLimit: number,
  ): Promise<ChangeEventPage> {
    return settle(() => {
      // One read transaction: the page and `more` see the same committed log.
      const read = this.db.reader.transaction(() => {
        const rows = this.scan.all(workspaceId, after, rowsToRead(filter, limit, scanLimit));
        return pageOfRows(rows, after, filter, limit, scanLimit, rowFields, toEvent);
      });
      return read();
    });
  }

  bounds(workspaceId: string): Promise<ChangeLogBounds> {
    return settle(() => this.boundsStmt.get(workspaceId) ?? { head: 0, horizon: 0 });
  }

  trim(before: string, limit: number): Promise<number> {
    return this.db.transaction(() =>
      settle(() => {
        const removable = this.oldest.all(Math.max(TRIM_SCAN_ROWS, 10 * limit), before, limit);
        for (const row of removable) {
          this.remove.run(row.rowid);
        }
        const horizons = new Map<string, number>();
        for (const row of removable) {
          horizons.set(row.workspace_id, Math.max(horizons.get(row.workspace_id) ?? 0, row.seq));
        }
        for (const [workspaceId, seq] of horizons) {
          this.raiseHorizon.run(seq, workspaceId);
        }
        return removable.length;
      }),
    );
  }
}

function rowFields(row: EventRow): FilterFields {
  return {
    seq: row.seq,
    type: row.type,
    subjectType: row.subject_type,
    subjectTypeBefore: row.subject_type_before,
  };
}
