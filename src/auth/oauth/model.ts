import OAuth2Server, { InvalidGrantError, InvalidScopeError } from '@node-oauth/oauth2-server';
import {
  ACCESS_TOKEN_LIFETIME_S,
  ACCESS_TOKEN_PREFIX,
  AUTHORIZATION_CODE_LIFETIME_S,
  AUTHORIZATION_CODE_PREFIX,
  canonicalScopes,
  REFRESH_TOKEN_LIFETIME_S,
  REFRESH_TOKEN_PREFIX,
  type AuthorizationCode,
  type OAuthClient,
  type RefreshTokenRecord,
} from '../../domain/oauth';
import type { Scope } from '../../domain/scopes';
import type { User } from '../../domain/user';
import type { Clock } from '../../ports/clock';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { OAuthGrantStore, TokenPair } from '../../ports/oauth-grant-store';
import type { UserStore } from '../../ports/user-store';
import { hashSecret, newId } from '../secrets';
import { iso, newSecret } from './protocol';

type LibClient = OAuth2Server.Client;
type LibUser = OAuth2Server.User;
type LibCode = OAuth2Server.AuthorizationCode;
type LibToken = OAuth2Server.Token;
type LibRefreshToken = OAuth2Server.RefreshToken;

/** Grants every client may use: public clients with PKCE and rotating refresh tokens. */
const GRANTS = ['authorization_code', 'refresh_token'];

/** The stores and clock the model works on. */
export interface ModelDeps {
  clients: OAuthClientStore;
  grants: OAuthGrantStore;
  users: UserStore;
  clock: Clock;
}

/** What the request being handled adds to the model. */
export type ModelContext =
  /** Approving a consent: the scopes already worked out from the user's memberships. */
  | { kind: 'authorize'; grantedScopes: Scope[] }
  /** A token request: the parameters the library does not pass to the model. */
  | {
      kind: 'token';
      clientId: string;
      redirectUri: string | undefined;
      /** `scope` of a refresh request, to narrow the scopes. */
      scope: string | undefined;
    };

function toLibClient(client: OAuthClient): LibClient {
  return { id: client.id, redirectUris: [client.redirectUri], grants: GRANTS };
}

function toLibUser(user: User): LibUser {
  return { id: user.id, email: user.email };
}

function userIdOf(user: LibUser): string {
  const id: unknown = user.id;
  if (typeof id !== 'string') {
    throw new Error('the OAuth library passed a user without an id');
  }
  return id;
}

/**
 * The storage model `@node-oauth/oauth2-server` calls back into, built once per request
 * (it remembers the code or refresh token that request redeems, so that the tokens it saves
 * join the right family). The library runs the protocol; this class adds what it lacks:
 *
 * - time comes from the injected Clock (the library reads `new Date()`), so expiry is
 *   decided here and tests can move time;
 * - a second redemption of a code revokes every token issued from it (RFC 6749 4.1.2);
 * - a rotated refresh token presented again revokes its whole family (RFC 9700 4.14.2).
 */
