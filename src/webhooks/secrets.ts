import { randomBytes } from 'node:crypto';

/** Prefix of connector secrets: the Standard Webhooks serialisation of a symmetric key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Random bytes in a connector secret (Standard Webhooks asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/**
 * A new connector secret: `whsec_` + base64 of 32 random bytes. The one string serves both
 * signing conventions (docs/webhooks.md): X-Webhook-Signature uses it as the HMAC key as it
 * is written, the Standard Webhooks libraries decode the base64 part, as they do for any
 * `whsec_` secret.
 */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/** The unguessable id in a reception URL: 24 random bytes, base64url (192 bits). */
export function newEndpointId(): string {
  return `ep_${randomBytes(24).toString('base64url')}`;
}

/** The HMAC key of the `X-Webhook-Signature` convention: the secret's UTF-8 bytes, as written. */
export function xWebhookKey(secret: string): Buffer {
  return Buffer.from(secret, 'utf8');
}

/**
 * The HMAC key of the Standard Webhooks convention: the base64 after `whsec_`, decoded.
 * A secret without the prefix is used as its own bytes, as the specification's libraries
 * in "raw" mode do.
 */
export function standardWebhooksKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    return Buffer.from(secret, 'utf8');
  }
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}
