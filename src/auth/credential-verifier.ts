import type { Principal } from '../domain/principal';

/** Outcome of presenting a bearer token to one kind of credential. */
export type VerifyResult =
  | { outcome: 'ok'; principal: Principal }
  /** The token belongs to this kind but cannot be used (revoked, expired). */
  | { outcome: 'rejected'; reason: 'revoked' | 'expired' }
  /** The token is not a credential of this kind. */
  | { outcome: 'unknown' };

/**
 * One kind of bearer credential (API keys now, OAuth access tokens later). The
 * authenticator asks each verifier in turn until one recognises the token.
 */
export interface CredentialVerifier {
  verify(token: string): Promise<VerifyResult>;
  /**
   * What `verify` would answer, when it is known without a round trip (a cached record);
   * undefined otherwise, never `unknown` for a token merely not cached.
   */
  verifyNow?(token: string): VerifyResult | undefined;
}
