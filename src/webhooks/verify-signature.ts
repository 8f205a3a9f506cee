import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureScheme } from '../domain/webhooks';
import { InvalidSignatureError } from '../errors';
import { standardWebhooksKey, xWebhookKey } from './secrets';

/** Largest difference between the sender's timestamp and the service's clock (docs/webhooks.md). */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

/** The check that failed, reported as `error.details.check` of a 401 INVALID_SIGNATURE. */
export type SignatureCheck =
  | 'missing_signature'
  | 'missing_id'
  | 'missing_timestamp'
  | 'invalid_timestamp'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'timestamp_out_of_tolerance'
  /** The connector's current secret cannot be decrypted, so nothing can be verified. */
  | 'secret_unavailable';

/** Request headers by lower-case name, as Node gives them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/** What a verified request tells about itself. */
export interface VerifiedDelivery {
  scheme: SignatureScheme;
  /** The sender's event id, when it sent one (X-Webhook-Id or webhook-id). */
  deliveryId: string | null;
  /**
   * Whether the signature covers `deliveryId`, which is then authenticated: always for
   * Standard Webhooks; for X-Webhook-Signature when it signs `<id>.<timestamp>.<body>`
   * rather than `<timestamp>.<body>`.
   */
  idSigned: boolean;
  /** The sender's timestamp, Unix seconds. */
  timestamp: number;
  /**
   * `<timestamp>:<hex HMAC>` computed with the secret that matched: the same request sent
   * twice has the same key, whatever the case or encoding of the signature header.
   */
  signatureKey: string;
  /** Which of the connector's secrets matched (`previous` during a rotation's grace period). */
  secret: 'current' | 'previous';
}

/** The connector's secrets that may sign a request now. */
export interface CandidateSecrets {
  /** Null when its stored value cannot be decrypted (see `Connector.secret`). */
  current: string | null;
  /** The secret before the last rotation, while its grace period lasts. */
  previous: string | null;
}

const X_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;
const V1_SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;
const TIMESTAMP = /^\d{1,15}$/;

function fail(check: SignatureCheck, scheme: SignatureScheme | null, message: string): never {
  throw new InvalidSignatureError(`Signature check failed: ${message}`, { check, scheme });
}

/** A header's value, or undefined when absent or empty. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** HMAC-SHA256 of the concatenated parts (strings as UTF-8, buffers as they are). */
export function hmacSha256(key: Buffer | string, parts: readonly (Buffer | string)[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) {
    mac.update(part);
  }
  return mac.digest();
}

/**
 * Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of `parts` under `key`. Compared in
 * constant time; a header of the wrong shape or length is simply not a match (never a throw).
 * `X-Webhook-Signature` is verified with it; GitHub's `X-Hub-Signature-256` has the same
 * form, so GitHub's published test vector checks it (test/unit/webhooks/webhook-signature.test.ts).
 */
export function matchesHexSignature(
  header: string,
  key: Buffer | string,
  parts: readonly (Buffer | string)[],
): boolean {
  const match = X_SIGNATURE.exec(header);
  if (!match?.[1]) {
    return false;
  }
  return timingSafeEqual(Buffer.from(match[1], 'hex'), hmacSha256(key, parts));
}

/**
 * Fails a request that no candidate secret verified: `secret_unavailable` when the current
 * secret could not be decrypted (the sender is not at fault, and nothing could have
 * matched it), else `signature_mismatch` with `message`.
 */
function mismatch(secrets: CandidateSecrets, scheme: SignatureScheme, message: string): never {
  if (secrets.current === null) {
    fail(
      'secret_unavailable',
      scheme,
      "the connector's signing secret is unavailable (it cannot be decrypted); " +
        'its owner must rotate the secret.',
    );
  }
  fail('signature_mismatch', scheme, message);
}

