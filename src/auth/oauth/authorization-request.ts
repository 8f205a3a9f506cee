import { splitScopeParam, type OAuthClient } from '../../domain/oauth';
import { isScope, type Scope } from '../../domain/scopes';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import { isVisibleAscii, type OAuthErrorCode } from './protocol';

/** The query of `GET /authorize` as Express's simple parser gives it. */
export type AuthorizeQuery = Record<string, unknown>;

/** A checked authorization request (spec: GET /authorize query parameters). */
export interface ValidAuthorization {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string;
  codeChallenge: string;
}

/** What to do with an authorization request. */
export type AuthorizeCheck =
  | { kind: 'ok'; request: ValidAuthorization }
  /**
   * The client or the redirect URI cannot be trusted: tell the user on an error page and
   * never redirect (RFC 6749 section 4.1.2.1), or the service would be an open redirector.
   */
  | { kind: 'error-page'; message: string }
  /** Anything else: send the error back to the client's redirect URI. */
  | {
      kind: 'redirect-error';
      redirectUri: string;
      error: OAuthErrorCode;
      description: string;
      state: string | undefined;
    };

/** RFC 7636 section 4.2: S256 challenges are 43 base64url characters (32-byte SHA-256). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A generous bound on `state`; it travels in URLs. */
const MAX_STATE_LENGTH = 1024;

/** Marks a parameter sent more than once (RFC 6749 section 3.1 forbids it). */
const REPEATED = Symbol('repeated');

/** The single string value of a parameter; null when absent, REPEATED when sent twice. */
function single(query: AuthorizeQuery, name: string): string | null | typeof REPEATED {
  const value = query[name];
  if (value === undefined) {
    return null;
  }
  return typeof value === 'string' ? value : REPEATED;
}

/**
 * Checks every parameter of an authorization request, in the order RFC 6749 section
 * 4.1.2.1 implies: first the client and its redirect URI (errors shown to the user), then
 * the rest (errors returned to the client with its `state`).
 */
export async function checkAuthorizationRequest(
  query: AuthorizeQuery,
  clients: OAuthClientStore,
): Promise<AuthorizeCheck> {
  const clientId = single(query, 'client_id');
  if (clientId === null || clientId === '') {
    return { kind: 'error-page', message: 'The request names no application (client_id).' };
  }
  if (clientId === REPEATED) {
    return { kind: 'error-page', message: 'The client_id parameter is repeated.' };
  }
  const client = await clients.get(clientId);
  if (!client) {
    return { kind: 'error-page', message: 'The application (client_id) is not registered.' };
  }
  const redirectUri = single(query, 'redirect_uri');
  if (redirectUri === null || redirectUri === REPEATED) {
    return {
      kind: 'error-page',
      message: `The request must carry the redirect_uri registered for ${client.name} exactly once.`,
    };
  }
  // Byte-for-byte: no normalisation of case, trailing slashes or query (RFC 9700 4.1.3).
  if (redirectUri !== client.redirectUri) {
    return {
      kind: 'error-page',
      message: `The redirect_uri is not the one registered for ${client.name}.`,
    };
  }

  const rawState = single(query, 'state');
  const state = typeof rawState === 'string' ? rawState : undefined;
  const fail = (error: OAuthErrorCode, description: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    redirectUri,
    error,
    description,
    state: state !== undefined && isVisibleAscii(state) ? state : undefined,
  });

  const repeated = Object.keys(query).filter((name) => typeof query[name] !== 'string');
  if (repeated.length > 0) {
    return fail('invalid_request', `Repeated parameter: ${repeated.join(', ')}.`);
  }
  const responseType = single(query, 'response_type');
  if (responseType === null) {
    return fail('invalid_request', 'Missing parameter: response_type.');
  }
  if (responseType !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  if (state === undefined || state === '') {
    return fail('invalid_request', 'Missing parameter: state.');
  }
  if (state.length > MAX_STATE_LENGTH || !isVisibleAscii(state)) {
    return fail('invalid_request', 'Invalid parameter: state must be visible ASCII.');
  }
  const challenge = single(query, 'code_challenge');
  if (challenge === null || challenge === '') {
    return fail('invalid_request', 'Missing parameter: code_challenge (PKCE is required).');
  }
  const method = single(query, 'code_challenge_method');
  if (method === null) {
    return fail('invalid_request', 'Missing parameter: code_challenge_method (use S256).');
  }
  if (method !== 'S256') {
    return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
  }
  if (typeof challenge !== 'string' || !S256_CHALLENGE.test(challenge)) {
    return fail(
      'invalid_request',
      'Invalid parameter: code_challenge must be the base64url SHA-256 of the verifier (43 characters).',
    );
  }
  const scope = single(query, 'scope');
  if (scope === null || typeof scope !== 'string' || scope.trim() === '') {
    return fail('invalid_request', 'Missing parameter: scope.');
  }
  const names = splitScopeParam(scope);
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) {
    return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  }
  const scopes = names.filter(isScope);
  const allowed = new Set(client.scopes);
  const notAllowed = scopes.filter((s) => !allowed.has(s));
  if (notAllowed.length > 0) {
    return fail('invalid_scope', `The application may not request: ${notAllowed.join(' ')}.`);
  }
  return {
    kind: 'ok',
    request: { client, redirectUri, scopes, state, codeChallenge: challenge },
  };
}
