import { createHash, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { OAuthClient } from '../../src/domain/oauth';
import { SCOPES, type Scope } from '../../src/domain/scopes';
import type { TestApp } from './test-app';

/** A registered client as the tests use it. */
export type TestClient = OAuthClient;

/** Registers a client through the service, as the CLI does. */
export async function registerClient(
  t: TestApp,
  options: { workspaceId?: string; redirectUri?: string; scopes?: Scope[]; name?: string } = {},
): Promise<TestClient> {
  return t.container.deps.oauth.clients.register({
    workspaceId: options.workspaceId ?? t.workspaceId,
    name: options.name ?? `test app ${randomUUID().slice(0, 8)}`,
    redirectUri: options.redirectUri ?? 'https://app.example.com/callback',
    scopes: options.scopes ?? [...SCOPES],
    createdBy: null,
  });
}

/** A user with a password the test knows. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** Creates a user (a random email) with memberships. */
export async function createUser(
  t: TestApp,
  memberships: { workspaceId: string; scopes: Scope[] }[] = [],
): Promise<TestUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { users } = t.container.deps.oauth;
  const user = await users.create({ email, password });
  for (const m of memberships) {
    await users.putMembership(user.id, m.workspaceId, m.scopes);
  }
  return { id: user.id, email, password };
}

/** A PKCE verifier and its S256 challenge (RFC 7636 appendix B). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A complete, valid authorization request for `client`, with any parameter overridden. */
export function authorizeQuery(
  client: TestClient,
  challenge: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.id,
    redirect_uri: client.redirectUri,
    scope: client.scopes.join(' '),
    state: `state-${randomUUID()}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

/** The value of a hidden form field of an HTML page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) {
    throw new Error(`no hidden field ${name} in:\n${html}`);
  }
  return match[1];
}

/** A browser: a supertest agent keeps the cookies between the pages. */
export function browser(t: TestApp): TestAgent {
  return request.agent(t.app);
}

/**
 * Drives the browser part of the flow: `/authorize`, sign in, consent. Returns the final
 * redirect (to the client's redirect URI) as a URL.
 */
export async function authorizeInBrowser(
  t: TestApp,
  query: Record<string, string>,
  user: { email: string; password: string },
  decision: 'allow' | 'deny' = 'allow',
  agent: TestAgent = browser(t),
): Promise<URL> {
  const page = await agent.get('/authorize').query(query);
  if (page.status !== 200) {
    throw new Error(`authorize answered ${page.status}: ${page.headers.location ?? page.text}`);
  }
  const signedIn = await agent
    .post('/authorize/sign-in')
    .type('form')
    .send({
      request_id: hiddenField(page.text, 'request_id'),
      csrf_token: hiddenField(page.text, 'csrf_token'),
      email: user.email,
      password: user.password,
    });
  if (signedIn.status !== 303) {
    throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.text}`);
  }
  const consent = await agent.get(`/authorize/${signedIn.headers.location as string}`);
  const decided = await agent
    .post('/authorize/consent')
    .type('form')
    .send({
      request_id: hiddenField(consent.text, 'request_id'),
      csrf_token: hiddenField(consent.text, 'csrf_token'),
      decision,
    });
  if (decided.status !== 303) {
    throw new Error(`consent answered ${decided.status}: ${decided.text}`);
  }
  return new URL(decided.headers.location as string);
}

/** The token response fields. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** Runs the whole flow and redeems the code: tokens for `user` through `client`. */
export async function obtainTokens(
  t: TestApp,
  client: TestClient,
  user: TestUser,
  scope: string = client.scopes.join(' '),
): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const redirect = await authorizeInBrowser(t, authorizeQuery(client, challenge, { scope }), user);
  const res = await request(t.app)
    .post('/token')
    .type('form')
    .send({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: client.redirectUri,
      client_id: client.id,
      code_verifier: verifier,
    });
  if (res.status !== 200) {
    throw new Error(`token answered ${res.status}: ${res.text}`);
  }
  return res.body as Tokens;
}

/** Exchanges a refresh token (form encoding). */
export function refresh(t: TestApp, client: TestClient, refreshToken: string, scope?: string) {
  return request(t.app)
    .post('/token')
    .type('form')
    .send({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: client.id,
      ...(scope === undefined ? {} : { scope }),
    });
}

/** `GET /api/me` with a bearer token. */
export function me(t: TestApp, token: string) {
  return request(t.app).get('/api/me').set('Authorization', `Bearer ${token}`);
}
