import type { Database, Statement } from 'better-sqlite3';
import { scopesFromText, scopesToText } from '../../domain/scopes';
import type {
  CommandLog,
  CommandLogEntry,
  CommandState,
  IdempotencyRecord,
  RecordChange,
  LogEntryType,
} from '../../ports/command-log';
import type { TransactionScope } from './graph-transaction';

interface EntryRow {
  id: string;
  workspace_id: string;
  actor_id: string;
  type: LogEntryType;
  /** Space-separated scopes (see scopesToText). */
  scope: string;
  state: CommandState;
  changes: string;
  result: string;
  created_at: string;
  updated_at: string;
}

interface IdempotencyRow {
  actor_id: string;
  key: string;
  request_hash: string;
  status: number;
  response: string;
  created_at: string;
}

interface EntryParams {
  workspaceId: string;
  actorId: string;
  id: string;
  type: LogEntryType;
  /** Space-separated scopes (see scopesToText). */
  scope: string;
  state: CommandState;
  changes: string;
  result: string;
  createdAt: string;
  updatedAt: string;
}

interface ActorParams {
  workspaceId: string;
  actorId: string;
}

interface IdempotencyParams extends ActorParams {
  key: string;
  requestHash: string;
  status: number;
  response: string;
  createdAt: string;
}

const ENTRY_COLUMNS =
  'id, workspace_id, actor_id, type, scope, state, changes, result, created_at, updated_at';

/**
 * Stored in the `result` column (never valid JSON, so never a real result) when the result
 * is the last change's `after` image, as for creates and updates: the record is then
 * stored once instead of twice (a webhook event's node carries its whole payload).
 */
const RESULT_IS_LAST_AFTER = '';

function toEntry(row: EntryRow): CommandLogEntry {
  const changes = JSON.parse(row.changes) as RecordChange[];
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    actorId: row.actor_id,
    type: row.type,
    scopes: scopesFromText(row.scope),
    state: row.state,
    changes,
    result:
      row.result === RESULT_IS_LAST_AFTER
        ? (changes[changes.length - 1]?.after ?? null)
        : (JSON.parse(row.result) as unknown),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toIdempotency(row: IdempotencyRow): IdempotencyRecord {
  return {
    actorId: row.actor_id,
    key: row.key,
    requestHash: row.request_hash,
    status: row.status,
    response: JSON.parse(row.response) as unknown,
    createdAt: row.created_at,
  };
}

/** `unknown` results may be undefined, which JSON cannot hold; it round-trips as null. */
function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** The writer connection's command-log statements, prepared once per store. */
export class CommandLogStatements {
  readonly append: Statement<[EntryParams]>;
  readonly lastApplied: Statement<[ActorParams], EntryRow>;
  readonly lastUndone: Statement<[ActorParams], EntryRow>;
  readonly countUndone: Statement<[ActorParams], number>;
  readonly update: Statement<[EntryParams]>;
  readonly discardUndone: Statement<[ActorParams]>;
  readonly trim: Statement<[ActorParams & { keep: number }]>;
  readonly getIdempotency: Statement<[ActorParams & { key: string }], IdempotencyRow>;
  readonly saveIdempotency: Statement<[IdempotencyParams]>;
  readonly purgeIdempotency: Statement<[{ workspaceId: string; before: string }]>;

  constructor(writer: Database) {
    this.append = writer.prepare(
      `INSERT INTO command_log (${ENTRY_COLUMNS})
       VALUES (@id, @workspaceId, @actorId, @type, @scope, @state, @changes, @result, @createdAt,
         @updatedAt)`,
    );
    this.lastApplied = writer.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM command_log
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND state = 'applied'
       ORDER BY seq DESC LIMIT 1`,
    );
    // Undos run newest first and a new command discards the undone entries, so they form a
    // contiguous tail and the oldest of them is the one undone most recently.
    this.lastUndone = writer.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM command_log
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND state = 'undone'
       ORDER BY seq ASC LIMIT 1`,
    );
    // Served by the partial index command_log_undone.
    this.countUndone = writer
      .prepare<[ActorParams], number>(
        `SELECT COUNT(*) FROM command_log
         WHERE workspace_id = @workspaceId AND actor_id = @actorId AND state = 'undone'`,
      )
      .pluck();
    this.update = writer.prepare(
      `UPDATE command_log
       SET state = @state, changes = @changes, result = @result, updated_at = @updatedAt
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND id = @id`,
    );
    this.discardUndone = writer.prepare(
      `DELETE FROM command_log
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND state = 'undone'`,
    );
    // Deletes from the (keep+1)-th newest entry down; with fewer entries the subquery is
    // NULL and nothing matches.
    this.trim = writer.prepare(
      `DELETE FROM command_log
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND seq <= (
         SELECT seq FROM command_log
         WHERE workspace_id = @workspaceId AND actor_id = @actorId
         ORDER BY seq DESC LIMIT 1 OFFSET @keep)`,
    );
    this.getIdempotency = writer.prepare(
      `SELECT actor_id, key, request_hash, status, response, created_at FROM idempotency_keys
       WHERE workspace_id = @workspaceId AND actor_id = @actorId AND key = @key`,
    );
    // A key whose record expired but was not purged yet is saved again: replace it.
    this.saveIdempotency = writer.prepare(
      `INSERT INTO idempotency_keys
         (workspace_id, actor_id, key, request_hash, status, response, created_at)
       VALUES (@workspaceId, @actorId, @key, @requestHash, @status, @response, @createdAt)
       ON CONFLICT (workspace_id, actor_id, key) DO UPDATE SET
         request_hash = excluded.request_hash, status = excluded.status,
         response = excluded.response, created_at = excluded.created_at`,
    );
    this.purgeIdempotency = writer.prepare(
      'DELETE FROM idempotency_keys WHERE workspace_id = @workspaceId AND created_at < @before',
    );
  }
}

