import { planConnectorReseal } from '../../ports/connector-records';
import type { ResealChunk, SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { SqliteDatabase } from './database';
import { resealStatements, resealTableChunk, type ResealStatements } from './reseal-chunk';

/**
 * The re-encryption pass over `webhook_connectors` (see `SealedSecretStore.resealSecrets`).
 * Connectors are few: a scan per chunk is cheap.
 */
export class SqliteConnectorSecrets {
  private readonly statements: ResealStatements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly box: SecretBox,
  ) {
    this.statements = resealStatements(db, 'webhook_connectors');
  }

  resealChunk(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return resealTableChunk(this.db, this.box, this.statements, planConnectorReseal, after, limit);
  }
}
