import neo4j, { Neo4jError, type Driver, type ManagedTransaction } from 'neo4j-driver';
import type { Logger } from 'pino';
import type { HealthCheck } from '../../ports/health';
import { classifyNeo4jError, ENGINE_NAME, translateNeo4jError } from './errors';
import { OutageGate } from './outage-gate';
import { loadSchema, type SchemaStatement } from './schema';

/** Connection settings (config: NEO4J_*). */
export interface Neo4jSettings {
  uri: string;
  user: string;
  password: string;
  /** Database name; the server's default database when undefined. */
  database: string | undefined;
  /** Time to open a TCP/Bolt connection. */
  connectionTimeoutMs: number;
  /** Time to wait for a pooled connection (includes opening one). */
  acquisitionTimeoutMs: number;
  /** Budget for the driver's retries of a transaction on transient errors. */
  maxRetryTimeMs: number;
  /** How long requests are refused without trying once Neo4j was found unreachable. */
  outageCooldownMs: number;
}

/** A unit of work inside one managed transaction (the driver may run it again on retry). */
export type TransactionWork<T> = (tx: ManagedTransaction) => Promise<T>;

/**
 * A bound on a read's run time, enforced by the server (the transaction's timeout): past
 * it Neo4j stops the transaction, and the caller's `timedOut()` error is thrown instead of
 * the 503 an unexpected timeout would be.
 */
export interface ReadTimeLimit {
  timeoutMs: number;
  timedOut: () => Error;
  /**
   * Aborted when nobody waits for the answer any more: the session is closed, which makes
   * the driver reset the connection and Neo4j stop the query, and the signal's reason is
   * thrown.
   */
  signal?: AbortSignal;
}

/** Codes of a transaction stopped by its timeout (the client's setting, or the server's). */
const TIMED_OUT_CODES = new Set([
  'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
  'Neo.ClientError.Transaction.TransactionTimedOut',
]);

/**
 * Another transaction deleted a matched record, or took a key this one found free (see
 * `concurrent` in errors.ts): run the whole unit again, which then sees that transaction's
 * work. Bounded, so a real bug still surfaces.
 */
const CONCURRENT_CHANGE_ATTEMPTS = 3;

/**
 * The one way the adapters reach Neo4j: a driver with fail-fast settings, sessions that
 * share a bookmark manager (a read after a write sees it, also in a cluster), the schema
 * applied once before first use, and driver errors translated at this boundary (503 when
 * Neo4j is unreachable or busy; see `classifyNeo4jError`).
 */
export class Neo4jClient {
  private schemaApplied: Promise<void> | undefined;
  private readonly bookmarks = neo4j.bookmarkManager();

  constructor(
    readonly driver: Driver,
    private readonly database: string | undefined,
    private readonly gate: OutageGate,
    private readonly logger: Logger,
    private readonly schema: () => SchemaStatement[] = () => loadSchema(),
  ) {}

  /** Opens a driver for `settings`; no connection is made until the first use. */
  static open(
    settings: Neo4jSettings,
    logger: Logger,
    schema: () => SchemaStatement[] = () => loadSchema(),
  ): Neo4jClient {
    const log = logger.child({ component: ENGINE_NAME });
    const driver = neo4j.driver(settings.uri, neo4j.auth.basic(settings.user, settings.password), {
      connectionTimeout: settings.connectionTimeoutMs,
      connectionAcquisitionTimeout: settings.acquisitionTimeoutMs,
      maxTransactionRetryTime: settings.maxRetryTimeMs,
      userAgent: 'workspace-ontology-service',
      // The driver warns (with stack traces) on every failed connection; the outage gate
      // logs the outage once instead.
      logging: {
        level: 'error',
        logger: (_level, message) => log.error({ driver: true }, message),
      },
    });
    return new Neo4jClient(
      driver,
      settings.database,
      new OutageGate(settings.outageCooldownMs, log),
      log,
      schema,
    );
  }

  /** Runs `work` in a read transaction; it sees committed data only. */
  read<T>(work: TransactionWork<T>, limit?: ReadTimeLimit): Promise<T> {
    return this.run('READ', work, limit);
  }

