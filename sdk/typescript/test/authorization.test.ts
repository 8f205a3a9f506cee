import { createHash } from 'node:crypto';
import { authorizeInBrowser, createUser } from '../../../test/support/oauth-fixtures';
import {
  OAuthSession,
  WosApiError,
  WosOAuthError,
  startAuthorization,
  type TokenSet,
} from '../src';
import { startSdkService } from './support/sdk-service';

const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const SCOPES = ['read:nodes', 'write:nodes'];
const ISSUER = 'http://127.0.0.1:3000';

describe('startAuthorization', () => {
  it('carries an S256 challenge of a fresh verifier, and a fresh state', async () => {
    const request = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/authorize`);
    const challenge = createHash('sha256').update(request.codeVerifier).digest('base64url');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cli_x',
      redirect_uri: REDIRECT_URI,
      scope: 'read:nodes write:nodes',
      state: request.state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(request.url).not.toContain(request.codeVerifier);
    const other = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    expect(other.state).not.toBe(request.state);
    expect(other.codeVerifier).not.toBe(request.codeVerifier);
  });

  it('refuses a redirect that does not answer the request', async () => {
    const request = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    const iss = encodeURIComponent(ISSUER);
    expect(request.codeFrom(`${REDIRECT_URI}?code=c1&state=${request.state}&iss=${iss}`)).toBe(
      'c1',
    );
    const errorOf = (url: string) => {
      try {
        request.codeFrom(url);
      } catch (error) {
        return error instanceof WosOAuthError ? error.error : error;
      }
      return 'no error';
    };
    expect(errorOf(`${REDIRECT_URI}?code=c1&state=forged`)).toBe('invalid_state');
    expect(errorOf(`${REDIRECT_URI}?code=c1&state=${request.state}&iss=http://evil`)).toBe(
      'invalid_issuer',
    );
    expect(errorOf(`${REDIRECT_URI}?error=access_denied&state=${request.state}`)).toBe(
      'access_denied',
    );
    expect(errorOf(`${REDIRECT_URI}?state=${request.state}`)).toBe('invalid_request');
  });

  it("is accepted by the service's authorization endpoint", async () => {
    const s = await startSdkService();
    try {
      const registered = await s.client.operations.createOAuthClient({
        body: { name: 'sdk pkce test', redirectUri: REDIRECT_URI, scopes: ['read:nodes'] },
      });
      const request = await startAuthorization({
        issuer: s.baseUrl,
        clientId: registered.data.clientId,
        redirectUri: REDIRECT_URI,
        scopes: ['read:nodes'],
      });
      const page = await fetch(request.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="request_id"');
    } finally {
      await s.close();
    }
  });
});

describe('OAuthSession', () => {
  it('signs in, refreshes on expiry and once on a 401, and signs out', async () => {
    const s = await startSdkService();
    try {
      const user = await createUser(s.app, [
        { workspaceId: s.app.workspaceId, scopes: ['read:nodes', 'write:nodes'] },
      ]);
      const registered = await s.client.operations.createOAuthClient({
        body: { name: 'sdk session test', redirectUri: REDIRECT_URI, scopes: SCOPES as never },
      });
      const clientId = registered.data.clientId;
      const request = await startAuthorization({
        issuer: s.baseUrl,
        clientId,
        redirectUri: REDIRECT_URI,
        scopes: SCOPES,
      });
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const callback = await authorizeInBrowser(s.app, query, user);
      // The browser here is supertest on a port of its own, which the redirect names as its
      // issuer: the service the SDK talks to is at s.baseUrl.
      callback.searchParams.set('iss', s.baseUrl);
      let now = 1_000_000_000;
      const seen: TokenSet[] = [];
      const session = await OAuthSession.exchange(request, callback.toString(), {
        clock: () => now,
        onTokens: (tokens) => seen.push(tokens),
      });
      const client = s.clientWith({ apiKey: undefined, tokenProvider: session });
      const me = await client.me();
      expect(me).toMatchObject({ kind: 'oauth_token', name: user.email });
      const node = await client.nodes.create({ entityType: 'OAuthMade', name: 'made as the user' });
      const first = session.tokens;

      // An hour later the access token has expired: the next call refreshes it first.
      now += 3_600_000;
      expect((await client.nodes.get(node.id)).id).toBe(node.id);
      const second = session.tokens;
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);

      // The access token revoked alone: the 401 makes the session refresh, once.
      const revoked = await fetch(`${s.baseUrl}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: second.accessToken,
          token_type_hint: 'access_token',
          client_id: clientId,
        }).toString(),
      });
      expect(revoked.status).toBe(200);
      expect((await client.nodes.get(node.id)).id).toBe(node.id);
      expect(session.tokens.accessToken).not.toBe(second.accessToken);
      expect(seen.map((t) => t.accessToken)).toEqual([
        first.accessToken,
        second.accessToken,
        session.tokens.accessToken,
      ]);

      // Calls racing past expiry share one refresh (a refresh token is single use).
      now += 3_600_000;
      await Promise.all([client.me(), client.me(), client.nodes.get(node.id)]);
      expect(seen).toHaveLength(4);

      // Sign-out revokes the whole sign-in: the next call is a 401, not another refresh.
      await session.signOut();
      await expect(client.me()).rejects.toMatchObject({ status: 401 });
      await expect(client.me()).rejects.toBeInstanceOf(WosApiError);
      await expect(session.refresh()).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await s.close();
    }
  });
});
