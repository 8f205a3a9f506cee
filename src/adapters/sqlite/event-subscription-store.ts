import type { Statement } from 'better-sqlite3';
import type {
  DeliveryAttempt,
  EventSubscription,
  SubscriptionSecrets,
} from '../../domain/event-subscriptions';
import type {
  EventSubscriptionStore,
  RecordedFailure,
  SecretRotation,
  SubscriptionChanges,
} from '../../ports/event-subscription-store';
import {
  openSubscriptionSecrets,
  planSubscriptionReseal,
  readAttempt,
  readSubscription,
  sealSubscriptionSecret,
  storedChangeValue,
  toStoredSubscription,
} from '../../ports/event-subscription-records';
import type { Page, PageRequest } from '../../ports/paging';
import {
  resealChunk,
  type ResealChunk,
  type ResealChunkIo,
  type SecretRecordRef,
} from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { SqliteDatabase } from './database';
import { settle } from './graph-transaction';
import { rowFields } from './record-fields';
import { tableResealIo } from './reseal-chunk';

const COLUMNS =
  'workspace_id, id, url, description, event_types, entity_types, scopes, enabled, disabled_reason, cursor, failing_since, attempts, next_attempt_at, last_error, created_at, updated_at';
const ATTEMPT_COLUMNS =
  'workspace_id, subscription_id, id, event_id, event_seq, event_type, trigger, attempt, attempted_at, outcome, response_status, duration_ms, response_excerpt, error';

/** The columns of the fields a change may set. */
const CHANGE_COLUMNS: Readonly<Record<keyof SubscriptionChanges, string>> = {
  url: 'url',
  description: 'description',
  eventTypes: 'event_types',
  entityTypes: 'entity_types',
  scopes: 'scopes',
  enabled: 'enabled',
  disabledReason: 'disabled_reason',
  cursor: 'cursor',
  failingSince: 'failing_since',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  lastError: 'last_error',
};

/** The subscription of a row of `event_subscriptions`. */
function toSubscription(row: object): EventSubscription {
  return readSubscription(rowFields(row));
}

/** The attempt of a row of `event_delivery_attempts`. */
function toAttempt(row: object): DeliveryAttempt {
  return readAttempt(rowFields(row));
}

/** The SQL value of a field of a subscription change (booleans as 1 or 0). */
function sqlValue(field: string, value: unknown): unknown {
  const stored = storedChangeValue(field, value);
  return typeof stored === 'boolean' ? (stored ? 1 : 0) : stored;
}

/**
 * Outbound webhook subscriptions and their delivery log in the embedded store. Reads on
 * the reader, writes under the writer's mutex, each one statement (or one transaction).
 */