  /** Runs `work` in one write transaction: all of it commits, or none of it. */
  async write<T>(work: TransactionWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.run('WRITE', work);
      } catch (error) {
        if (attempt >= CONCURRENT_CHANGE_ATTEMPTS || classifyNeo4jError(error) !== 'concurrent') {
          throw error;
        }
      }
    }
  }

  /** True when the server answers; also reopens the gate after an outage. */
  async ping(): Promise<boolean> {
    try {
      await this.driver.getServerInfo(this.database ? { database: this.database } : {});
      this.gate.succeeded();
      return true;
    } catch (error) {
      if (classifyNeo4jError(error) === 'unreachable') {
        this.gate.failed(error);
      }
      return false;
    }
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  private async run<T>(
    mode: 'READ' | 'WRITE',
    work: TransactionWork<T>,
    limit?: ReadTimeLimit,
  ): Promise<T> {
    this.gate.check();
    try {
      await this.ensureSchema();
      const result = await this.inSession(mode, work, limit?.timeoutMs, limit?.signal);
      this.gate.succeeded();
      return result;
    } catch (error) {
      if (limit?.signal?.aborted) {
        throw limit.signal.reason;
      }
      if (limit && error instanceof Neo4jError && TIMED_OUT_CODES.has(error.code)) {
        throw limit.timedOut();
      }
      const failure = classifyNeo4jError(error);
      if (failure === 'unreachable') {
        this.gate.failed(error);
      } else if (failure === 'busy') {
        // The client sees a bare 503; the driver's error (a deadlock, a leader switch, a
        // database still starting) is what an operator needs, so it is logged here.
        this.logger.warn(
          { err: error, mode },
          'neo4j did not finish a transaction within the retry budget: answered 503',
        );
      }
      throw translateNeo4jError(error);
    }
  }

  private async inSession<T>(
    mode: 'READ' | 'WRITE',
    work: TransactionWork<T>,
    timeoutMs?: number,
    signal?: AbortSignal,
  ): Promise<T> {
    signal?.throwIfAborted();
    const session = this.driver.session({
      ...(this.database ? { database: this.database } : {}),
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
    });
    const stop = (): void => void session.close().catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const config = timeoutMs === undefined ? undefined : { timeout: timeoutMs };
      return mode === 'READ'
        ? await session.executeRead(work, config)
        : await session.executeWrite(work, config);
    } finally {
      signal?.removeEventListener('abort', stop);
      // A session on a broken connection may fail to close; the work's outcome matters more.
      await session.close().catch(() => undefined);
    }
  }

  /** Applies cypher/schema once per process; after a failure the next use tries again. */
  private ensureSchema(): Promise<void> {
    this.schemaApplied ??= this.applySchema().catch((error: unknown) => {
      this.schemaApplied = undefined;
      throw error;
    });
    return this.schemaApplied;
  }

  private async applySchema(): Promise<void> {
    const statements = this.schema();
    for (const statement of statements) {
      try {
        // Schema commands cannot share a transaction with other work: one each.
        await this.inSession('WRITE', (tx) => tx.run(statement.text).then(() => undefined));
      } catch (error) {
        if (isRaceOnSameSchema(error)) {
          // Another instance created the same constraint or index at the same moment.
          continue;
        }
        if (classifyNeo4jError(error) === 'other') {
          this.logger.error(
            { file: statement.file, statement: statement.text, err: error },
            'could not apply a schema statement',
          );
        }
        throw error;
      }
    }
    this.logger.info({ statements: statements.length }, 'neo4j schema applied');
  }
}

/** Two instances starting together may both create a schema rule; the loser's error is harmless. */
export function isRaceOnSameSchema(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && /^Neo\.ClientError\.Schema\.(Equivalent|.*AlreadyExists)/.test(code)
  );
}

/** `/ready`'s check of the graph engine. */
export class Neo4jHealthCheck implements HealthCheck {
  readonly name = ENGINE_NAME;

  constructor(private readonly client: Neo4jClient) {}

  ping(): Promise<boolean> {
    return this.client.ping();
  }
}
