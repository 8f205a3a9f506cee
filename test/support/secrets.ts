import { SecretBox } from '../../src/secrets/secret-box';

/**
 * Fixed secrets keys for tests (base64 of 32 bytes), so a test can name the key a value
 * must be sealed under. Never use them outside tests.
 */
export const KEY_A = 'q1ZLbx0m3sQ3p0mJx7c5f6kXo8T6m2hW9yY4rP1aB0E=';
export const KEY_B = 'Zp3G8cVx0lq2WmN7tR5yU1iO9eA4sD6fH8jK2lQ0wXc=';
export const KEY_C = 'c2VjcmV0cy1hdC1yZXN0LXRlc3Qta2V5LWMtMzJieXQ=';

/** The key written in base64 `text`. */
export function keyBytes(text: string): Buffer {
  return Buffer.from(text, 'base64');
}

/** A box with `current` as its current key and `previous` as decrypt-only keys. */
export function boxOf(current: string, ...previous: string[]): SecretBox {
  return new SecretBox(keyBytes(current), previous.map(keyBytes));
}