export class OAuthModel
  implements OAuth2Server.AuthorizationCodeModel, OAuth2Server.RefreshTokenModel
{
  private redeemedCode: AuthorizationCode | undefined;
  private rotatingToken: RefreshTokenRecord | undefined;

  constructor(
    private readonly deps: ModelDeps,
    private readonly context: ModelContext,
  ) {}

  private now(): number {
    return this.deps.clock.now();
  }

  /**
   * A stored expiry expressed on the library's clock. The model has already refused
   * anything expired by the injected clock; the library re-checks against `new Date()`,
   * so it gets the same remaining lifetime counted from its own "now".
   */
  private forLibrary(expiresAt: string): Date {
    return new Date(Date.now() + (Date.parse(expiresAt) - this.now()));
  }

  async getClient(clientId: string, clientSecret: string | undefined): Promise<LibClient | null> {
    // Public clients only: a client presenting a secret is not one of ours.
    if (clientSecret) {
      return null;
    }
    const client = await this.deps.clients.get(clientId);
    return client ? toLibClient(client) : null;
  }

  validateRedirectUri(redirectUri: string, client: LibClient): Promise<boolean> {
    const registered = Array.isArray(client.redirectUris) ? client.redirectUris : [];
    return Promise.resolve(registered.includes(redirectUri));
  }

  validateScope(_user: LibUser, _client: LibClient, scope?: string[]): Promise<string[] | null> {
    if (this.context.kind === 'authorize') {
      const granted = this.context.grantedScopes;
      return Promise.resolve(granted.length > 0 ? [...granted] : null);
    }
    // Redeeming a code: the scopes were settled when it was issued.
    return Promise.resolve(scope ?? null);
  }

  generateAuthorizationCode(): Promise<string> {
    return Promise.resolve(newSecret(AUTHORIZATION_CODE_PREFIX).value);
  }

  generateAccessToken(): Promise<string> {
    return Promise.resolve(newSecret(ACCESS_TOKEN_PREFIX).value);
  }

  generateRefreshToken(): Promise<string> {
    return Promise.resolve(newSecret(REFRESH_TOKEN_PREFIX).value);
  }

  async saveAuthorizationCode(
    code: Pick<LibCode, 'authorizationCode' | 'redirectUri' | 'scope' | 'codeChallenge'>,
    client: LibClient,
    user: LibUser,
  ): Promise<LibCode> {
    const now = this.now();
    const stored = {
      id: newId('code'),
      codeHash: hashSecret(code.authorizationCode),
      clientId: client.id,
      userId: userIdOf(user),
      redirectUri: code.redirectUri,
      scopes: canonicalScopes(code.scope ?? []),
      codeChallenge: code.codeChallenge ?? '',
      codeChallengeMethod: 'S256' as const,
      createdAt: iso(now),
      expiresAt: iso(now + AUTHORIZATION_CODE_LIFETIME_S * 1000),
    };
    await this.deps.grants.createCode(stored);
    return {
      authorizationCode: code.authorizationCode,
      expiresAt: this.forLibrary(stored.expiresAt),
      redirectUri: stored.redirectUri,
      scope: stored.scopes,
      client,
      user,
    };
  }

  async getAuthorizationCode(authorizationCode: string): Promise<LibCode | null> {
    const code = await this.deps.grants.findCode(hashSecret(authorizationCode));
    if (!code || this.context.kind !== 'token' || code.clientId !== this.context.clientId) {
      return null;
    }
    const now = this.now();
    if (code.consumedAt !== null) {
      await this.deps.grants.revokeCode(code.id, iso(now));
      throw new InvalidGrantError(
        'Invalid grant: the authorization code was already used; every token issued from it is revoked',
      );
    }
    if (Date.parse(code.expiresAt) <= now) {
      throw new InvalidGrantError('Invalid grant: the authorization code has expired');
    }
    // RFC 6749 4.1.3 asks for invalid_grant here; the library would answer invalid_request.
    if (this.context.redirectUri !== code.redirectUri) {
      throw new InvalidGrantError(
        'Invalid grant: redirect_uri differs from the one of the authorization request',
      );
    }
    const [client, user] = await Promise.all([
      this.deps.clients.get(code.clientId),
      this.deps.users.get(code.userId),
    ]);
    if (!client || !user) {
      return null;
    }
    this.redeemedCode = code;
    return {
      authorizationCode,
      expiresAt: this.forLibrary(code.expiresAt),
      redirectUri: code.redirectUri,
      scope: code.scopes,
      client: toLibClient(client),
      user: toLibUser(user),
      codeChallenge: code.codeChallenge,
      codeChallengeMethod: code.codeChallengeMethod,
    };
  }

  async revokeAuthorizationCode(): Promise<boolean> {
    const code = this.redeemedCode;
    if (!code) {
      return false;
    }
    const now = iso(this.now());
    if (await this.deps.grants.consumeCode(code.id, now)) {
      return true;
    }
    // Another request redeemed it between our read and now: that is a reuse as well.
    await this.deps.grants.revokeCode(code.id, now);
    return false;
  }

  async getRefreshToken(refreshToken: string): Promise<LibRefreshToken | null> {
    const token = await this.deps.grants.findRefreshToken(hashSecret(refreshToken));
    if (!token) {
      return null;
    }
    const now = this.now();
    if (token.rotatedAt !== null) {
      await this.deps.grants.revokeFamily(token.familyId, iso(now), 'refresh_token_reuse');
      throw new InvalidGrantError(
        'Invalid grant: the refresh token was already used; every token of this authorization is revoked',
      );
    }
    if (token.revokedAt !== null) {
      return null;
    }
    if (Date.parse(token.expiresAt) <= now) {
      throw new InvalidGrantError('Invalid grant: the refresh token has expired');
    }
    // The library checks the scope only after rotating the token, so a refused widening
    // would burn the refresh token (and its next use would revoke the family): check first.
    const requested = this.context.kind === 'token' ? this.context.scope : undefined;
    if (requested !== undefined) {
      const held = new Set<string>(token.scopes);
      if (
        !requested
          .trim()
          .split(/\s+/)
          .every((s) => held.has(s))
      ) {
        throw new InvalidScopeError('Invalid scope: a refresh cannot add scopes');
      }
    }
    const [client, user] = await Promise.all([
      this.deps.clients.get(token.clientId),
      this.deps.users.get(token.userId),
    ]);
    if (!client || !user) {
      return null;
    }
    this.rotatingToken = token;
    // No refreshTokenExpiresAt: expiry was decided above, on the injected clock.
    return {
      refreshToken,
      scope: token.scopes,
      client: toLibClient(client),
      user: toLibUser(user),
    };
  }

  async revokeToken(): Promise<boolean> {
    const token = this.rotatingToken;
    if (!token) {
      return false;
    }
    const now = iso(this.now());
    if (await this.deps.grants.rotateRefreshToken(token.id, now)) {
      return true;
    }
    // A concurrent refresh with the same token won: indistinguishable from a replay.
    await this.deps.grants.revokeFamily(token.familyId, now, 'refresh_token_reuse');
    return false;
  }

  async saveToken(token: LibToken, client: LibClient, user: LibUser): Promise<LibToken> {
    if (!token.refreshToken) {
      throw new Error('the OAuth library issued no refresh token; rotation needs one');
    }
    const now = this.now();
    const scopes = canonicalScopes(token.scope ?? []);
    const pair: TokenPair = {
      access: {
        id: newId('at'),
        tokenHash: hashSecret(token.accessToken),
        scopes,
        createdAt: iso(now),
        expiresAt: iso(now + ACCESS_TOKEN_LIFETIME_S * 1000),
      },
      refresh: {
        id: newId('rt'),
        tokenHash: hashSecret(token.refreshToken),
        scopes,
        createdAt: iso(now),
        expiresAt: iso(now + REFRESH_TOKEN_LIFETIME_S * 1000),
      },
    };
    if (this.redeemedCode) {
      await this.deps.grants.startFamily(
        {
          id: newId('fam'),
          clientId: client.id,
          userId: userIdOf(user),
          authorizationCodeId: this.redeemedCode.id,
          createdAt: iso(now),
        },
        pair,
      );
    } else if (this.rotatingToken) {
      await this.deps.grants.addToFamily(this.rotatingToken.familyId, pair);
    } else {
      throw new Error('saveToken called without a redeemed code or refresh token');
    }
    // Without accessTokenExpiresAt the library leaves expires_in out; the token endpoint
    // adds it from ACCESS_TOKEN_LIFETIME_S, exact rather than floored from a Date.
    return {
      accessToken: token.accessToken,
      refreshToken: token.refreshToken,
      scope: scopes,
      client,
      user,
    };
  }

  /** Part of the library's model contract; REST requests use OAuthAccessTokenVerifier. */
  async getAccessToken(accessToken: string): Promise<LibToken | null> {
    const token = await this.deps.grants.findAccessToken(hashSecret(accessToken));
    const now = this.now();
    if (!token || token.revokedAt !== null || Date.parse(token.expiresAt) <= now) {
      return null;
    }
    return {
      accessToken,
      accessTokenExpiresAt: this.forLibrary(token.expiresAt),
      scope: token.scopes,
      client: { id: token.clientId, grants: GRANTS },
      user: { id: token.userId, email: token.userEmail },
    };
  }
}
