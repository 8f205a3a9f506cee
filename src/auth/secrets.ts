import { hash, randomBytes } from 'node:crypto';

/** Recognisable prefix of API key secrets (like GitHub's `ghp_`), so leaked keys can be spotted. */
export const API_KEY_PREFIX = 'wos_';

/** A new API key secret: the prefix plus 32 random bytes, base64url. */
export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 hex digest; secrets are high-entropy, so a fast hash is the right tool. */
export function hashSecret(secret: string): string {
  // One-shot crypto.hash (Node >= 20.12) is cheaper than createHash on this per-request path.
  return hash('sha256', secret, 'hex');
}

/** A random identifier: `<kind>_` plus 20 URL-safe characters. */
export function newId(kind: string): string {
  return `${kind}_${randomBytes(15).toString('base64url')}`;
}

/** The part of a secret safe to show in listings. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, Math.min(12, Math.floor(secret.length / 3)));
}
