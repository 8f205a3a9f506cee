import { planConnectorReseal } from '../../ports/connector-records';
import {
  resealChunk,
  type ResealChunk,
  type ResealChunkIo,
  type SecretRecordRef,
} from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { SqliteDatabase } from './database';
import { tableResealIo } from './reseal-chunk';

/**
 * The re-encryption pass over `webhook_connectors` (see `SealedSecretStore.resealSecrets`).
 * Connectors are few: a scan per chunk is cheap.
 */
export class SqliteConnectorSecrets {
  private readonly io: ResealChunkIo;

  constructor(
    db: SqliteDatabase,
    private readonly box: SecretBox,
  ) {
    this.io = tableResealIo(db, 'webhook_connectors');
  }

  resealChunk(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return resealChunk(this.box, planConnectorReseal, this.io, after, limit);
  }
}
