import type { UnreadableReason } from '../secrets/secret-box';

/** A record holding sealed secrets; also where a re-encryption pass stands. */
export interface SecretRecordRef {
  workspaceId: string;
  id: string;
}

/** A stored secret that none of the configured keys opens. */
export interface UnreadableSecret extends SecretRecordRef {
  /** The kind of record, e.g. `webhook-connector`. */
  kind: string;
  /** The field, e.g. `secret` or `previousSecret`. */
  field: string;
  reason: UnreadableReason;
  /** The key it is sealed under, when its stored form names one. */
  keyId: string | null;
}

/** What one chunk of a re-encryption pass did. */
export interface ResealChunk {
  /** Records looked at: those with a secret not sealed under the current key. */
  examined: number;
  /** Records rewritten under the current key. */
  resealed: number;
  /** Secrets left as they are because no configured key opens them. */
  unreadable: UnreadableSecret[];
  /** Where the next chunk starts; null when the pass is through. */
  next: SecretRecordRef | null;
}

/**
 * A store of records with secrets sealed at rest (src/secrets/secret-box.ts), able to
 * re-encrypt them under the current key: after a key rotation, and for plaintext values
 * stored before encryption. Implemented by every store holding such secrets; the
 * re-encryption pass (src/secrets/reseal.ts) calls it chunk by chunk.
 */
export interface SealedSecretStore {
  /**
   * Looks at up to `limit` records, after `after` in (id, workspaceId) order, whose stored
   * secrets are not all sealed under the current key (plaintext, or sealed under a previous
   * key), and rewrites each readable secret under the current key. A record changed since
   * it was read (a concurrent rotation) is left alone: its secrets are current already.
   * Secrets no key opens are left exactly as they are, and reported. Idempotent: a record
   * already sealed under the current key is not even looked at.
   */
  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk>;
}