function parseTimestamp(scheme: SignatureScheme, name: string, value: string | undefined): number {
  if (value === undefined) {
    fail('missing_timestamp', scheme, `the ${name} header is missing.`);
  }
  if (!TIMESTAMP.test(value)) {
    fail('invalid_timestamp', scheme, `${name} must be a Unix time in whole seconds.`);
  }
  return Number(value);
}

function checkTolerance(scheme: SignatureScheme, name: string, ts: number, nowMs: number): void {
  const skew = Math.floor(nowMs / 1000) - ts;
  if (Math.abs(skew) > TIMESTAMP_TOLERANCE_SECONDS) {
    fail(
      'timestamp_out_of_tolerance',
      scheme,
      `${name} is ${Math.abs(skew)} s ${skew > 0 ? 'in the past' : 'in the future'}; ` +
        `at most ${TIMESTAMP_TOLERANCE_SECONDS} s either way is accepted.`,
    );
  }
}

/**
 * The messages an X-Webhook-Signature may sign: `<timestamp>.<body>`, and, when the request
 * names an event id, `<id>.<timestamp>.<body>` (the Standard Webhooks message), which
 * authenticates the id too. A signature of one form never passes as the other, for JSON
 * object bodies (the only kind accepted): read as `<id>.<timestamp>.<body>`, a signed
 * `<timestamp>.<body>` would need its body to end in another JSON object right after a full
 * stop, which in JSON can only start inside a string, and then the two texts can never
 * both have their quotes closed at the end; read the other way, the body would start with
 * the digits of a timestamp, which is not a JSON object.
 */
function xWebhookMessages(
  deliveryId: string | null,
  ts: number,
  body: Buffer,
): { timestamp: (Buffer | string)[]; id: (Buffer | string)[] | null } {
  return {
    timestamp: [`${ts}.`, body],
    id: deliveryId === null ? null : [`${deliveryId}.${ts}.`, body],
  };
}

function verifyXWebhook(
  headers: HeaderBag,
  body: Buffer,
  secrets: CandidateSecrets,
  nowMs: number,
): VerifiedDelivery {
  const scheme = 'x-webhook';
  const signature = headerValue(headers, 'x-webhook-signature') as string;
  const ts = parseTimestamp(
    scheme,
    'X-Webhook-Timestamp',
    headerValue(headers, 'x-webhook-timestamp'),
  );
  const provided = X_SIGNATURE.exec(signature)?.[1];
  if (!provided) {
    fail('malformed_signature', scheme, 'X-Webhook-Signature must be sha256=<64 hex digits>.');
  }
  const deliveryId =
    headerValue(headers, 'x-webhook-id') ?? headerValue(headers, 'webhook-id') ?? null;
  const messages = xWebhookMessages(deliveryId, ts, body);
  let matched: { secret: VerifiedDelivery['secret']; idSigned: boolean } | null = null;
  for (const [label, secret] of candidates(secrets)) {
    const key = xWebhookKey(secret);
    // Both forms are compared every time, so the time taken does not tell which one matched.
    const byId = messages.id !== null && matchesHexSignature(signature, key, messages.id);
    const byTimestamp = matchesHexSignature(signature, key, messages.timestamp);
    if (byId || byTimestamp) {
      matched = { secret: label, idSigned: byId };
      break;
    }
  }
  if (!matched) {
    mismatch(
      secrets,
      scheme,
      'X-Webhook-Signature does not match HMAC-SHA256(secret, "<X-Webhook-Timestamp>.<raw body>")' +
        (deliveryId === null
          ? '.'
          : ' nor HMAC-SHA256(secret, "<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>").'),
    );
  }
  checkTolerance(scheme, 'X-Webhook-Timestamp', ts, nowMs);
  return {
    scheme,
    deliveryId,
    idSigned: matched.idSigned,
    timestamp: ts,
    // It matched, so the provided hex is the digest; lower case makes the key canonical.
    signatureKey: `${ts}:${provided.toLowerCase()}`,
    secret: matched.secret,
  };
}

