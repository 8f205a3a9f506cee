import request from 'supertest';
import { SIGN_IN_WINDOW_MS } from '../../src/auth/oauth/sign-in-throttle';
import { ManualClock } from '../support/manual-clock';
import {
  authorizeInBrowser,
  authorizeQuery,
  browser,
  createUser,
  hiddenField,
  pkcePair,
  registerClient,
  type TestClient,
  type TestUser,
} from '../support/oauth-fixtures';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** The parameters of a redirect's query. */
function redirectParams(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location).searchParams);
}

const ISSUER = 'http://auth.example.test';

describe('GET /authorize and the sign-in and consent pages', () => {
  let t: TestApp;
  let clock: ManualClock;
  let client: TestClient;
  let user: TestUser;
  const { challenge } = pkcePair();

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    // A fixed issuer: supertest serves each request on a new port, so a derived one would vary.
    t = await createTestApp({ clock, env: { PUBLIC_URL: ISSUER } });
    client = await registerClient(t, {
      redirectUri: 'https://app.example.com/callback',
      scopes: ['read:nodes', 'write:nodes', 'read:edges'],
    });
    user = await createUser(t, [{ workspaceId: t.workspaceId, scopes: ['read:nodes'] }]);
  });
  afterAll(() => t.close());

  const authorize = (query: Record<string, string>) =>
    request(t.app).get('/authorize').query(query);

  describe('errors shown to the user, never redirected', () => {
    it.each([
      ['a trailing slash', 'https://app.example.com/callback/'],
      ['an extra query', 'https://app.example.com/callback?x=1'],
      ['a different case', 'https://APP.example.com/callback'],
      ['a different path case', 'https://app.example.com/Callback'],
      ['a different host', 'https://evil.example.com/callback'],
      ['http instead of https', 'http://app.example.com/callback'],
      ['a fragment', 'https://app.example.com/callback#x'],
    ])('a redirect_uri with %s', async (_case, redirectUri) => {
      const res = await authorize(authorizeQuery(client, challenge, { redirect_uri: redirectUri }));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain('redirect_uri is not the one registered');
    });

    it.each([
      ['an unknown client', { client_id: 'cli_doesNotExist000000000' }, 'not registered'],
      ['no client_id', { client_id: undefined }, 'no application'],
      ['no redirect_uri', { redirect_uri: undefined }, 'redirect_uri registered'],
    ])('%s', async (_case, overrides, message) => {
      const res = await authorize(authorizeQuery(client, challenge, overrides));
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain(message);
    });

    it('a repeated client_id or redirect_uri', async () => {
      const query = authorizeQuery(client, challenge);
      for (const name of ['client_id', 'redirect_uri']) {
        const res = await request(t.app).get(
          `/authorize?${new URLSearchParams(query).toString()}&${name}=${encodeURIComponent(query[name]!)}`,
        );
        expect(res.status).toBe(400);
        expect(res.headers.location).toBeUndefined();
      }
    });
  });

  describe('errors redirected to the client with error, state and iss', () => {
    it('uses PUBLIC_URL as the issuer', async () => {
      const metadata = await request(t.app).get('/.well-known/oauth-authorization-server');
      expect(metadata.body.issuer).toBe(ISSUER);
      expect(metadata.body.token_endpoint).toBe(`${ISSUER}/token`);
    });

    it.each([
      ['code_challenge_method=plain', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['no code_challenge', { code_challenge: undefined }, 'invalid_request'],
      ['no code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
      ['a malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
      ['no response_type', { response_type: undefined }, 'invalid_request'],
      ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
      ['no scope', { scope: undefined }, 'invalid_request'],
      ['an unknown scope', { scope: 'read:nodes launch:missiles' }, 'invalid_scope'],
      ['a scope the client may not request', { scope: 'read:nodes admin' }, 'invalid_scope'],
    ])('%s', async (_case, overrides, error) => {
      const query = authorizeQuery(client, challenge, overrides);
      const res = await authorize(query);
      expect(res.status).toBe(302);
      const location = res.headers.location as string;
      expect(location.startsWith(`${client.redirectUri}?`)).toBe(true);
      expect(redirectParams(location)).toEqual({
        error,
        error_description: expect.any(String),
        state: query.state,
        iss: ISSUER,
      });
    });

    it('a missing state is invalid_request (and no state comes back)', async () => {
      const res = await authorize(authorizeQuery(client, challenge, { state: undefined }));
      expect(res.status).toBe(302);
      expect(redirectParams(res.headers.location as string)).toEqual({
        error: 'invalid_request',
        error_description: 'Missing parameter: state.',
        iss: ISSUER,
      });
    });

    it('a repeated parameter is invalid_request', async () => {
      const query = authorizeQuery(client, challenge);
      const res = await request(t.app).get(
        `/authorize?${new URLSearchParams(query).toString()}&scope=read:edges`,
      );
      expect(res.status).toBe(302);
      expect(redirectParams(res.headers.location as string).error).toBe('invalid_request');
    });

    it('keeps the query of a registered redirect URI', async () => {
      const withQuery = await registerClient(t, {
        redirectUri: 'https://app.example.com/cb?tenant=acme',
        scopes: ['read:nodes'],
      });
      const res = await authorize(authorizeQuery(withQuery, challenge, { response_type: 'x' }));
      expect(new URL(res.headers.location as string).searchParams.get('tenant')).toBe('acme');
    });
  });

  describe('sign-in page', () => {
    it('is served with the browser cookie, anti-framing headers and the requested scopes', async () => {
      const res = await authorize(authorizeQuery(client, challenge, { scope: 'read:nodes' }));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
      expect(cookie).toMatch(/^wos_oauth_browser=[A-Za-z0-9_-]{43}; Path=\/authorize;/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(res.text).toContain(client.name);
      expect(res.text).toContain('read:nodes');
      expect(res.text).toContain('<form method="post" action="/authorize/sign-in">');
    });

    it('escapes what applications and users control', async () => {
      const nasty = await registerClient(t, { name: '<script>alert(1)</script>' });
      const res = await authorize(authorizeQuery(nasty, challenge, { scope: 'read:nodes' }));
      expect(res.text).not.toContain('<script>');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('answers a wrong password with 401 and the page again, keeping the email', async () => {
      const agent = browser(t);
      const page = await agent.get('/authorize').query(authorizeQuery(client, challenge));
      const res = await agent
        .post('/authorize/sign-in')
        .type('form')
        .send({
          request_id: hiddenField(page.text, 'request_id'),
          csrf_token: hiddenField(page.text, 'csrf_token'),
          email: user.email,
          password: 'not the password',
        });
      expect(res.status).toBe(401);
      expect(res.text).toContain('Incorrect email or password.');
      expect(res.text).toContain(`value="${user.email}"`);
      // The form can be posted again from the re-rendered page.
      const retry = await agent
        .post('/authorize/sign-in')
        .type('form')
        .send({
          request_id: hiddenField(res.text, 'request_id'),
          csrf_token: hiddenField(res.text, 'csrf_token'),
          email: user.email.toUpperCase(),
          password: user.password,
        });
      expect(retry.status).toBe(303);
      expect(retry.headers.location).toMatch(/^consent\?request_id=ar_/);
    });

    it('refuses a form without the browser cookie, from another browser, or with a wrong CSRF token', async () => {
      const agent = browser(t);
      const page = await agent.get('/authorize').query(authorizeQuery(client, challenge));
      const form = {
        request_id: hiddenField(page.text, 'request_id'),
        csrf_token: hiddenField(page.text, 'csrf_token'),
        email: user.email,
        password: user.password,
      };
      const noCookie = await request(t.app).post('/authorize/sign-in').type('form').send(form);
      expect(noCookie.status).toBe(400);
      expect(noCookie.text).toContain('did not send the sign-in cookie');

      const otherBrowser = browser(t);
      await otherBrowser.get('/authorize').query(authorizeQuery(client, challenge));
      const stolen = await otherBrowser.post('/authorize/sign-in').type('form').send(form);
      expect(stolen.status).toBe(400);

      const forged = await agent
        .post('/authorize/sign-in')
        .type('form')
        .send({ ...form, csrf_token: 'forged' });
      expect(forged.status).toBe(400);

      // The rightful browser can still sign in: refusals changed nothing.
      expect((await agent.post('/authorize/sign-in').type('form').send(form)).status).toBe(303);
    });

    it('refuses a body that is not a form', async () => {
      const res = await request(t.app)
        .post('/authorize/sign-in')
        .set('Content-Type', 'application/json')
        .send('{"email":"a@b.c"}');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });

    it('expires after 10 minutes', async () => {
      const agent = browser(t);
      const page = await agent.get('/authorize').query(authorizeQuery(client, challenge));
      clock.advance(10 * 60 * 1000);
      const res = await agent
        .post('/authorize/sign-in')
        .type('form')
        .send({
          request_id: hiddenField(page.text, 'request_id'),
          csrf_token: hiddenField(page.text, 'csrf_token'),
          email: user.email,
          password: user.password,
        });
      expect(res.status).toBe(400);
      expect(res.text).toContain('expired');
    });

    it('locks an email for 15 minutes after 10 failed attempts', async () => {
      const victim = await createUser(t, [{ workspaceId: t.workspaceId, scopes: ['read:nodes'] }]);
      const agent = browser(t);
      const page = await agent.get('/authorize').query(authorizeQuery(client, challenge));
      const attempt = (password: string) =>
        agent
          .post('/authorize/sign-in')
          .type('form')
          .send({
            request_id: hiddenField(page.text, 'request_id'),
            csrf_token: hiddenField(page.text, 'csrf_token'),
            email: victim.email,
            password,
          });
      for (let i = 0; i < 10; i += 1) {
        expect((await attempt(`guess-${i}`)).status).toBe(401);
      }
      const locked = await attempt(victim.password);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.text).toContain('Too many failed attempts');
      clock.advance(SIGN_IN_WINDOW_MS);
      const fresh = browser(t);
      const again = await authorizeInBrowser(
        t,
        authorizeQuery(client, challenge),
        victim,
        'allow',
        fresh,
      );
      expect(again.searchParams.get('code')).toMatch(/^woc_/);
    });
  });

  describe('consent page and decision', () => {
    async function signedIn(u: TestUser, scope: string) {
      const agent = browser(t);
      const query = authorizeQuery(client, challenge, { scope });
      const page = await agent.get('/authorize').query(query);
      const res = await agent
        .post('/authorize/sign-in')
        .type('form')
        .send({
          request_id: hiddenField(page.text, 'request_id'),
          csrf_token: hiddenField(page.text, 'csrf_token'),
          email: u.email,
          password: u.password,
        });
      const consent = await agent.get(`/authorize/${res.headers.location as string}`);
      const decide = (decision: string, from = agent) =>
        from
          .post('/authorize/consent')
          .type('form')
          .send({
            request_id: hiddenField(consent.text, 'request_id'),
            csrf_token: hiddenField(consent.text, 'csrf_token'),
            decision,
          });
      return { agent, consent, decide, query };
    }

    it('lists the scopes granted, those not held, and each workspace with its scopes', async () => {
      const other = await createWorkspaceWithKey(t);
      const member = await createUser(t, [
        { workspaceId: t.workspaceId, scopes: ['read:nodes', 'write:nodes'] },
        { workspaceId: other.workspaceId, scopes: ['read:nodes', 'read:livedata'] },
      ]);
      const { consent } = await signedIn(member, 'read:nodes write:nodes read:edges');
      expect(consent.status).toBe(200);
      expect(consent.headers['x-frame-options']).toBe('DENY');
      const text = consent.text;
      expect(text).toContain(`Signed in as ${member.email}`);
      expect(text).toContain('https://app.example.com');
      expect(text).toMatch(/Not granted, because you do not hold them: <code>read:edges<\/code>/);
      expect(text).toContain(
        `(${t.workspaceId})</span>: <code>read:nodes</code> <code>write:nodes</code>`,
      );
      expect(text).toContain(`(${other.workspaceId})</span>: <code>read:nodes</code></li>`);
      expect(text).toContain('value="allow"');
    });

    it('can only be seen by the browser that signed in', async () => {
      const { consent } = await signedIn(user, 'read:nodes');
      const requestId = hiddenField(consent.text, 'request_id');
      const res = await request(t.app).get('/authorize/consent').query({ request_id: requestId });
      expect(res.status).toBe(400);
      expect(res.text).not.toContain('value="allow"');
    });

    it('redirects a denial with access_denied and the state', async () => {
      const { decide, query } = await signedIn(user, 'read:nodes');
      const res = await decide('deny');
      expect(res.status).toBe(303);
      expect(redirectParams(res.headers.location as string)).toMatchObject({
        error: 'access_denied',
        state: query.state,
      });
    });

    it('decides once: a second submission is refused and mints no second code', async () => {
      const { decide, query } = await signedIn(user, 'read:nodes');
      const first = await decide('allow');
      expect(first.status).toBe(303);
      expect(redirectParams(first.headers.location as string)).toMatchObject({
        code: expect.stringMatching(/^woc_/),
        state: query.state,
      });
      const second = await decide('allow');
      expect(second.status).toBe(400);
      expect(second.headers.location).toBeUndefined();
    });

    it('refuses a decision with a wrong CSRF token or from another browser', async () => {
      const { consent, decide } = await signedIn(user, 'read:nodes');
      const forged = await decide('allow', browser(t));
      expect(forged.status).toBe(400);
      const { agent } = await signedIn(user, 'read:nodes');
      const wrongToken = await agent
        .post('/authorize/consent')
        .type('form')
        .send({
          request_id: hiddenField(consent.text, 'request_id'),
          csrf_token: 'x',
          decision: 'allow',
        });
      expect(wrongToken.status).toBe(400);
      // The original browser can still decide.
      expect((await decide('allow')).status).toBe(303);
    });

    it('gives a user without any membership nothing to allow, and access_denied', async () => {
      const outsider = await createUser(t);
      const { consent, decide, query } = await signedIn(outsider, 'read:nodes');
      expect(consent.text).toContain('nothing to grant');
      expect(consent.text).not.toContain('value="allow"');
      const res = await decide('allow');
      expect(redirectParams(res.headers.location as string)).toMatchObject({
        error: 'access_denied',
        state: query.state,
      });
    });

    it('grants only the requested scopes the user holds (token scope shows it)', async () => {
      const narrow = await createUser(t, [{ workspaceId: t.workspaceId, scopes: ['read:nodes'] }]);
      const { verifier, challenge: c } = pkcePair();
      const redirect = await authorizeInBrowser(
        t,
        authorizeQuery(client, c, { scope: 'read:nodes write:nodes' }),
        narrow,
      );
      const res = await request(t.app)
        .post('/token')
        .type('form')
        .send({
          grant_type: 'authorization_code',
          code: redirect.searchParams.get('code'),
          redirect_uri: client.redirectUri,
          client_id: client.id,
          code_verifier: verifier,
        });
      expect(res.status).toBe(200);
      expect(res.body.scope).toBe('read:nodes');
    });
  });
});
