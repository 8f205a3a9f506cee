import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, generators, Issuer, type BaseClient } from 'openid-client';
import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import {
  authorizeInBrowser,
  createUser,
  registerClient,
  type TestClient,
  type TestUser,
} from '../support/oauth-fixtures';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

/**
 * The whole flow as a frontend would run it, with openid-client (a certified OAuth 2.0 /
 * OpenID client) doing the client side: discovery (RFC 8414), the PKCE authorization URL,
 * the callback checks (state, iss), the code exchange, refresh and revocation. The browser
 * part (sign-in and consent forms) is played by a cookie-keeping HTTP agent.
 */
describe('OAuth 2.0 + PKCE end to end with openid-client', () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  let app: TestClient;
  let user: TestUser;
  let oauth: BaseClient;
  const redirectUri = 'http://localhost:5173/callback';

  beforeAll(async () => {
    t = await createTestApp();
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await registerClient(t, {
      name: 'Graph explorer',
      redirectUri,
      scopes: ['read:nodes', 'write:nodes', 'read:edges'],
    });
    user = await createUser(t, [
      { workspaceId: t.workspaceId, scopes: ['read:nodes', 'write:nodes', 'read:edges'] },
    ]);
    const issuer = await Issuer.discover(`${base}/.well-known/oauth-authorization-server`);
    oauth = new issuer.Client({
      client_id: app.id,
      redirect_uris: [redirectUri],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  /** Runs the browser part for an authorization URL and returns the callback parameters. */
  async function signInAndConsent(authorizationUrl: string, decision: 'allow' | 'deny') {
    const url = new URL(authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${base}/authorize`);
    const callback = await authorizeInBrowser(
      t,
      Object.fromEntries(url.searchParams),
      user,
      decision,
      request.agent(server),
    );
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    return oauth.callbackParams(callback.toString());
  }

  it('discovers the server metadata', () => {
    expect(oauth.issuer.metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      revocation_endpoint: `${base}/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('signs in, exchanges the code, calls the API as the user, refreshes and revokes', async () => {
    const codeVerifier = generators.codeVerifier();
    const state = generators.state();
    const authorizationUrl = oauth.authorizationUrl({
      scope: 'read:nodes write:nodes',
      code_challenge: generators.codeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    const params = await signInAndConsent(authorizationUrl, 'allow');
    // oauthCallback checks state and iss (RFC 9207), then redeems the code with the verifier.
    const tokens = await oauth.oauthCallback(redirectUri, params, {
      state,
      code_verifier: codeVerifier,
      response_type: 'code',
    });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('read:nodes write:nodes');
    const accessToken = tokens.access_token!;
    const refreshToken = tokens.refresh_token!;

    // The REST API with the access token: the principal is the user.
    const identity = expectData(
      await request(t.app).get('/api/me').set(authHeaders(accessToken)),
      200,
    );
    expect(identity).toMatchObject({
      kind: 'oauth_token',
      actorId: user.id,
      name: user.email,
      workspaces: [{ id: t.workspaceId, scopes: ['read:nodes', 'write:nodes'] }],
    });

    // A command and its undo, as that user; undo history is the user's, not the admin key's.
    const execute = (token: string, body: object) =>
      request(t.app)
        .post('/api/commands/execute')
        .set(authHeaders(token, t.workspaceId))
        .send(body);
    const created = expectData(
      await execute(accessToken, {
        type: 'CREATE_NODE',
        payload: { entityType: 'Person', name: 'Ada Lovelace' },
      }),
      201,
    );
    const nodeId = created.result.id as string;
    expectError(await execute(t.apiKey, { type: 'UNDO', payload: {} }), 409, 'NOTHING_TO_UNDO');
    expectData(await execute(accessToken, { type: 'UNDO', payload: {} }), 200);
    expectError(
      await request(t.app)
        .get(`/api/queries/nodes/${nodeId}`)
        .set(authHeaders(accessToken, t.workspaceId)),
      404,
      'NOT_FOUND',
    );

    // Refresh: a new pair; the old refresh token is retired.
    const refreshed = await oauth.refresh(refreshToken);
    expect(refreshed.access_token).not.toBe(accessToken);
    expect(refreshed.refresh_token).not.toBe(refreshToken);
    expect(refreshed.expires_in).toBe(3600);
    expect(refreshed.scope).toBe('read:nodes write:nodes');
    expectData(await request(t.app).get('/api/me').set(authHeaders(refreshed.access_token!)), 200);

    // Sign-out: revoking the refresh token revokes the access tokens of the authorization.
    await oauth.revoke(refreshed.refresh_token!, 'refresh_token');
    for (const token of [refreshed.access_token!, accessToken]) {
      const res = await request(t.app).get('/api/me').set(authHeaders(token));
      expectError(res, 401, 'UNAUTHENTICATED');
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    await expect(oauth.refresh(refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('returns access_denied with the state when the user denies', async () => {
    const codeVerifier = generators.codeVerifier();
    const state = generators.state();
    const params = await signInAndConsent(
      oauth.authorizationUrl({
        scope: 'read:nodes',
        code_challenge: generators.codeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
      }),
      'deny',
    );
    const callback = oauth.oauthCallback(redirectUri, params, {
      state,
      code_verifier: codeVerifier,
      response_type: 'code',
    });
    await expect(callback).rejects.toBeInstanceOf(errors.OPError);
    await expect(callback).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('refuses a code redeemed with another verifier (the client library sends what it has)', async () => {
    const state = generators.state();
    const params = await signInAndConsent(
      oauth.authorizationUrl({
        scope: 'read:edges',
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
        state,
      }),
      'allow',
    );
    await expect(
      oauth.oauthCallback(redirectUri, params, {
        state,
        code_verifier: generators.codeVerifier(),
        response_type: 'code',
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
