import { randomBytes } from 'node:crypto';
import { hashSecret } from '../secrets';

/** The error codes of RFC 6749 sections 4.1.2.1 and 5.2 and RFC 7009 section 2.2.1. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error';

/**
 * An error answered in the RFC 6749 shape `{ error, error_description }` (token and revoke
 * endpoints), not in the service's envelope: OAuth client libraries parse exactly that.
 */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status: number = 400,
  ) {
    super(description);
    this.name = 'OAuthProtocolError';
  }

  /** The RFC 6749 section 5.2 body. */
  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** A new random secret with a recognisable prefix, and the hash that is stored instead. */
export function newSecret(prefix: string): { value: string; hash: string } {
  const value = prefix + randomBytes(32).toString('base64url');
  return { value, hash: hashSecret(value) };
}

/** Milliseconds to an ISO-8601 timestamp (the stores keep timestamps as ISO text). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * RFC 6749 appendix A: `error_description` and `state` are limited to visible ASCII
 * (VSCHAR, %x20-7E); the description also excludes `"` and `\`.
 */
export function isVisibleAscii(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}

/**
 * `text` made safe as an `error_description` (RFC 6749 appendix A.7: %x20-21 / %x23-5B /
 * %x5D-7E): descriptions can quote what the client sent, which may hold anything.
 */
export function safeDescription(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

/** Appends `params` to `uri`, keeping its own query (RFC 6749 section 3.1.2). */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) {
      url.searchParams.append(name, value);
    }
  }
  return url.toString();
}
