import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { VectorPoint } from '../../ports/vector-index';

/**
 * What a change-log row records: a point written or removed, a workspace cleared (one row,
 * however many points it had), or every workspace emptied because `ensure` recreated the
 * vector table for other dimensions.
 */
export type VectorChangeOp = 'upsert' | 'remove' | 'clear' | 'reset';

/** One committed change to the stored vectors, in log (= commit) order. */
export interface VectorChange {
  seq: number;
  op: VectorChangeOp;
  /** Null for `reset`. */
  workspaceId: string | null;
  /** `vector_nodes.id` of the point for `upsert` and `remove`; null otherwise. */
  pointId: number | null;
}

/** A change made through this process's writer, with the point it wrote (upserts). */
export interface OwnVectorChange extends VectorChange {
  point?: VectorPoint;
}

/** The log's bookkeeping: which vector table it describes, and what was trimmed from it. */
export interface ChangeLogState {
  /** Random id given to the vector table each time `ensure` creates it. */
  generation: string;
  /** Rows up to this seq may have been deleted from the log. */
  trimmedThrough: number;
}

/**
 * The change log of the sqlite-vec tables: one row per point written or removed, written in
 * the transaction that makes the change, so every connection (another process's too) can
 * tell what changed since it last looked by comparing `max(seq)`. `seq` is AUTOINCREMENT: it
 * only grows, and since SQLite commits one writer at a time, commit order is seq order.
 * Plain tables, created by `ensure` (next to the vec0 table, whose dimensions a numbered
 * migration cannot know) and upgraded in place on databases that predate them.
 */
const CREATE_LOG = `CREATE TABLE IF NOT EXISTS vector_changes (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  op            TEXT NOT NULL,
  workspace_id  TEXT,
  point_id      INTEGER
) STRICT`;

const CREATE_STATE = `CREATE TABLE IF NOT EXISTS vector_index_state (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  generation       TEXT NOT NULL,
  trimmed_through  INTEGER NOT NULL
) STRICT`;

/** Creates the log and its state row if missing (idempotent; on the writer). */
export function ensureChangeLog(writer: Database): void {
  writer.exec(CREATE_LOG);
  writer.exec(CREATE_STATE);
  writer
    .prepare(
      'INSERT OR IGNORE INTO vector_index_state (id, generation, trimmed_through) VALUES (1, ?, 0)',
    )
    .run(randomUUID());
}

/** Gives the vector table a new generation: snapshots of the old one no longer match. */
export function renewGeneration(writer: Database): void {
  writer.prepare('UPDATE vector_index_state SET generation = ? WHERE id = 1').run(randomUUID());
}

/** Appends one row (inside the caller's transaction) and returns its seq. */
export type RecordChange = (
  op: VectorChangeOp,
  workspaceId: string | null,
  pointId: number | null,
) => number;

/** A `RecordChange` bound to a prepared statement of the writer. */
export function changeRecorder(writer: Database): RecordChange {
  const insert = writer.prepare<[string, string | null, number | null]>(
    'INSERT INTO vector_changes (op, workspace_id, point_id) VALUES (?, ?, ?)',
  );
  return (op, workspaceId, pointId) => Number(insert.run(op, workspaceId, pointId).lastInsertRowid);
}

type ChangeRow = [number, VectorChangeOp, string | null, number | null];

/** Reads the log on one connection (the reader, or a worker's own connection). */
export class ChangeLogReader {
  private readonly maxSeqStatement: Statement<[], number | null>;
  private readonly stateStatement: Statement<[], ChangeLogState>;
  private readonly afterStatement: Statement<[number, number], ChangeRow>;
  private readonly workspaceStatement: Statement<[number, number, string], ChangeRow>;

  constructor(connection: Database) {
    this.maxSeqStatement = connection
      .prepare<[], number | null>('SELECT max(seq) FROM vector_changes')
      .pluck();
    this.stateStatement = connection.prepare<[], ChangeLogState>(
      'SELECT generation, trimmed_through AS trimmedThrough FROM vector_index_state WHERE id = 1',
    );
    this.afterStatement = connection
      .prepare<[number, number], ChangeRow>(
        'SELECT seq, op, workspace_id, point_id FROM vector_changes ' +
          'WHERE seq > ? ORDER BY seq LIMIT ?',
      )
      .raw();
    this.workspaceStatement = connection
      .prepare<[number, number, string], ChangeRow>(
        'SELECT seq, op, workspace_id, point_id FROM vector_changes ' +
          "WHERE seq > ? AND seq <= ? AND (workspace_id = ? OR op = 'reset') ORDER BY seq",
      )
      .raw();
  }

  /** The newest seq, 0 for an empty log: one look-up in the primary key. */
  maxSeq(): number {
    return this.maxSeqStatement.get() ?? 0;
  }

  state(): ChangeLogState {
    const state = this.stateStatement.get();
    if (!state) {
      throw new Error('vector_index_state has no row: call VectorIndex.ensure() first');
    }
    return state;
  }

  /** At most `limit` rows after `seq`, oldest first. */
  after(seq: number, limit: number): VectorChange[] {
    return this.afterStatement.all(seq, limit).map(toChange);
  }

  /** The rows of one workspace (and any reset) in (`after`, `through`], oldest first. */
  ofWorkspace(workspaceId: string, after: number, through: number): VectorChange[] {
    return this.workspaceStatement.all(after, through, workspaceId).map(toChange);
  }
}

function toChange([seq, op, workspaceId, pointId]: ChangeRow): VectorChange {
  return { seq, op, workspaceId, pointId };
}

/** Rows deleted per transaction when trimming (bounds how long a trim holds the writer). */
const TRIM_CHUNK = 5000;

/**
 * Deletes the log rows up to `through` (a chunk of at most TRIM_CHUNK seqs; the caller
 * repeats while it returns true) and records the trim point, so that a reader whose
 * position is older knows it missed rows. The newest row always stays: `max(seq)` must
 * never go back. Runs inside the caller's write transaction.
 */
export function trimChanges(writer: Database, through: number): boolean {
  const { oldest, newest } = writer
    .prepare<[], { oldest: number | null; newest: number | null }>(
      'SELECT min(seq) AS oldest, max(seq) AS newest FROM vector_changes',
    )
    .get() ?? { oldest: null, newest: null };
  const last = Math.min(through, (newest ?? 0) - 1);
  if (oldest === null || oldest > last) {
    return false;
  }
  const upTo = Math.min(last, oldest + TRIM_CHUNK - 1);
  writer.prepare('DELETE FROM vector_changes WHERE seq <= ?').run(upTo);
  writer
    .prepare('UPDATE vector_index_state SET trimmed_through = max(trimmed_through, ?) WHERE id = 1')
    .run(upTo);
  return upTo < last;
}
