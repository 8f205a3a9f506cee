import type { Database, Statement } from 'better-sqlite3';
import type { NewChangeEvent } from '../../domain/change-events';
import type {
  ChangeEventPage,
  ChangeLogBounds,
  ChangeLogRead,
  ChangeLogStore,
  ChangeLogWriter,
} from '../../ports/change-log';
import {
  blockEventOf,
  blocksOf,
  decodeEventBlock,
  encodeEventBlock,
  pageOfRows,
  rowsToRead,
  type BlockEvent,
} from '../../ports/change-records';
import type { SqliteDatabase } from './database';
import { settle, type TransactionScope } from './graph-transaction';

interface BlockRow {
  seq: number;
  occurred_at: string;
  events: string;
}

/**
 * Retention looks at this many of the oldest blocks at least (ten times its step when
 * that is more): one appended before a clock step back, and so dated later than those
 * after it, holds back only what lies beyond that window.
 */
const TRIM_SCAN_ROWS = 10_000;

/**
 * The writer connection's change-log statements, prepared once per store. A transaction's
 * events are stored together, up to a thousand in one row of `change_event_blocks`
 * (`seq` is the last one's, `count` how many, `events` their JSON, see
 * `encodeEventBlock`): one row and one index entry per block instead of per event, so
 * that a batch of a thousand records adds one row to the log, not a thousand.
 */
export class ChangeLogStatements {
  readonly advance: Statement<[string, number], number>;
  readonly insert: Statement<[string, number, number, string, string]>;

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
      `INSERT INTO change_event_blocks (workspace_id, seq, count, occurred_at, events)
       VALUES (?, ?, ?, ?, ?)`,
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
      for (const block of blocksOf(events)) {
        seq += block.length;
        this.s.insert.run(
          workspaceId,
          seq,
          block.length,
          block[0]!.occurredAt,
          encodeEventBlock(block),
        );
      }
      return head;
    });
  }
}

/** Reads (on the reader connection: committed events only) and retention of the change log. */
export class SqliteChangeLogStore implements ChangeLogStore {
  private readonly scan: Statement<[string, number], BlockRow>;
  private readonly boundsStmt: Statement<[string], { head: number; horizon: number }>;
  private readonly oldest: Statement<
    [number, string],
    { rowid: number; workspace_id: string; seq: number; count: number }
  >;
  private readonly remove: Statement<[number]>;
  private readonly raiseHorizon: Statement<[number, string]>;

  constructor(private readonly db: SqliteDatabase) {
    // Stepped through only as far as the read needs (a block holds up to 1,000 events).
    this.scan = db.reader.prepare(
      `SELECT seq, occurred_at, events FROM change_event_blocks
       WHERE workspace_id = ? AND seq > ? ORDER BY seq`,
    );
    this.boundsStmt = db.reader.prepare(
      'SELECT head, horizon FROM change_log_heads WHERE workspace_id = ?',
    );
    // Among the first blocks appended (rowid order is commit order, and so time order but
    // for clock steps back), those older than the cut: no index on time, which would be
    // one more B-tree for every block to write, and a bounded scan however few are due.
    this.oldest = db.writer.prepare(
      `SELECT rowid, workspace_id, seq, count FROM (
         SELECT rowid, workspace_id, seq, count, occurred_at FROM change_event_blocks
         ORDER BY rowid LIMIT ?
       ) WHERE occurred_at < ?`,
    );
    this.remove = db.writer.prepare('DELETE FROM change_event_blocks WHERE rowid = ?');
    this.raiseHorizon = db.writer.prepare(
      'UPDATE change_log_heads SET horizon = max(horizon, ?) WHERE workspace_id = ?',
    );
  }

  read(workspaceId: string, query: ChangeLogRead): Promise<ChangeEventPage> {
    const { after } = query;
    return settle(() => {
      // One read transaction: the page and `more` see the same committed log.
      const read = this.db.reader.transaction(() => {
        const wanted = rowsToRead(query);
        const rows: Array<{ occurredAt: string; event: BlockEvent }> = [];
        for (const block of this.scan.iterate(workspaceId, after)) {
          for (const event of decodeEventBlock(
            block.events,
            block.seq,
            after,
            wanted - rows.length,
          )) {
            rows.push({ occurredAt: block.occurred_at, event });
          }
          if (rows.length >= wanted) {
            break;
          }
        }
        return pageOfRows(
          rows,
          query,
          (row) => row.event.fields,
          (row) => blockEventOf(workspaceId, row.occurredAt, row.event),
        );
      });
      return read();
    });
  }

  bounds(workspaceId: string): Promise<ChangeLogBounds> {
    return settle(() => this.boundsStmt.get(workspaceId) ?? { head: 0, horizon: 0 });
  }

  /** Removes whole blocks: as many as hold at most `limit` events, at least one. */
  trim(before: string, limit: number): Promise<number> {
    return this.db.transaction(() =>
      settle(() => {
        const removable: Array<{ rowid: number; workspace_id: string; seq: number }> = [];
        let events = 0;
        for (const row of this.oldest.all(Math.max(TRIM_SCAN_ROWS, 10 * limit), before)) {
          if (removable.length > 0 && events + row.count > limit) {
            break;
          }
          removable.push(row);
          events += row.count;
        }
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
        return events;
      }),
    );
  }
}
