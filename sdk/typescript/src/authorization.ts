/**
 * The browser half of the OAuth authorization-code flow with PKCE (RFC 7636, S256).
 * `startAuthorization()` makes the code verifier, its challenge and a state, and the URL to
 * send the user's browser to; `AuthorizationRequest.codeFrom()` checks the redirect that
 * comes back (state, issuer, error) and returns the code. Uses WebCrypto only.
 */
import { WosError } from './errors';

/** An OAuth refusal or a redirect that does not answer the request (`error` as RFC 6749). */
export class WosOAuthError extends WosError {
  override readonly name = 'WosOAuthError';

  constructor(
    /** `access_denied`, `invalid_state`, `invalid_issuer`, `invalid_request`, ... */
    readonly error: string,
    readonly description?: string,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/** What `startAuthorization` takes. */
export interface AuthorizationOptions {
  /** The service's base URL (its `issuer` metadata). */
  issuer: string;
  clientId: string;
  /** The client's registered redirect URI, byte for byte. */
  redirectUri: string;
  scopes: readonly string[];
  /** Default `<issuer>/authorize`. */
  authorizationEndpoint?: string;
}

/**
 * One sign-in in progress: keep it (the verifier never goes into a URL) until the browser
 * comes back to `redirectUri`.
 */
export interface AuthorizationRequest extends AuthorizationOptions {
  /** Where to send the browser: the authorization endpoint with every parameter. */
  url: string;
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  /**
   * The code of the redirect to `redirectUri`, once its `state` and `iss` check. A refusal
   * (`error=access_denied`) throws `WosOAuthError` with that error; a state or issuer that
   * differs throws `invalid_state` / `invalid_issuer`: the redirect is not an answer to
   * this request and must be ignored.
   */
  codeFrom(callbackUrl: string): string;
}

/** A new authorization request: a fresh state, verifier and S256 challenge. */
export async function startAuthorization(
  options: AuthorizationOptions,
): Promise<AuthorizationRequest> {
  const codeVerifier = randomToken(48);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  const codeChallenge = base64Url(new Uint8Array(digest));
  const state = randomToken(24);
  const endpoint =
    options.authorizationEndpoint ?? `${options.issuer.replace(/\/+$/, '')}/authorize`;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scopes.join(' '),
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  });
  const issuer = options.issuer.replace(/\/+$/, '');
  return {
    ...options,
    scopes: [...options.scopes],
    url: `${endpoint}?${query.toString()}`,
    state,
    codeVerifier,
    codeChallenge,
    codeFrom(callbackUrl: string): string {
      const params = new URL(callbackUrl).searchParams;
      if (params.get('state') !== state) {
        throw new WosOAuthError('invalid_state', "the state differs from the request's");
      }
      const iss = params.get('iss');
      if (iss !== null && iss.replace(/\/+$/, '') !== issuer) {
        throw new WosOAuthError('invalid_issuer', `issued by ${iss}`);
      }
      const error = params.get('error');
      if (error !== null) {
        throw new WosOAuthError(error, params.get('error_description') ?? undefined);
      }
      const code = params.get('code');
      if (!code) {
        throw new WosOAuthError('invalid_request', 'the redirect carries no code');
      }
      return code;
    },
  };
}

/** `bytes` random bytes as base64url (RFC 7636's unreserved characters only). */
function randomToken(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