export class SqliteEventSubscriptionStore implements EventSubscriptionStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement<[string, string], object>;
  private readonly pageStmt: Statement<[string, number, number], object>;
  private readonly countStmt: Statement<[string], number>;
  private readonly deleteStmt: Statement<[string, string]>;
  private readonly deleteAttemptsStmt: Statement<[string, string]>;
  private readonly secretsStmt: Statement<
    [string, string],
    { secret: string; previous_secret: string | null; previous_secret_expires_at: string | null }
  >;
  private readonly rotateStmt: Statement;
  private readonly dueStmt: Statement<[string, number], object>;
  private readonly behindStmt: Statement<[string, number, string], object>;
  private readonly advanceStmt: Statement;
  private readonly failStmt: Statement;
  private readonly insertAttemptStmt: Statement;
  private readonly attemptsStmt: Statement<[string, string, string, number], object>;
  private readonly oldestAttemptsStmt: Statement<
    [string, number],
    { workspace_id: string; subscription_id: string; id: string }
  >;
  private readonly deleteAttemptStmt: Statement<[string, string, string]>;
  private readonly reseal: ResealChunkIo;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly box: SecretBox,
  ) {
    const { reader, writer } = db;
    this.insertStmt = writer.prepare(
      `INSERT INTO event_subscriptions (${COLUMNS}, secret)
       VALUES (@workspaceId, @id, @url, @description, @eventTypes, @entityTypes, @scopes,
         @enabled, @disabledReason, @cursor, @failingSince, @attempts, @nextAttemptAt,
         @lastError, @createdAt, @updatedAt, @secret)`,
    );
    this.getStmt = reader.prepare(
      `SELECT ${COLUMNS} FROM event_subscriptions WHERE workspace_id = ? AND id = ?`,
    );
    this.pageStmt = reader.prepare(
      `SELECT ${COLUMNS} FROM event_subscriptions WHERE workspace_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    );
    this.countStmt = reader
      .prepare<[string], number>('SELECT COUNT(*) FROM event_subscriptions WHERE workspace_id = ?')
      .pluck();
    this.deleteStmt = writer.prepare(
      'DELETE FROM event_subscriptions WHERE workspace_id = ? AND id = ?',
    );
    this.deleteAttemptsStmt = writer.prepare(
      'DELETE FROM event_delivery_attempts WHERE workspace_id = ? AND subscription_id = ?',
    );
    this.secretsStmt = reader.prepare(
      `SELECT secret, previous_secret, previous_secret_expires_at FROM event_subscriptions
       WHERE workspace_id = ? AND id = ?`,
    );
    this.rotateStmt = writer.prepare(
      `UPDATE event_subscriptions
       SET previous_secret = secret, previous_secret_expires_at = @previousExpiresAt,
         secret = @secret, updated_at = @at
       WHERE workspace_id = @workspaceId AND id = @id`,
    );
    // Served by the enabled index, then each workspace's head by its key.
    const behindHead = `s.enabled = 1 AND s.cursor < h.head
      AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= ?)`;
    this.dueStmt = reader.prepare(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')}
       FROM event_subscriptions s JOIN change_log_heads h ON h.workspace_id = s.workspace_id
       WHERE ${behindHead}
       ORDER BY coalesce(s.next_attempt_at, s.updated_at) LIMIT ?`,
    );
    this.behindStmt = reader.prepare(
      `SELECT ${COLUMNS} FROM event_subscriptions
       WHERE workspace_id = ? AND enabled = 1 AND cursor < ?
         AND (next_attempt_at IS NULL OR next_attempt_at <= ?)`,
    );
    this.advanceStmt = writer.prepare(
      `UPDATE event_subscriptions
       SET cursor = @to, failing_since = NULL, attempts = 0, next_attempt_at = NULL,
         last_error = NULL, updated_at = @at
       WHERE workspace_id = @workspaceId AND id = @id AND cursor = @from`,
    );
    this.failStmt = writer.prepare(
      `UPDATE event_subscriptions
       SET attempts = @attempts, failing_since = @failingSince, next_attempt_at = @nextAttemptAt,
         last_error = @lastError, updated_at = @at
       WHERE workspace_id = @workspaceId AND id = @id AND cursor = @cursor`,
    );
    this.insertAttemptStmt = writer.prepare(
      `INSERT INTO event_delivery_attempts (${ATTEMPT_COLUMNS})
       VALUES (@workspaceId, @subscriptionId, @id, @eventId, @eventSeq, @eventType, @trigger,
         @attempt, @attemptedAt, @outcome, @responseStatus, @durationMs, @responseExcerpt,
         @error)`,
    );
    this.attemptsStmt = reader.prepare(
      `SELECT ${ATTEMPT_COLUMNS} FROM event_delivery_attempts
       WHERE workspace_id = ? AND subscription_id = ? AND id < ?
       ORDER BY id DESC LIMIT ?`,
    );
    this.oldestAttemptsStmt = writer.prepare(
      `SELECT workspace_id, subscription_id, id FROM event_delivery_attempts
       WHERE attempted_at < ? ORDER BY attempted_at LIMIT ?`,
    );
    this.reseal = tableResealIo(db, 'event_subscriptions');
    this.deleteAttemptStmt = writer.prepare(
      `DELETE FROM event_delivery_attempts
       WHERE workspace_id = ? AND subscription_id = ? AND id = ?`,
    );
  }

  /**
   * The re-encryption pass over `event_subscriptions` (see `SealedSecretStore`): candidates
   * read on the reader, sealed again, written in one transaction each only if unchanged.
   */
  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return resealChunk(this.box, planSubscriptionReseal, this.reseal, after, limit);
  }

  async create(subscription: EventSubscription, secret: string): Promise<void> {
    const stored = toStoredSubscription(subscription);
    const params = {
      ...stored,
      enabled: stored.enabled ? 1 : 0,
      secret: sealSubscriptionSecret(this.box, secret, subscription.workspaceId, subscription.id),
    };
    await this.db.exclusive(() => {
      this.insertStmt.run(params);
    });
  }

  get(workspaceId: string, id: string): Promise<EventSubscription | null> {
    return settle(() => {
      const row = this.getStmt.get(workspaceId, id);
      return row ? toSubscription(row) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<EventSubscription>> {
    return settle(() => ({
      items: this.pageStmt.all(workspaceId, page.limit, page.offset).map(toSubscription),
      total: this.countStmt.get(workspaceId) ?? 0,
    }));
  }

  async update(
    workspaceId: string,
    id: string,
    changes: SubscriptionChanges,
    at: string,
  ): Promise<EventSubscription | null> {
    const fields = Object.keys(changes) as (keyof SubscriptionChanges)[];
    const sets = fields.map((field) => `${CHANGE_COLUMNS[field]} = @${field}`);
    const params: Record<string, unknown> = { workspaceId, id, at };
    for (const field of fields) {
      params[field] = sqlValue(field, changes[field]);
    }
    const row = await this.db.exclusive(() =>
      this.db.writer
        .prepare<[Record<string, unknown>], object>(
          `UPDATE event_subscriptions SET ${[...sets, 'updated_at = @at'].join(', ')}
           WHERE workspace_id = @workspaceId AND id = @id RETURNING ${COLUMNS}`,
        )
        .get(params),
    );
    return row ? toSubscription(row) : null;
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.db.exclusive(() => {
      const deleted = this.deleteStmt.run(workspaceId, id).changes === 1;
      this.deleteAttemptsStmt.run(workspaceId, id);
      return deleted;
    });
  }

  secrets(workspaceId: string, id: string): Promise<SubscriptionSecrets | null> {
    return settle(() => {
      const row = this.secretsStmt.get(workspaceId, id);
      if (!row) {
        return null;
      }
      return openSubscriptionSecrets(this.box, workspaceId, id, rowFields(row));
    });
  }

  async rotateSecret(
    workspaceId: string,
    id: string,
    { secret, previousExpiresAt, at }: SecretRotation,
  ): Promise<boolean> {
    const sealed = sealSubscriptionSecret(this.box, secret, workspaceId, id);
    return this.db.exclusive(
      () =>
        this.rotateStmt.run({ workspaceId, id, secret: sealed, previousExpiresAt, at }).changes ===
        1,
    );
  }

  due(now: string, limit: number): Promise<EventSubscription[]> {
    return settle(() => this.dueStmt.all(now, limit).map(toSubscription));
  }

  behind(workspaceId: string, head: number, now: string): Promise<EventSubscription[]> {
    return settle(() => this.behindStmt.all(workspaceId, head, now).map(toSubscription));
  }

  async advance(
    workspaceId: string,
    id: string,
    from: number,
    to: number,
    at: string,
  ): Promise<boolean> {
    return this.db.exclusive(
      () => this.advanceStmt.run({ workspaceId, id, from, to, at }).changes === 1,
      { durable: false },
    );
  }

  async fail(
    workspaceId: string,
    id: string,
    { cursor, state, at }: RecordedFailure,
  ): Promise<boolean> {
    return this.db.exclusive(
      () => this.failStmt.run({ workspaceId, id, cursor, ...state, at }).changes === 1,
    );
  }

  async appendAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.db.exclusive(
      () => {
        this.insertAttemptStmt.run({ ...attempt });
      },
      { durable: false },
    );
  }

  async delivered(
    attempt: DeliveryAttempt,
    from: number,
    to: number,
    at: string,
  ): Promise<boolean> {
    const { workspaceId, subscriptionId: id } = attempt;
    return this.db.exclusive(
      () =>
        this.db.writer.transaction(() => {
          this.insertAttemptStmt.run({ ...attempt });
          return this.advanceStmt.run({ workspaceId, id, from, to, at }).changes === 1;
        })(),
      { durable: false },
    );
  }

  listAttempts(
    workspaceId: string,
    subscriptionId: string,
    limit: number,
    before?: string,
  ): Promise<DeliveryAttempt[]> {
    // Ids are `att_` + time-ordered ids: every id sorts below `att_~`.
    return settle(() =>
      this.attemptsStmt.all(workspaceId, subscriptionId, before ?? 'att_~', limit).map(toAttempt),
    );
  }

  async trimAttempts(before: string, limit: number): Promise<number> {
    return this.db.exclusive(() => {
      const rows = this.oldestAttemptsStmt.all(before, limit);
      for (const row of rows) {
        this.deleteAttemptStmt.run(row.workspace_id, row.subscription_id, row.id);
      }
      return rows.length;
    });
  }
}
