import { apiKeyUnusableReason } from '../domain/api-key';
import type { ApiKeyStore } from '../ports/api-key-store';
import type { Clock } from '../ports/clock';
import type { CredentialVerifier, VerifyResult } from './credential-verifier';
import { hashSecret } from './secrets';

/** Verifies API keys by looking up the SHA-256 of the presented secret. */
export class ApiKeyVerifier implements CredentialVerifier {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<VerifyResult> {
    const key = await this.keys.findBySecretHash(hashSecret(token));
    if (!key) {
      return { outcome: 'unknown' };
    }
    const reason = apiKeyUnusableReason(key, this.clock.now());
    if (reason) {
      return { outcome: 'rejected', reason };
    }
    return {
      outcome: 'ok',
      principal: {
        kind: 'api_key',
        actorId: key.id,
        credentialId: key.id,
        displayName: key.name,
        workspaces: new Map([[key.workspaceId, key.scopes]]),
        homeWorkspaceId: key.workspaceId,
      },
    };
  }
}