/** The command log and idempotency records of one transaction, confined to its workspace. */
export class SqliteCommandLog implements CommandLog {
  private readonly workspaceId: string;

  constructor(
    private readonly s: CommandLogStatements,
    private readonly scope: TransactionScope,
  ) {
    this.workspaceId = scope.workspaceId;
  }

  append(entry: CommandLogEntry): Promise<void> {
    return this.scope.run(() => {
      this.s.append.run(this.entryParams(entry));
    });
  }

  lastApplied(actorId: string): Promise<CommandLogEntry | null> {
    return this.scope.run(() => {
      const row = this.s.lastApplied.get(this.actor(actorId));
      return row ? toEntry(row) : null;
    });
  }

  lastUndone(actorId: string): Promise<CommandLogEntry | null> {
    return this.scope.run(() => {
      const row = this.s.lastUndone.get(this.actor(actorId));
      return row ? toEntry(row) : null;
    });
  }

  countUndone(actorId: string): Promise<number> {
    return this.scope.run(() => this.s.countUndone.get(this.actor(actorId)) ?? 0);
  }

  /** Throws when the entry is not in this workspace's log: losing an undo silently is worse. */
  update(entry: CommandLogEntry): Promise<void> {
    return this.scope.run(() => {
      const { changes } = this.s.update.run(this.entryParams(entry));
      if (changes !== 1) {
        throw new Error(`Command-log entry ${entry.id} not found in this workspace.`);
      }
    });
  }

  discardUndone(actorId: string): Promise<void> {
    return this.scope.run(() => {
      this.s.discardUndone.run(this.actor(actorId));
    });
  }

  trim(actorId: string, keep: number): Promise<void> {
    return this.scope.run(() => {
      if (!Number.isInteger(keep) || keep < 0) {
        throw new RangeError(`trim keeps a whole number of entries, got ${keep}`);
      }
      this.s.trim.run({ ...this.actor(actorId), keep });
    });
  }

  getIdempotency(actorId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.scope.run(() => {
      const row = this.s.getIdempotency.get({ ...this.actor(actorId), key });
      return row ? toIdempotency(row) : null;
    });
  }

  saveIdempotency(record: IdempotencyRecord): Promise<void> {
    return this.scope.run(() => {
      this.s.saveIdempotency.run({
        ...this.actor(record.actorId),
        key: record.key,
        requestHash: record.requestHash,
        status: record.status,
        response: toJson(record.response),
        createdAt: record.createdAt,
      });
    });
  }

  purgeIdempotency(before: string): Promise<number> {
    return this.scope.run(
      () => this.s.purgeIdempotency.run({ workspaceId: this.workspaceId, before }).changes,
    );
  }

  private actor(actorId: string): ActorParams {
    return { workspaceId: this.workspaceId, actorId };
  }

  /** Refuses an entry of another workspace rather than filing it under this one. */
  private entryParams(entry: CommandLogEntry): EntryParams {
    if (entry.workspaceId !== this.workspaceId) {
      throw new Error('Command-log entry belongs to another workspace than the transaction.');
    }
    return {
      ...this.actor(entry.actorId),
      id: entry.id,
      type: entry.type,
      scope: scopesToText(entry.scopes),
      state: entry.state,
      changes: JSON.stringify(entry.changes),
      // The same object as the last change's image (handlers return the record they wrote).
      result:
        entry.result !== null &&
        entry.result !== undefined &&
        entry.result === entry.changes[entry.changes.length - 1]?.after
          ? RESULT_IS_LAST_AFTER
          : toJson(entry.result),
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    };
  }
}
