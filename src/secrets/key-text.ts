import { randomBytes } from 'node:crypto';
import { SECRET_KEY_BYTES } from './secret-box';

/** How a key may be written, for messages that refuse one (never showing the value). */
export const KEY_FORMAT =
  `${SECRET_KEY_BYTES} bytes written as 64 hex digits or as base64 ` +
  '(`openssl rand -base64 32` makes one)';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
/** 32 bytes are 43 base64 characters and one `=` of padding (optional); base64url too. */
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The key written in `text` (hex or base64, surrounding blanks ignored), or null. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (HEX_KEY.test(trimmed)) {
    return Buffer.from(trimmed, 'hex');
  }
  if (BASE64_KEY.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === SECRET_KEY_BYTES ? key : null;
  }
  return null;
}

/** A new random key, as base64 (what the embedded default writes to its key file). */
export function newSecretKeyText(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}
