import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../database';
import {
  ChangeLogReader,
  trimChanges,
  type ChangeLogState,
  type OwnVectorChange,
  type VectorChange,
} from '../vector-changes';
import type { VectorPoint } from '../../../ports/vector-index';
import type { HnswWorkspace, PointRecord } from './hnsw-workspace';

/** Where the followed changes go (the HNSW index's tracked workspaces). */
export interface ChangeSink {
  /** The graph of a tracked workspace, which records its changes; undefined otherwise. */
  graphOf(workspaceId: string): HnswWorkspace | undefined;
  /** Changes of these tracked workspaces (`all`: of any) may have been missed: rebuild. */
  rebuild(workspaceIds: readonly string[] | 'all'): void;
  /** The workspace was cleared. */
  cleared(workspaceId: string): void;
  /** The vector table was recreated: every workspace is empty. */
  reset(): void;
  /** This process stored `points` points in a workspace it does not track. */
  wroteUntracked(workspaceId: string, points: number): void;
  /** A tracked workspace recorded changes (schedule applying them). */
  recorded(ann: HnswWorkspace): void;
}

/** Log rows read per replay at most; a larger gap rebuilds the workspaces it touches. */
const REPLAY_MAX_ROWS = 10_000;

/** How much of the change log is kept (see ChangeFollower). */
export interface LogRetention {
  /** Log rows kept behind the newest; older ones are trimmed. Default 100,000. */
  keep: number;
  /** Own log rows between two trims. Default 10,000. */
  trimEvery: number;
}

export const DEFAULT_LOG_RETENTION: LogRetention = { keep: 100_000, trimEvery: 10_000 };

interface PointRow {
  nodeId: string;
  entityType: string;
  embedding: Buffer;
}

interface ReaderStatements {
  log: ChangeLogReader;
  point: Statement<[number, string], PointRow>;
  count: Statement<[string, number], number>;
}

/**
 * Keeps this process's graphs in step with the vector tables, whoever writes them.
 *
 * `cursor` is the log position up to which every row has been handed to the tracked
 * workspaces. Before a search, `follow` compares it with the log's `max(seq)` (one
 * primary-key look-up) and replays what is newer; after this process's own commits,
 * `committed` hands their points over directly when they come right after the cursor (no
 * other writer in between), else replays the log (using the points it has instead of
 * reading them back). Points written by other connections are recorded as unread and read
 * from SQLite when applied. Each writing process trims the log every `trimEvery` own rows,
 * keeping the newest `keep` rows; a reader left behind a trim rebuilds.
 */
