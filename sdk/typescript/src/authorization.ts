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

/** Supplies the bearer token of each request, in place of a fixed `apiKey`. */
export interface TokenProvider {
  /** The access token to send (renewed first when about to expire). */
  token(): Promise<string>;
  /** Called once when the service answered 401 to `rejected`; true to send again. */
  renew?(rejected: string): Promise<boolean>;
}

/** The tokens of one sign-in, and when the access token expires (ms, `clock()` scale). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number;
  scope: string;
}

/** What `OAuthSession.exchange` takes besides the request and the redirect. */
export interface SessionOptions {
  /** A `fetch` to use instead of the global one. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Milliseconds now (default `Date.now`); tests move it forward to expire a token. */
  clock?: () => number;
  /** Renew this long before the access token expires (default 60,000 ms). */
  leewayMs?: number;
  /** Called with every new token set (to store the refresh token). */
  onTokens?: (tokens: TokenSet) => void;
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope?: string;
}

/**
 * An OAuth sign-in as a token provider: pass it to `createClient({ tokenProvider })`. The
 * access token is refreshed when within `leewayMs` of expiring, and once when the service
 * answers 401 to it; one refresh runs at a time (a refresh token is single use).
 * `signOut()` revokes the sign-in.
 */
export class OAuthSession implements TokenProvider {
  private refreshing: Promise<void> | null = null;

  private constructor(
    private readonly issuer: string,
    private readonly clientId: string,
    private current: TokenSet,
    private readonly options: SessionOptions,
  ) {}

  /** Redeems the code of `callbackUrl` (checked by `request.codeFrom`) for tokens. */
  static async exchange(
    request: AuthorizationRequest,
    callbackUrl: string,
    options: SessionOptions = {},
  ): Promise<OAuthSession> {
    const issuer = request.issuer.replace(/\/+$/, '');
    const answer = await postForm(options, `${issuer}/token`, {
      grant_type: 'authorization_code',
      code: request.codeFrom(callbackUrl),
      redirect_uri: request.redirectUri,
      client_id: request.clientId,
      code_verifier: request.codeVerifier,
    });
    const session = new OAuthSession(issuer, request.clientId, tokenSet(answer, options), options);
    options.onTokens?.(session.current);
    return session;
  }

  /** The current tokens. */
  get tokens(): TokenSet {
    return this.current;
  }

  async token(): Promise<string> {
    const now = (this.options.clock ?? Date.now)();
    if (now >= this.current.expiresAt - (this.options.leewayMs ?? 60_000)) {
      await this.refresh();
    }
    return this.current.accessToken;
  }

  async renew(rejected: string): Promise<boolean> {
    if (this.current.accessToken !== rejected) {
      return true; // renewed meanwhile by another call
    }
    try {
      await this.refresh();
      return true;
    } catch {
      return false;
    }
  }

  /** Exchanges the refresh token for new tokens (one exchange at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const refreshToken = this.current.refreshToken;
        if (refreshToken === null) {
          throw new WosOAuthError('invalid_grant', 'the sign-in has no refresh token');
        }
        const answer = await postForm(this.options, `${this.issuer}/token`, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: this.clientId,
        });
        this.current = tokenSet(answer, this.options, refreshToken);
        this.options.onTokens?.(this.current);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Revokes the sign-in (its refresh token, and with it the access tokens). */
  async signOut(): Promise<void> {
    const token = this.current.refreshToken ?? this.current.accessToken;
    await postForm(this.options, `${this.issuer}/revoke`, { token, client_id: this.clientId });
  }
}

function tokenSet(answer: TokenAnswer, options: SessionOptions, refreshToken?: string): TokenSet {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? refreshToken ?? null,
    expiresAt: (options.clock ?? Date.now)() + answer.expires_in * 1000,
    scope: answer.scope ?? '',
  };
}

async function postForm(
  options: SessionOptions,
  url: string,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const fetchFn = options.fetch ?? ((u: string, init: RequestInit) => globalThis.fetch(u, init));
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : {}) as Partial<TokenAnswer> & {
    error?: string;
    error_description?: string;
  };
  if (!response.ok) {
    throw new WosOAuthError(body.error ?? `http_${response.status}`, body.error_description);
  }
  return body as TokenAnswer;
}
