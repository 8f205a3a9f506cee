import { isScope, SCOPES, type Scope } from './scopes';

/** Lifetimes of docs/oauth.md and the spec (seconds). */
export const AUTHORIZATION_CODE_LIFETIME_S = 60;
export const ACCESS_TOKEN_LIFETIME_S = 3600;
export const REFRESH_TOKEN_LIFETIME_S = 30 * 24 * 3600;
/** How long a user has to sign in and consent once an authorization request is accepted. */
export const AUTHORIZATION_REQUEST_LIFETIME_S = 600;

/** Recognisable prefixes (like API keys' `wos_`), so a leaked secret can be identified. */
export const ACCESS_TOKEN_PREFIX = 'woa_';
export const REFRESH_TOKEN_PREFIX = 'wor_';
export const AUTHORIZATION_CODE_PREFIX = 'woc_';

/**
 * A registered client application. Public clients only (browser and mobile apps): there is
 * no secret, PKCE proves that the party redeeming a code is the one that asked for it.
 */
export interface OAuthClient {
  /** The `client_id`: `cli_` + 20 URL-safe characters. */
  id: string;
  /** Workspace that registered (and may list and delete) the client. */
  workspaceId: string;
  name: string;
  /** The one registered redirect URI; authorization requests must repeat it byte for byte. */
  redirectUri: string;
  /** The most the client may ever ask for. */
  scopes: Scope[];
  createdAt: string;
  /** Actor that registered it, or null for the CLI. */
  createdBy: string | null;
}

/** A pending authorization request, between `GET /authorize` and the user's decision. */
export interface AuthorizationRequest {
  /** Random handle carried by the sign-in and consent forms. */
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string;
  codeChallenge: string;
  /** SHA-256 of the browser-binding cookie: only the browser that started it may continue. */
  browserHash: string;
  /** Set once the user has signed in. */
  userId: string | null;
  createdAt: string;
  expiresAt: string;
  /** Set when the user decided; a request is decided once. */
  completedAt: string | null;
}

/** An authorization code as stored: only the hash of the code itself. */
export interface AuthorizationCode {
  id: string;
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: Scope[];
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  createdAt: string;
  expiresAt: string;
  /** Set when redeemed; a code is redeemed once. */
  consumedAt: string | null;
  /** Set when a second redemption was attempted: every token issued from it is revoked. */
  revokedAt: string | null;
}

/**
 * All tokens descending from one authorization (one code, then every rotation of its
 * refresh token). Revoking the family revokes all of them at once.
 */
export interface TokenFamily {
  id: string;
  clientId: string;
  userId: string;
  authorizationCodeId: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Why a token family was revoked, kept for operators reading the store. */
export type FamilyRevocationReason =
  'revoked_by_client' | 'refresh_token_reuse' | 'authorization_code_reuse';

/** An access token as stored (hash only), with what the REST auth needs. */
export interface AccessTokenRecord {
  id: string;
  familyId: string;
  clientId: string;
  userId: string;
  /** The user's email, shown as the principal's name. */
  userEmail: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string;
  /** Revoked itself, or through its family. */
  revokedAt: string | null;
}

/** A refresh token as stored (hash only). */
export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  clientId: string;
  userId: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string;
  /** Set when it was exchanged for a new pair; a rotated token must never be used again. */
  rotatedAt: string | null;
  /** Revoked itself (sign-out), or through its family. */
  revokedAt: string | null;
}

/** Why `uri` cannot be registered as a redirect URI, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2000) {
    return 'must be at most 2000 characters';
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URI';
  }
  if (uri.includes('#')) {
    return 'must not contain a fragment (RFC 6749 section 3.1.2)';
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not contain credentials';
  }
  if (url.protocol === 'https:') {
    return null;
  }
  if (url.protocol === 'http:') {
    // RFC 8252 section 7.3: native apps may listen on the loopback interface.
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      ? null
      : 'must use https (http is allowed only for localhost, 127.0.0.1 and [::1])';
  }
  // RFC 8252 section 7.1: private-use schemes in reverse domain name notation.
  const scheme = url.protocol.slice(0, -1);
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) {
    return null;
  }
  return 'must use https, http on a loopback host, or a reverse-domain private-use scheme such as com.example.app';
}

/** Splits a space-separated scope parameter; duplicates are dropped, order is kept. */
export function splitScopeParam(value: string): string[] {
  return [...new Set(value.split(' ').filter((s) => s !== ''))];
}

/** The known scopes among `names`, in the canonical order of SCOPES. */
export function canonicalScopes(names: Iterable<string>): Scope[] {
  const wanted = new Set([...names].filter(isScope));
  return SCOPES.filter((s) => wanted.has(s));
}

/** `a ∩ b`, in the canonical order. */
export function intersectScopes(a: readonly Scope[], b: readonly Scope[]): Scope[] {
  const inB = new Set(b);
  return canonicalScopes(a.filter((s) => inB.has(s)));
}
