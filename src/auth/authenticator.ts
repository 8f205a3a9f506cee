import type { Principal } from '../domain/principal';
import { UnauthenticatedError } from '../errors';
import type { CredentialVerifier } from './credential-verifier';

const REALM = 'Bearer realm="api"';
const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

/**
 * Turns an Authorization header into a Principal, or throws a 401 whose
 * WWW-Authenticate challenge follows RFC 6750 section 3.
 */
export class Authenticator {
  constructor(private readonly verifiers: readonly CredentialVerifier[]) {}

  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (authorization === undefined || authorization.trim() === '') {
      throw new UnauthenticatedError(
        'Authentication required: send Authorization: Bearer <API key or access token>.',
        REALM,
      );
    }
    const match = BEARER.exec(authorization);
    if (!match?.[1]) {
      throw new UnauthenticatedError(
        'The Authorization header must have the form "Bearer <token>".',
        `${REALM}, error="invalid_request", error_description="malformed Authorization header"`,
      );
    }
    const token = match[1];
    for (const verifier of this.verifiers) {
      const result = await verifier.verify(token);
      switch (result.outcome) {
        case 'ok':
          return result.principal;
        case 'rejected':
          throw new UnauthenticatedError(
            `The credential has been ${result.reason}.`,
            `${REALM}, error="invalid_token", error_description="credential ${result.reason}"`,
          );
        case 'unknown':
          break;
      }
    }
    throw new UnauthenticatedError(
      'The credential is not valid.',
      `${REALM}, error="invalid_token", error_description="unknown credential"`,
    );
  }

  /**
   * The principal of a credential the verifiers hold cached, without a promise; undefined
   * for anything else (ask `authenticate`, which also says why a credential is refused).
   */
  authenticateNow(authorization: string | undefined): Principal | undefined {
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (!token) {
      return undefined;
    }
    for (const verifier of this.verifiers) {
      const result = verifier.verifyNow?.(token);
      if (result?.outcome !== 'unknown') {
        return result?.outcome === 'ok' ? result.principal : undefined;
      }
    }
    return undefined;
  }
}
