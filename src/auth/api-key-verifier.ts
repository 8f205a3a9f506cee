import { apiKeyUnusableReason } from '../domain/api-key';
import type { ApiKeyStore } from '../ports/api-key-store';
import type { Clock } from '../ports/clock';
import type { CredentialVerifier, VerifyResult } from './credential-verifier';
import { hashSecret } from './secrets';

/** Secrets whose hash is remembered at most, and for how long (as the key cache's TTL). */
const HASH_MEMO_ENTRIES = 1_000;
const HASH_MEMO_MS = 5_000;

/** Verifies API keys by looking up the SHA-256 of the presented secret. */
export class ApiKeyVerifier implements CredentialVerifier {
  /**
   * The hash of secrets that named a key recently: a client sends the same secret on every
   * request, and hashing it was the largest part of authenticating one. Only secrets that
   * matched a key are kept (random tokens cannot fill it), for HASH_MEMO_MS; the key itself
   * is still looked up (and checked for revocation and expiry) on every request.
   */
  private readonly hashes = new Map<string, { hash: string; until: number }>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<VerifyResult> {
    const now = this.clock.now();
    const secretHash = this.hashOf(token, now);
    const key = await this.keys.findBySecretHash(secretHash);
    if (!key) {
      this.hashes.delete(token);
      return { outcome: 'unknown' };
    }
    this.remember(token, secretHash, now);
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

  private hashOf(token: string, now: number): string {
    const memo = this.hashes.get(token);
    return memo !== undefined && memo.until > now ? memo.hash : hashSecret(token);
  }

  private remember(token: string, hash: string, now: number): void {
    const memo = this.hashes.get(token);
    if (memo !== undefined && memo.until > now) {
      return;
    }
    this.hashes.delete(token);
    this.hashes.set(token, { hash, until: now + HASH_MEMO_MS });
    if (this.hashes.size > HASH_MEMO_ENTRIES) {
      const oldest = this.hashes.keys().next();
      if (!oldest.done) {
        this.hashes.delete(oldest.value);
      }
    }
  }
}
