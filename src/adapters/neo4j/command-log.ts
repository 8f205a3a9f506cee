import type { ManagedTransaction } from 'neo4j-driver';
import { scopesFromText, scopesToText } from '../../domain/scopes';
import type {
  CommandLog,
  CommandLogEntry,
  CommandState,
  IdempotencyRecord,
  RecordChange,
  LogEntryType,
} from '../../ports/command-log';
import type { TransactionScope } from './graph-writer';
import { field, mapField, runAll, runOne } from './statement';
import {
  IDEMPOTENCY_GET,
  IDEMPOTENCY_PURGE,
  IDEMPOTENCY_SAVE,
  LOG_APPEND,
  LOG_DISCARD_UNDONE,
  LOG_LAST_APPLIED,
  LOG_LAST_UNDONE,
  LOG_COUNT_UNDONE,
  LOG_TRIM,
  LOG_UPDATE,
} from './statements/command-log';
import { fromDateTime, toDateTime, toInt, toNumber } from './values';

function text(map: Record<string, unknown>, key: string): string {
  const value = map[key];
  if (typeof value !== 'string') {
    throw new TypeError(`Stored log record lacks its ${key}`);
  }
  return value;
}

function toEntry(stored: Record<string, unknown>): CommandLogEntry {
  return {
    id: text(stored, 'id'),
    workspaceId: text(stored, 'workspaceId'),
    actorId: text(stored, 'actorId'),
    type: text(stored, 'type') as LogEntryType,
    scopes: scopesFromText(text(stored, 'scope')),
    state: text(stored, 'state') as CommandState,
    changes: JSON.parse(text(stored, 'changes')) as RecordChange[],
    result: JSON.parse(text(stored, 'result')) as unknown,
    createdAt: fromDateTime(stored.createdAt),
    updatedAt: fromDateTime(stored.updatedAt),
  };
}

function toIdempotency(stored: Record<string, unknown>): IdempotencyRecord {
  return {
    actorId: text(stored, 'actorId'),
    key: text(stored, 'key'),
    requestHash: text(stored, 'requestHash'),
    status: toNumber(stored.status),
    response: JSON.parse(text(stored, 'response')) as unknown,
    createdAt: fromDateTime(stored.createdAt),
  };
}

/** `unknown` results may be undefined, which JSON cannot hold; it round-trips as null. */
function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** The command log and idempotency records of one transaction, confined to its workspace. */
export class Neo4jCommandLog implements CommandLog {
  private readonly workspaceId: string;

  constructor(
    private readonly tx: ManagedTransaction,
    private readonly scope: TransactionScope,
  ) {
    this.workspaceId = scope.workspaceId;
  }

  async append(entry: CommandLogEntry): Promise<void> {
    this.scope.assertOpen();
    this.assertOwn(entry);
    await runAll(this.tx, LOG_APPEND, {
      ...this.actor(entry.actorId),
      id: entry.id,
      type: entry.type,
      scope: scopesToText(entry.scopes),
      state: entry.state,
      changes: JSON.stringify(entry.changes),
      result: toJson(entry.result),
      createdAt: toDateTime(entry.createdAt),
      updatedAt: toDateTime(entry.updatedAt),
    });
  }

  async lastApplied(actorId: string): Promise<CommandLogEntry | null> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, LOG_LAST_APPLIED, this.actor(actorId));
    return record ? toEntry(mapField(record, 'entry')) : null;
  }

  async lastUndone(actorId: string): Promise<CommandLogEntry | null> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, LOG_LAST_UNDONE, this.actor(actorId));
    return record ? toEntry(mapField(record, 'entry')) : null;
  }

  async countUndone(actorId: string): Promise<number> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, LOG_COUNT_UNDONE, this.actor(actorId));
    return record ? toNumber(field(record, 'undone')) : 0;
  }

  /** Throws when the entry is not in this workspace's log: losing an undo silently is worse. */
  async update(entry: CommandLogEntry): Promise<void> {
    this.scope.assertOpen();
    this.assertOwn(entry);
    const record = await runOne(this.tx, LOG_UPDATE, {
      ...this.actor(entry.actorId),
      id: entry.id,
      state: entry.state,
      changes: JSON.stringify(entry.changes),
      result: toJson(entry.result),
      updatedAt: toDateTime(entry.updatedAt),
    });
    if (!record || toNumber(field(record, 'updated')) !== 1) {
      throw new Error(`Command-log entry ${entry.id} not found in this workspace.`);
    }
  }

  async discardUndone(actorId: string): Promise<void> {
    this.scope.assertOpen();
    await runAll(this.tx, LOG_DISCARD_UNDONE, this.actor(actorId));
  }

  async trim(actorId: string, keep: number): Promise<void> {
    this.scope.assertOpen();
    if (!Number.isInteger(keep) || keep < 0) {
      throw new RangeError(`trim keeps a whole number of entries, got ${keep}`);
    }
    await runAll(this.tx, LOG_TRIM, { ...this.actor(actorId), keep: toInt(keep) });
  }

  async getIdempotency(actorId: string, key: string): Promise<IdempotencyRecord | null> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, IDEMPOTENCY_GET, { ...this.actor(actorId), key });
    return record ? toIdempotency(mapField(record, 'record')) : null;
  }

  async saveIdempotency(record: IdempotencyRecord): Promise<void> {
    this.scope.assertOpen();
    await runAll(this.tx, IDEMPOTENCY_SAVE, {
      ...this.actor(record.actorId),
      key: record.key,
      requestHash: record.requestHash,
      status: toInt(record.status),
      response: toJson(record.response),
      createdAt: toDateTime(record.createdAt),
    });
  }

  async purgeIdempotency(before: string): Promise<number> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, IDEMPOTENCY_PURGE, {
      workspaceId: this.workspaceId,
      before: toDateTime(before),
    });
    return record ? toNumber(field(record, 'purged')) : 0;
  }

  private actor(actorId: string) {
    return { workspaceId: this.workspaceId, actorId };
  }

  /** Refuses an entry of another workspace rather than filing it under this one. */
  private assertOwn(entry: CommandLogEntry): void {
    if (entry.workspaceId !== this.workspaceId) {
      throw new Error('Command-log entry belongs to another workspace than the transaction.');
    }
  }
}
