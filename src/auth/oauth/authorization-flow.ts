import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import OAuth2Server, { OAuthError, ServerError } from '@node-oauth/oauth2-server';
import {
  AUTHORIZATION_CODE_LIFETIME_S,
  AUTHORIZATION_REQUEST_LIFETIME_S,
  canonicalScopes,
  intersectScopes,
  type AuthorizationRequest,
  type OAuthClient,
} from '../../domain/oauth';
import type { Scope } from '../../domain/scopes';
import type { User } from '../../domain/user';
import { normalizeEmail } from '../../domain/user';
import type { Clock } from '../../ports/clock';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { OAuthGrantStore } from '../../ports/oauth-grant-store';
import type { UserStore } from '../../ports/user-store';
import type { WorkspaceStore } from '../../ports/workspace-store';
import { hashSecret } from '../secrets';
import type { UserService } from '../user-service';
import { checkAuthorizationRequest, type AuthorizeQuery } from './authorization-request';
import { OAuthModel } from './model';
import { iso, safeDescription, withQuery, type OAuthErrorCode } from './protocol';
import type { SignInThrottle } from './sign-in-throttle';

/** What the sign-in page shows. */
export interface SignInView {
  requestId: string;
  csrfToken: string;
  clientName: string;
  scopes: Scope[];
  email: string;
  error: string | null;
}

/** One workspace the client will act in, with the scopes it will hold there. */
export interface ConsentWorkspace {
  id: string;
  name: string;
  scopes: Scope[];
}

/** What the consent page shows. */
export interface ConsentView {
  requestId: string;
  csrfToken: string;
  clientName: string;
  /** Where the user will be sent back to (origin of the redirect URI). */
  redirectTarget: string;
  userEmail: string;
  /** Requested scopes the user holds in at least one workspace. */
  granted: Scope[];
  /** Requested scopes the user holds nowhere: they will not be granted. */
  notHeld: Scope[];
  workspaces: ConsentWorkspace[];
}

/** The next step of the browser flow, for the HTTP layer to render. */
export type FlowOutcome =
  | { kind: 'sign-in'; status: 200 | 401 | 429; view: SignInView; retryAfterSeconds?: number }
  | { kind: 'consent'; view: ConsentView }
  /** To the client's redirect URI (absolute) or to the consent page (relative). */
  | { kind: 'redirect'; location: string }
  | { kind: 'error-page'; status: 400; message: string };

/** What the browser flow needs: the OAuth stores, users, workspace names and the sign-in throttle. */
export interface AuthorizationFlowDeps {
  clients: OAuthClientStore;
  grants: OAuthGrantStore;
  userStore: UserStore;
  users: UserService;
  workspaces: WorkspaceStore;
  clock: Clock;
  throttle: SignInThrottle;
}

/** The fields the sign-in and consent forms post. */
export type FormFields = Readonly<Record<string, string>>;

const EXPIRED =
  'This authorization page has expired or was already used. Return to the application and sign in again.';

/**
 * The browser part of the authorization code flow: `GET /authorize`, the sign-in page and
 * the consent page. A pending request is stored server-side and bound to the browser that
 * started it by an HttpOnly cookie (`browserId`); the forms' CSRF token is derived from that
 * cookie, which no other site can read, so a form posted from elsewhere is refused.
 */
export class AuthorizationFlow {
  constructor(private readonly deps: AuthorizationFlowDeps) {}

  /** `GET /authorize`: checks the request, then asks the user to sign in. */
  async begin(query: AuthorizeQuery, browserId: string, issuer: string): Promise<FlowOutcome> {
    const check = await checkAuthorizationRequest(query, this.deps.clients);
    switch (check.kind) {
      case 'error-page':
        return { kind: 'error-page', status: 400, message: check.message };
      case 'redirect-error':
        return redirectError(
          check.redirectUri,
          check.error,
          check.description,
          check.state,
          issuer,
        );
      case 'ok':
        break;
    }
    const { request } = check;
    const now = this.deps.clock.now();
    const pending: AuthorizationRequest = {
      id: `ar_${randomBytes(24).toString('base64url')}`,
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      state: request.state,
      codeChallenge: request.codeChallenge,
      browserHash: hashSecret(browserId),
      userId: null,
      createdAt: iso(now),
      expiresAt: iso(now + AUTHORIZATION_REQUEST_LIFETIME_S * 1000),
      completedAt: null,
    };
    await this.deps.grants.createRequest(pending);
    return {
      kind: 'sign-in',
      status: 200,
      view: this.signInView(pending, request.client, browserId, '', null),
    };
  }

