import type { HealthCheck } from '../../ports/health';
import type { SqliteDatabase } from './sqlite-database';
import { isSqliteOutage } from './outage';

/** The health check's name, also the store's name in outage log lines. */
export const SQLITE_CHECK_NAME = 'sqlite';

/**
 * Readiness probe for the embedded store: both connections answer. A failure is reported
 * to the outage log; recovery is not (a reader answering says nothing of a full disk): the
 * next successful commit reports it.
 */
export class SqliteHealthCheck implements HealthCheck {
  readonly name = SQLITE_CHECK_NAME;
  constructor(private readonly db: SqliteDatabase) {}

  ping(): Promise<boolean> {
    try {
      const r = this.db.reader.prepare('SELECT 1 AS ok').get() as { ok: number } | undefined;
      return Promise.resolve(r?.ok === 1 && this.db.writer.open);
    } catch (error) {
      if (isSqliteOutage(error)) {
        this.db.outages?.failed(error);
      }
      return Promise.resolve(false);
    }
  }
}
