import { apiKeyUnusableReason, type ApiKey } from '../domain/api-key';
import type { Principal } from '../domain/principal';
import type { ApiKeyStore } from '../ports/api-key-store';
import type { Clock } from '../ports/clock';
import type { CredentialVerifier, VerifyResult } from './credential-verifier';
import { hashSecret } from './secrets';

/** Verifies API keys by looking up the SHA-256 of the presented secret. */
export class ApiKeyVerifier implements CredentialVerifier {
  /**
   * The principal of each key record: the caching store hands out the same record on every
   * request until it changes, so its (read-only) principal is built once, not per request.
   */
  private readonly principals = new WeakMap<ApiKey, Principal>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<VerifyResult> {
    const key = await this.keys.findBySecretHash(hashSecret(token));
    return key ? this.resultFor(key) : { outcome: 'unknown' };
  }

  verifyNow(token: string): VerifyResult | undefined {
    const key = this.keys.cachedBySecretHash?.(hashSecret(token));
    return key ? this.resultFor(key) : undefined;
  }

  private resultFor(key: ApiKey): VerifyResult {
    const reason = apiKeyUnusableReason(key, this.clock.now());
    if (reason) {
      return { outcome: 'rejected', reason };
    }
    let principal = this.principals.get(key);
    if (!principal) {
      principal = {
        kind: 'api_key',
        actorId: key.id,
        credentialId: key.id,
        displayName: key.name,
        workspaces: new Map([[key.workspaceId, key.scopes]]),
        homeWorkspaceId: key.workspaceId,
      };
      this.principals.set(key, principal);
    }
    return { outcome: 'ok', principal };
  }
}