export class ChangeFollower {
  private cursor = 0;
  private statements: ReaderStatements | null = null;
  private ownRowsSinceTrim = 0;
  private trimming = false;
  private closed = false;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly sink: ChangeSink,
    private readonly retention: LogRetention = DEFAULT_LOG_RETENTION,
  ) {}

  /** The log position handed over so far. */
  get position(): number {
    return this.cursor;
  }

  /** Replays the log rows newer than the cursor (nothing to do: one look-up). */
  follow(tracking: boolean, own: ReadonlyMap<number, VectorPoint> = new Map()): void {
    const s = this.reader();
    const newest = s.log.maxSeq();
    if (newest <= this.cursor) {
      return;
    }
    if (!tracking) {
      // No graph to keep in step: just move on.
      this.cursor = newest;
      return;
    }
    if (s.log.state().trimmedThrough > this.cursor) {
      this.cursor = newest;
      this.sink.rebuild('all');
      return;
    }
    const changes = s.log.after(this.cursor, REPLAY_MAX_ROWS + 1);
    if (changes.length > REPLAY_MAX_ROWS) {
      // Cheaper to rebuild what the gap touches than to replay it here, point by point.
      const touched = new Set(changes.map((change) => change.workspaceId));
      this.cursor = newest;
      this.sink.rebuild(touched.has(null) ? 'all' : [...touched].filter((id) => id !== null));
      return;
    }
    for (const change of changes) {
      this.dispatch(change, own.get(change.seq));
      this.cursor = change.seq;
    }
  }

  /** After a commit of this process (`SqliteVectorIndex` onCommit). */
  committed(changes: readonly OwnVectorChange[], tracking: boolean): void {
    if (this.closed || changes.length === 0) {
      return;
    }
    this.ownRowsSinceTrim += changes.length;
    if (this.ownRowsSinceTrim >= this.retention.trimEvery) {
      this.ownRowsSinceTrim = 0;
      void this.trim();
    }
    const untracked = new Map<string, number>();
    for (const change of changes) {
      const ws = change.workspaceId;
      if (change.op === 'upsert' && ws !== null && !this.sink.graphOf(ws)) {
        untracked.set(ws, (untracked.get(ws) ?? 0) + 1);
      }
    }
    const first = changes[0]!;
    const last = changes[changes.length - 1]!;
    if (last.seq <= this.cursor) {
      // Already replayed from the log by a search that ran before this callback.
    } else if (first.seq === this.cursor + 1) {
      for (const change of changes) {
        this.dispatch(change, change.point);
      }
      this.cursor = last.seq;
    } else {
      const own = new Map<number, VectorPoint>();
      for (const change of changes) {
        if (change.point) {
          own.set(change.seq, change.point);
        }
      }
      this.follow(tracking, own);
    }
    for (const [workspaceId, points] of untracked) {
      this.sink.wroteUntracked(workspaceId, points);
    }
  }

  /**
   * The workspace's log rows in (`after`, `through`], for a snapshot of it as of `after` to
   * catch up to where tracking started; null when the snapshot cannot: the workspace was
   * cleared or the vector table recreated in that range, or rows of it were trimmed.
   */
  changesSince(workspaceId: string, after: number, through: number): VectorChange[] | null {
    const s = this.reader();
    if (s.log.state().trimmedThrough > after) {
      return null;
    }
    const changes = s.log.ofWorkspace(workspaceId, after, through);
    return changes.some((change) => change.op === 'clear' || change.op === 'reset')
      ? null
      : changes;
  }

  /** Records changes read from the log (points written elsewhere: unread) in `ann`. */
  recordAll(ann: HnswWorkspace, changes: readonly VectorChange[]): void {
    for (const change of changes) {
      this.record(ann, change, undefined);
    }
  }

  /** The current point of `key` in the workspace, or null when it is gone. */
  readPoint(workspaceId: string, key: number): PointRecord | null {
    const row = this.reader().point.get(key, workspaceId);
    if (!row) {
      return null;
    }
    // Copied: a Buffer's bytes need not be aligned for a Float32Array view.
    const vector = new Float32Array(row.embedding.length / 4);
    new Uint8Array(vector.buffer).set(row.embedding);
    return { nodeId: row.nodeId, entityType: row.entityType, vector };
  }

  /**
   * The workspace's stored points, counted up to `limit` (the answer is at most `limit`).
   * It reads at most that many index entries: a full count of a workspace of 590,000
   * points took 70-500 ms on the event loop (the upper figure while a bulk import wrote),
   * where the question asked is only whether a graph is worth building.
   */
  countPointsUpTo(workspaceId: string, limit: number): number {
    return this.reader().count.get(workspaceId, limit) ?? 0;
  }

  /** The log's newest seq and bookkeeping. */
  logState(): ChangeLogState & { newest: number } {
    const log = this.reader().log;
    return { ...log.state(), newest: log.maxSeq() };
  }

  /**
   * Whether the change log exists: a database written by an older version has none until
   * `ensure` (or a first write) creates it; until then every search is exact.
   */
  available(): boolean {
    if (this.statements === null) {
      const table = this.db.reader
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vector_changes'")
        .get();
      if (table === undefined) {
        return false;
      }
      this.reader();
    }
    return true;
  }

  close(): void {
    this.closed = true;
  }

  private dispatch(change: VectorChange, point: VectorPoint | undefined): void {
    const ws = change.workspaceId;
    if (change.op === 'reset' || ws === null) {
      this.sink.reset();
      return;
    }
    if (change.op === 'clear') {
      this.sink.cleared(ws);
      return;
    }
    const ann = this.sink.graphOf(ws);
    if (ann && change.seq > ann.seq) {
      this.record(ann, change, point);
      this.sink.recorded(ann);
    }
  }

  private record(ann: HnswWorkspace, change: VectorChange, point: VectorPoint | undefined): void {
    if (change.pointId === null) {
      return;
    }
    if (change.op === 'remove') {
      ann.record(change.seq, change.pointId, 'remove');
    } else if (point) {
      const { nodeId, entityType, vector } = point;
      ann.record(change.seq, change.pointId, { nodeId, entityType, vector });
    } else {
      ann.record(change.seq, change.pointId, 'unread');
    }
  }

  /** Deletes the log rows older than the newest `retention.keep`, a chunk per transaction. */
  private async trim(): Promise<void> {
    if (this.trimming) {
      return;
    }
    this.trimming = true;
    try {
      const through = this.reader().log.maxSeq() - this.retention.keep;
      let more = through > 0;
      while (more && !this.closed) {
        more = await this.db.transaction(
          () => Promise.resolve(trimChanges(this.db.writer, through)),
          { durable: false },
        );
      }
    } catch {
      // Trimming is housekeeping: the next trim tries again.
    } finally {
      this.trimming = false;
    }
  }

  /** Statements on the reader, prepared once the tables exist. */
  private reader(): ReaderStatements {
    if (this.statements === null) {
      const r = this.db.reader;
      this.statements = {
        log: new ChangeLogReader(r),
        point: r.prepare<[number, string], PointRow>(
          'SELECT n.node_id AS nodeId, e.entity_type AS entityType, e.embedding AS embedding ' +
            'FROM vector_nodes n JOIN vector_embeddings e ON e.rowid = n.id ' +
            'WHERE n.id = ? AND n.workspace_id = ?',
        ),
        count: r
          .prepare<[string, number], number>(
            'SELECT count(*) FROM (SELECT 1 FROM vector_nodes WHERE workspace_id = ? LIMIT ?)',
          )
          .pluck(),
      };
    }
    return this.statements;
  }
}