  /** `POST /authorize/sign-in`: checks the password, then shows the consent page. */
  async signIn(form: FormFields, browserId: string | undefined): Promise<FlowOutcome> {
    const loaded = await this.loadPending(form, browserId, true);
    if (loaded.kind === 'error-page') {
      return loaded;
    }
    const { pending, client } = loaded;
    const email = normalizeEmail(form.email ?? '');
    const password = form.password ?? '';
    const view = (error: string) =>
      this.signInView(pending, client, browserId ?? '', form.email ?? '', error);

    const wait = await this.deps.throttle.retryAfterSeconds(email);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      return {
        kind: 'sign-in',
        status: 429,
        retryAfterSeconds: wait,
        view: view(`Too many failed attempts for this email. Try again in ${minutes} min.`),
      };
    }
    const user = email === '' ? null : await this.deps.users.authenticate(email, password);
    if (!user) {
      if (email !== '') {
        await this.deps.throttle.recordFailure(email);
      }
      return { kind: 'sign-in', status: 401, view: view('Incorrect email or password.') };
    }
    await this.deps.throttle.recordSuccess(email);
    if (!(await this.deps.grants.setRequestUser(pending.id, user.id))) {
      return { kind: 'error-page', status: 400, message: EXPIRED };
    }
    // Post/redirect/get: reloading the consent page does not post the password again.
    return { kind: 'redirect', location: `consent?request_id=${encodeURIComponent(pending.id)}` };
  }

  /** `GET /authorize/consent`: what the application asks for, and where it will act. */
  async consent(requestId: string, browserId: string | undefined): Promise<FlowOutcome> {
    const loaded = await this.loadPending({ request_id: requestId }, browserId, false);
    if (loaded.kind === 'error-page') {
      return loaded;
    }
    const { pending, client } = loaded;
    const user = pending.userId === null ? null : await this.deps.userStore.get(pending.userId);
    if (!user) {
      return { kind: 'error-page', status: 400, message: EXPIRED };
    }
    const grant = await this.grantFor(user, pending.scopes);
    const workspaces = await Promise.all(
      grant.perWorkspace.map(async ({ workspaceId, scopes }) => ({
        id: workspaceId,
        name: (await this.deps.workspaces.get(workspaceId))?.name ?? workspaceId,
        scopes,
      })),
    );
    return {
      kind: 'consent',
      view: {
        requestId: pending.id,
        csrfToken: csrfTokenFor(browserId ?? '', pending.id),
        clientName: client.name,
        redirectTarget: describeTarget(pending.redirectUri),
        userEmail: user.email,
        granted: grant.scopes,
        notHeld: pending.scopes.filter((s) => !grant.scopes.includes(s)),
        workspaces,
      },
    };
  }

  /** `POST /authorize/consent`: the user's decision, sent back to the client. */
  async decide(
    form: FormFields,
    browserId: string | undefined,
    issuer: string,
  ): Promise<FlowOutcome> {
    const loaded = await this.loadPending(form, browserId, true);
    if (loaded.kind === 'error-page') {
      return loaded;
    }
    const { pending } = loaded;
    const user = pending.userId === null ? null : await this.deps.userStore.get(pending.userId);
    const decision = form.decision;
    if (!user || (decision !== 'allow' && decision !== 'deny')) {
      return { kind: 'error-page', status: 400, message: EXPIRED };
    }
    // Single use: a second submission (double click, back button) cannot mint a second code.
    if (!(await this.deps.grants.completeRequest(pending.id, iso(this.deps.clock.now())))) {
      return { kind: 'error-page', status: 400, message: EXPIRED };
    }
    const deny = (description: string) =>
      redirectError(pending.redirectUri, 'access_denied', description, pending.state, issuer);
    if (decision === 'deny') {
      return deny('The user denied the request.');
    }
    const grant = await this.grantFor(user, pending.scopes);
    if (grant.scopes.length === 0) {
      return deny('The user holds none of the requested scopes in any workspace.');
    }
    return this.issueCode(pending, user, grant.scopes, issuer);
  }

  /** Lets the OAuth library validate the request once more and mint the code. */
  private async issueCode(
    pending: AuthorizationRequest,
    user: User,
    grantedScopes: Scope[],
    issuer: string,
  ): Promise<FlowOutcome> {
    const model = new OAuthModel(
      {
        clients: this.deps.clients,
        grants: this.deps.grants,
        users: this.deps.userStore,
        clock: this.deps.clock,
      },
      { kind: 'authorize', grantedScopes },
    );
    const request = new OAuth2Server.Request({
      method: 'GET',
      headers: {},
      query: {
        response_type: 'code',
        client_id: pending.clientId,
        redirect_uri: pending.redirectUri,
        scope: pending.scopes.join(' '),
        state: pending.state,
        code_challenge: pending.codeChallenge,
        code_challenge_method: 'S256',
      },
      body: {},
    });
    const response = new OAuth2Server.Response();
    try {
      await new OAuth2Server({ model }).authorize(request, response, {
        authenticateHandler: { handle: () => ({ id: user.id, email: user.email }) },
        authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_S,
        allowEmptyState: false,
      });
    } catch (error) {
      // A store failure is ours to log and answer as a 500, not the client's to see.
      if (error instanceof ServerError || !(error instanceof OAuthError)) {
        const inner = (error as { inner?: unknown }).inner;
        throw inner instanceof Error ? inner : error;
      }
    }
    const location = response.get('location') as string | undefined;
    if (!location) {
      throw new Error('the OAuth library answered the authorization without a redirect');
    }
    // RFC 9207: the issuer identifies which server answered (mix-up attack defence).
    return { kind: 'redirect', location: withQuery(location, { iss: issuer }) };
  }

  /** The scopes granted (requested ∩ held anywhere) and, per workspace, what applies there. */
  private async grantFor(user: User, requested: readonly Scope[]) {
    const memberships = await this.deps.users.memberships(user.id);
    const perWorkspace = memberships
      .map((m) => ({ workspaceId: m.workspaceId, scopes: intersectScopes(requested, m.scopes) }))
      .filter((w) => w.scopes.length > 0);
    const scopes = canonicalScopes(perWorkspace.flatMap((w) => w.scopes));
    return { scopes, perWorkspace };
  }

  /** The pending request a form refers to, if it is live, bound to this browser and the CSRF token matches. */
  private async loadPending(
    form: FormFields,
    browserId: string | undefined,
    checkCsrf: boolean,
  ): Promise<
    | { kind: 'ok'; pending: AuthorizationRequest; client: OAuthClient }
    | { kind: 'error-page'; status: 400; message: string }
  > {
    const failed = { kind: 'error-page', status: 400, message: EXPIRED } as const;
    const requestId = form.request_id;
    if (!requestId || !browserId) {
      return browserId
        ? failed
        : {
            kind: 'error-page',
            status: 400,
            message:
              'Your browser did not send the sign-in cookie. Enable cookies for this site, return to the application and try again.',
          };
    }
    const pending = await this.deps.grants.getRequest(requestId);
    if (
      !pending ||
      pending.completedAt !== null ||
      Date.parse(pending.expiresAt) <= this.deps.clock.now() ||
      !sameHash(pending.browserHash, hashSecret(browserId)) ||
      (checkCsrf && !sameHash(csrfTokenFor(browserId, requestId), form.csrf_token ?? ''))
    ) {
      return failed;
    }
    const client = await this.deps.clients.get(pending.clientId);
    return client ? { kind: 'ok', pending, client } : failed;
  }

  private signInView(
    pending: AuthorizationRequest,
    client: OAuthClient,
    browserId: string,
    email: string,
    error: string | null,
  ): SignInView {
    return {
      requestId: pending.id,
      csrfToken: csrfTokenFor(browserId, pending.id),
      clientName: client.name,
      scopes: pending.scopes,
      email,
      error,
    };
  }
}

/** The CSRF token of one pending request in one browser: only that browser's cookie yields it. */
function csrfTokenFor(browserId: string, requestId: string): string {
  return createHash('sha256').update(`csrf\0${browserId}\0${requestId}`).digest('base64url');
}

/** Constant-time equality of two strings. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The origin (or scheme) users recognise a redirect URI by. */
function describeTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.origin !== 'null' ? url.origin : `${url.protocol}${url.pathname}`;
}

function redirectError(
  redirectUri: string,
  error: OAuthErrorCode,
  description: string,
  state: string | undefined,
  issuer: string,
): FlowOutcome {
  return {
    kind: 'redirect',
    location: withQuery(redirectUri, {
      error,
      error_description: safeDescription(description),
      state,
      iss: issuer,
    }),
  };
}
