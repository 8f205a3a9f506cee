import type { SecretBox, SecretContext, UnreadableReason } from '../secrets/secret-box';

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

/** A record's two stored secret fields, as a re-encryption pass reads them. */
export interface StoredSecrets {
  secret: string;
  previousSecret: string | null;
}

/** One record's rewrite: the values read (the write's condition) and their replacements. */
export interface SecretRewrite extends SecretRecordRef {
  expected: StoredSecrets;
  next: StoredSecrets;
}

/**
 * A rewrite as the named parameters of a conditional update, the same on every engine: the
 * new values, and the values read, which the stored ones must still equal.
 */
export function rewriteParams(r: SecretRewrite): {
  workspaceId: string;
  id: string;
  secret: string;
  previousSecret: string | null;
  expectedSecret: string;
  expectedPrevious: string | null;
} {
  return {
    workspaceId: r.workspaceId,
    id: r.id,
    secret: r.next.secret,
    previousSecret: r.next.previousSecret,
    expectedSecret: r.expected.secret,
    expectedPrevious: r.expected.previousSecret,
  };
}

/**
 * What a re-encryption chunk must write for `candidates` (records of `kind`, each secret
 * field sealed in `contextOf(record, field)`): every readable secret not under the current
 * key sealed again under it; unreadable ones left as they are and reported.
 */
export function planReseal(
  box: SecretBox,
  candidates: readonly (SecretRecordRef & StoredSecrets)[],
  kind: string,
  contextOf: (ref: SecretRecordRef, field: 'secret' | 'previousSecret') => SecretContext,
): { rewrites: SecretRewrite[]; unreadable: UnreadableSecret[] } {
  const rewrites: SecretRewrite[] = [];
  const unreadable: UnreadableSecret[] = [];
  for (const record of candidates) {
    const ref = { workspaceId: record.workspaceId, id: record.id };
    const reseal = (field: 'secret' | 'previousSecret', value: string | null): string | null => {
      if (value === null) {
        return null;
      }
      const opened = box.open(value, contextOf(ref, field));
      if (opened.status === 'unreadable') {
        unreadable.push({ ...ref, kind, field, reason: opened.reason, keyId: opened.keyId });
        return value;
      }
      if (opened.status === 'sealed' && opened.current) {
        return value;
      }
      return box.seal(opened.value, contextOf(ref, field));
    };
    const expected = { secret: record.secret, previousSecret: record.previousSecret };
    const next = {
      secret: reseal('secret', record.secret) as string,
      previousSecret: reseal('previousSecret', record.previousSecret),
    };
    if (next.secret !== expected.secret || next.previousSecret !== expected.previousSecret) {
      rewrites.push({ ...ref, expected, next });
    }
  }
  return { rewrites, unreadable };
}

/** How a store plans one chunk's rewrites: `planReseal` with its record kind and contexts. */
export type ResealPlanner = (
  box: SecretBox,
  candidates: readonly (SecretRecordRef & StoredSecrets)[],
) => { rewrites: SecretRewrite[]; unreadable: UnreadableSecret[] };

/** How an engine reads and writes one chunk of a re-encryption pass. */
export interface ResealChunkIo {
  /**
   * Up to `limit` records after `after` in (id, workspaceId) order with a secret not sealed
   * under `prefix`.
   */
  candidates(
    prefix: string,
    after: SecretRecordRef | null,
    limit: number,
  ): Promise<(SecretRecordRef & StoredSecrets)[]>;
  /** Writes the rewrites in one transaction, each only if unchanged; how many were written. */
  rewrite(rewrites: readonly SecretRewrite[]): Promise<number>;
}

/**
 * One chunk of a re-encryption pass (see `SealedSecretStore.resealSecrets`), the same on
 * every engine: the candidates are read, sealed again by `plan`, and written.
 */
export async function resealChunk(
  box: SecretBox,
  plan: ResealPlanner,
  io: ResealChunkIo,
  after: SecretRecordRef | null,
  limit: number,
): Promise<ResealChunk> {
  const candidates = await io.candidates(box.currentPrefix, after, limit);
  const { rewrites, unreadable } = plan(box, candidates);
  const resealed = rewrites.length === 0 ? 0 : await io.rewrite(rewrites);
  const last = candidates.at(-1);
  return {
    examined: candidates.length,
    resealed,
    unreadable,
    next:
      candidates.length === limit && last ? { workspaceId: last.workspaceId, id: last.id } : null,
  };
}
