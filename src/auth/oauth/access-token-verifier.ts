import { ACCESS_TOKEN_PREFIX, intersectScopes } from '../../domain/oauth';
import type { Scope } from '../../domain/scopes';
import type { Clock } from '../../ports/clock';
import type { OAuthGrantStore } from '../../ports/oauth-grant-store';
import type { UserStore } from '../../ports/user-store';
import type { CredentialVerifier, VerifyResult } from '../credential-verifier';
import { hashSecret } from '../secrets';

/**
 * Accepts OAuth access tokens as Bearer credentials on the REST API. The principal is the
 * user: undo/redo history and `createdBy` follow the person, whichever app acted. It may act
 * in each workspace the user is a member of *now*, holding there the token's scopes
 * intersected with the membership's; a workspace where that leaves nothing is left out
 * (so the guard answers 403). Memberships are read on every request, so removing one or
 * narrowing its scopes takes effect at once, even for tokens already issued.
 */
export class OAuthAccessTokenVerifier implements CredentialVerifier {
  constructor(
    private readonly grants: OAuthGrantStore,
    private readonly users: UserStore,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<VerifyResult> {
    // API keys and other credentials never carry this prefix: skip the lookup for them.
    if (!token.startsWith(ACCESS_TOKEN_PREFIX)) {
      return { outcome: 'unknown' };
    }
    const record = await this.grants.findAccessToken(hashSecret(token));
    if (!record) {
      return { outcome: 'unknown' };
    }
    if (record.revokedAt !== null) {
      return { outcome: 'rejected', reason: 'revoked' };
    }
    if (Date.parse(record.expiresAt) <= this.clock.now()) {
      return { outcome: 'rejected', reason: 'expired' };
    }
    const memberships = await this.users.memberships(record.userId);
    const workspaces = new Map<string, readonly Scope[]>();
    for (const membership of memberships) {
      const scopes = intersectScopes(record.scopes, membership.scopes);
      if (scopes.length > 0) {
        workspaces.set(membership.workspaceId, scopes);
      }
    }
    return {
      outcome: 'ok',
      principal: {
        kind: 'oauth_token',
        actorId: record.userId,
        credentialId: record.id,
        displayName: record.userEmail,
        workspaces,
        homeWorkspaceId: workspaces.keys().next().value ?? null,
      },
    };
  }
}