function verifyStandardWebhooks(
  headers: HeaderBag,
  body: Buffer,
  secrets: CandidateSecrets,
  nowMs: number,
): VerifiedDelivery {
  const scheme = 'standard-webhooks';
  const id = headerValue(headers, 'webhook-id');
  if (id === undefined) {
    fail('missing_id', scheme, 'the webhook-id header is missing.');
  }
  const ts = parseTimestamp(scheme, 'webhook-timestamp', headerValue(headers, 'webhook-timestamp'));
  // A space-separated list; entries of other versions (v1a: asymmetric) are skipped.
  const provided = (headerValue(headers, 'webhook-signature') as string)
    .split(' ')
    .map((entry) => V1_SIGNATURE.exec(entry)?.[1])
    .filter((b64): b64 is string => b64 !== undefined)
    .map((b64) => Buffer.from(b64, 'base64'));
  if (provided.length === 0) {
    fail(
      'malformed_signature',
      scheme,
      'webhook-signature holds no v1,<base64 HMAC-SHA256> entry.',
    );
  }
  const parts = [`${id}.${ts}.`, body];
  let matched: VerifiedDelivery['secret'] | null = null;
  let digest: Buffer | null = null;
  for (const [label, secret] of candidates(secrets)) {
    const expected = hmacSha256(standardWebhooksKey(secret), parts);
    // Every entry is compared (no early exit on the first mismatch of the list).
    if (provided.map((p) => timingSafeEqual(p, expected)).some(Boolean)) {
      matched = label;
      digest = expected;
      break;
    }
  }
  if (!matched || !digest) {
    mismatch(
      secrets,
      scheme,
      'no webhook-signature entry matches HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>").',
    );
  }
  checkTolerance(scheme, 'webhook-timestamp', ts, nowMs);
  return {
    scheme,
    deliveryId: id,
    idSigned: true,
    timestamp: ts,
    signatureKey: `${ts}:${digest.toString('hex')}`,
    secret: matched,
  };
}

/** The secrets to try, in order; one that cannot be decrypted is not among them. */
function candidates(secrets: CandidateSecrets): [VerifiedDelivery['secret'], string][] {
  const all: [VerifiedDelivery['secret'], string | null][] = [
    ['current', secrets.current],
    ['previous', secrets.previous],
  ];
  return all.filter((c): c is [VerifiedDelivery['secret'], string] => c[1] !== null);
}

/** The convention a request's headers use, or null when it carries no signature header. */
export function detectScheme(headers: HeaderBag): SignatureScheme | null {
  if (headerValue(headers, 'x-webhook-signature') !== undefined) {
    return 'x-webhook';
  }
  if (headerValue(headers, 'webhook-signature') !== undefined) {
    return 'standard-webhooks';
  }
  return null;
}

/**
 * Verifies a webhook request on its raw body, before anything parses it
 * (docs/webhooks.md): `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, "<ts>.<body>")>` with
 * `X-Webhook-Timestamp` (or the same over `"<id>.<ts>.<body>"` with `X-Webhook-Id`), or the
 * Standard Webhooks headers. The signature is checked before the timestamp's tolerance, so a
 * "stale" answer is only ever given to an authentic request. Throws 401 INVALID_SIGNATURE
 * naming the failed check.
 */
export function verifyDelivery(
  headers: HeaderBag,
  body: Buffer,
  secrets: CandidateSecrets,
  nowMs: number,
): VerifiedDelivery {
  switch (detectScheme(headers)) {
    case 'x-webhook':
      return verifyXWebhook(headers, body, secrets, nowMs);
    case 'standard-webhooks':
      return verifyStandardWebhooks(headers, body, secrets, nowMs);
    case null:
      return fail(
        'missing_signature',
        null,
        'the request carries no signature; send X-Webhook-Signature and X-Webhook-Timestamp ' +
          '(or the Standard Webhooks webhook-id, webhook-timestamp and webhook-signature headers).',
      );
  }
}
