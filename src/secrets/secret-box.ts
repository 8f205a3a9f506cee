import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Length of a secrets key: AES-256. */
export const SECRET_KEY_BYTES = 32;

/** The only stored form so far; a later one gets `v2:` and both are read. */
const VERSION = 'v1';
/** 96-bit IVs, the size GCM is designed for; random per value. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Base64url characters of a key id (see `keyIdOf`). */
const KEY_ID_CHARS = 8;

/** `v1:<keyId>:<iv>:<ciphertext + tag>`, every part base64url. */
const SEALED_V1 = /^v1:([A-Za-z0-9_-]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22,})$/;
/** Any versioned stored form: a value starting like this is never taken for plaintext. */
const VERSIONED = /^v\d+:/;

/**
 * What a sealed value belongs to: the kind of record, its identity and the field, e.g.
 * `['webhook-connector', workspaceId, connectorId, 'secret']`. It is authenticated with the
 * value (AES-GCM additional data), so a ciphertext copied to another record or field does
 * not decrypt there.
 */
export type SecretContext = readonly string[];

/** Why a stored value cannot be read. */
export type UnreadableReason =
  /** Sealed under a key that is not configured (SECRETS_KEY, SECRETS_KEY_PREVIOUS). */
  | 'unknown_key'
  /** Not intact: altered, truncated, or moved from another record or field. */
  | 'damaged'
  /** A stored form this version of the service does not know. */
  | 'unsupported_version';

/** A stored value, opened. */
export type OpenedSecret =
  /** Sealed under a configured key; `current` when that is the current key. */
  | { status: 'sealed'; value: string; keyId: string; current: boolean }
  /** Stored before secrets were encrypted: still readable until it is re-encrypted. */
  | { status: 'plaintext'; value: string }
  | { status: 'unreadable'; reason: UnreadableReason; keyId: string | null };

/**
 * A key's public name: the first 48 bits of a SHA-256 over a label and the key, base64url.
 * It tells which key sealed a value (several keys coexist during a rotation) without
 * revealing anything usable about the key.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256')
    .update('workspace-ontology-service secrets key id\0')
    .update(key)
    .digest('base64url')
    .slice(0, KEY_ID_CHARS);
}

/** The additional authenticated data of a value: its stored form's header and its context. */
function additionalData(keyId: string, context: SecretContext): Buffer {
  return Buffer.from(JSON.stringify([VERSION, keyId, ...context]), 'utf8');
}

/**
 * Encrypts secrets the service must be able to read back (webhook connector secrets; API
 * keys and passwords are only ever hashed) with AES-256-GCM under the current key, and opens
 * values sealed under the current or any previous key. A stored value is self-describing:
 * `v1:<keyId>:<iv>:<ciphertext and tag>` (base64url parts), so values under several keys
 * coexist during a key rotation, and a value without a version prefix is recognised as
 * plaintext from before encryption, readable until the re-encryption pass seals it.
 */
export class SecretBox {
  /** Id of the key new values are sealed under. */
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();

  /** `previous` keys only decrypt; repeated keys (the current one included) are ignored. */
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== SECRET_KEY_BYTES) {
        throw new RangeError(`A secrets key must be ${SECRET_KEY_BYTES} bytes.`);
      }
      const id = keyIdOf(key);
      if (!this.keys.has(id)) {
        this.keys.set(id, Buffer.from(key));
      }
    }
    this.currentKeyId = keyIdOf(current);
  }

  /** Ids of every configured key, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /**
   * How every value sealed under the current key starts: stores select the values a
   * re-encryption pass must rewrite as those that do not start with it.
   */
  get currentPrefix(): string {
    return `${VERSION}:${this.currentKeyId}:`;
  }

  /** `plaintext` encrypted under the current key, bound to `context`. */
  seal(plaintext: string, context: SecretContext): string {
    const key = this.keys.get(this.currentKeyId) as Buffer;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(this.currentKeyId, context));
    const sealed = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${this.currentPrefix}${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /**
   * A stored value opened for `context`. Never throws: a value that cannot be read (unknown
   * key, altered bytes, another record's ciphertext) is reported `unreadable`, so callers
   * fail closed instead of crashing.
   */
  open(stored: string, context: SecretContext): OpenedSecret {
    if (!VERSIONED.test(stored)) {
      return { status: 'plaintext', value: stored };
    }
    if (!stored.startsWith(`${VERSION}:`)) {
      return { status: 'unreadable', reason: 'unsupported_version', keyId: null };
    }
    const parts = SEALED_V1.exec(stored);
    if (!parts) {
      return { status: 'unreadable', reason: 'damaged', keyId: null };
    }
    const [, keyId = '', iv = '', body = ''] = parts;
    const key = this.keys.get(keyId);
    if (!key) {
      return { status: 'unreadable', reason: 'unknown_key', keyId };
    }
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < TAG_BYTES) {
      return { status: 'unreadable', reason: 'damaged', keyId };
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(additionalData(keyId, context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return {
        status: 'sealed',
        value: plain.toString('utf8'),
        keyId,
        current: keyId === this.currentKeyId,
      };
    } catch {
      // GCM's tag check failed: the value, its IV or its context is not what was sealed.
      return { status: 'unreadable', reason: 'damaged', keyId };
    }
  }
}
