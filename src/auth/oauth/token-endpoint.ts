import OAuth2Server, { OAuthError, ServerError } from '@node-oauth/oauth2-server';
import {
  ACCESS_TOKEN_LIFETIME_S,
  ACCESS_TOKEN_PREFIX,
  REFRESH_TOKEN_LIFETIME_S,
  REFRESH_TOKEN_PREFIX,
} from '../../domain/oauth';
import type { Clock } from '../../ports/clock';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { OAuthGrantStore } from '../../ports/oauth-grant-store';
import type { UserStore } from '../../ports/user-store';
import { hashSecret } from '../secrets';
import { OAuthModel, type ModelDeps } from './model';
import { iso, OAuthProtocolError, safeDescription, type OAuthErrorCode } from './protocol';

/** The parameters of a token or revocation request, whatever their encoding. */
export type OAuthParams = Readonly<Record<string, string>>;

/** A successful token response (RFC 6749 section 5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const SUPPORTED_GRANTS = new Set(['authorization_code', 'refresh_token']);

/**
 * Parameters each grant requires (spec: POST /token body). `code_verifier` is left to the
 * library: a missing verifier is invalid_grant, and it uses the code up (no retries).
 */
const REQUIRED: Record<string, readonly string[]> = {
  authorization_code: ['code', 'redirect_uri', 'client_id'],
  refresh_token: ['refresh_token', 'client_id'],
};

/** The stores and clock the token and revocation endpoints work on. */
export interface TokenEndpointDeps {
  clients: OAuthClientStore;
  grants: OAuthGrantStore;
  users: UserStore;
  clock: Clock;
}

/**
 * `POST /token` and `POST /revoke`. Token requests run through `@node-oauth/oauth2-server`
 * (client lookup, grant handling, PKCE verification, scope narrowing) with `OAuthModel`;
 * revocation (RFC 7009), which the library lacks, is implemented here.
 */
export class TokenEndpoint {
  private readonly modelDeps: ModelDeps;

  constructor(private readonly deps: TokenEndpointDeps) {
    this.modelDeps = { ...deps };
  }

  /** Exchanges a code or a refresh token; throws OAuthProtocolError on any refusal. */
  async token(params: OAuthParams): Promise<TokenResponse> {
    const grantType = params.grant_type;
    if (!grantType) {
      throw new OAuthProtocolError('invalid_request', 'Missing parameter: grant_type.');
    }
    // The library also knows password and client_credentials; this server offers neither.
    if (!SUPPORTED_GRANTS.has(grantType)) {
      throw new OAuthProtocolError(
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token.',
      );
    }
    const missing = (REQUIRED[grantType] ?? []).filter((name) => !params[name]);
    if (missing.length > 0) {
      throw new OAuthProtocolError('invalid_request', `Missing parameter: ${missing.join(', ')}.`);
    }
    const model = new OAuthModel(this.modelDeps, {
      kind: 'token',
      clientId: params.client_id ?? '',
      redirectUri: params.redirect_uri,
      scope: params.scope,
    });
    const body = new URLSearchParams(params).toString();
    const request = new OAuth2Server.Request({
      method: 'POST',
      // The library insists on form encoding; the route has already decoded JSON or form.
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(body)),
      },
      query: {},
      body: { ...params },
    });
    const response = new OAuth2Server.Response();
    try {
      await new OAuth2Server({ model }).token(request, response, {
        accessTokenLifetime: ACCESS_TOKEN_LIFETIME_S,
        refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_S,
        requireClientAuthentication: { authorization_code: false, refresh_token: false },
        alwaysIssueNewRefreshToken: true,
      });
    } catch (error) {
      throw toProtocolError(error);
    }
    const issued = response.body as {
      access_token: string;
      refresh_token: string;
      scope?: string;
    };
    return {
      access_token: issued.access_token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      refresh_token: issued.refresh_token,
      scope: issued.scope ?? '',
    };
  }

  /**
   * RFC 7009. Revoking a refresh token revokes every token of its authorization (the
   * access tokens issued from it included); revoking an access token revokes that token.
   * An unknown, expired or already revoked token is not an error (section 2.2).
   */
  async revoke(params: OAuthParams): Promise<void> {
    const token = params.token;
    if (!token) {
      throw new OAuthProtocolError('invalid_request', 'Missing parameter: token.');
    }
    const clientId = params.client_id;
    if (!clientId) {
      throw new OAuthProtocolError('invalid_request', 'Missing parameter: client_id.');
    }
    if (params.client_secret || !(await this.deps.clients.get(clientId))) {
      throw new OAuthProtocolError('invalid_client', 'Unknown client.');
    }
    const now = iso(this.deps.clock.now());
    const hash = hashSecret(token);
    // The prefixes tell the kinds apart, so token_type_hint is not needed (and may be wrong).
    if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
      const refresh = await this.deps.grants.findRefreshToken(hash);
      if (refresh) {
        assertOwnToken(refresh.clientId, clientId);
        await this.deps.grants.revokeFamily(refresh.familyId, now, 'revoked_by_client');
      }
    } else if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
      const access = await this.deps.grants.findAccessToken(hash);
      if (access) {
        assertOwnToken(access.clientId, clientId);
        await this.deps.grants.revokeAccessToken(access.id, now);
      }
    }
  }
}

/** RFC 7009 section 2.1: a client may revoke only the tokens issued to it. */
function assertOwnToken(tokenClientId: string, clientId: string): void {
  if (tokenClientId !== clientId) {
    throw new OAuthProtocolError('invalid_client', 'The token was issued to another client.');
  }
}

const LIBRARY_CODES: ReadonlySet<string> = new Set<OAuthErrorCode>([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/** The library's errors as protocol errors; anything else is rethrown (a 500, logged). */
function toProtocolError(error: unknown): unknown {
  if (error instanceof ServerError) {
    const inner = (error as { inner?: unknown }).inner;
    return inner instanceof Error ? inner : error;
  }
  if (error instanceof OAuthError && LIBRARY_CODES.has(error.name)) {
    return new OAuthProtocolError(
      error.name as OAuthErrorCode,
      safeDescription(error.message),
      // RFC 6749 5.2: 400, except invalid_client, which may be 401 (the library decides).
      error.code === 401 ? 401 : 400,
    );
  }
  return error;
}
