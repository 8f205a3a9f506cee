import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey } from '../support/workspace-fixtures';

const HOUR_MS = 3_600_000;

describe('authentication', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());

  /** Asserts a 401 UNAUTHENTICATED with a Bearer challenge and returns the challenge. */
  function expectUnauthenticated(res: request.Response): string {
    expectError(res, 401, 'UNAUTHENTICATED');
    const challenge = res.headers['www-authenticate'];
    expect(challenge).toMatch(/^Bearer realm="api"/);
    return challenge as string;
  }

  it('answers a request without Authorization with 401 and a challenge without error code', async () => {
    const challenge = expectUnauthenticated(await request(t.app).get('/api/me'));
    // RFC 6750 section 3.1: no error code when the request carried no credential at all.
    expect(challenge).not.toContain('error=');
  });

  it('authenticates before resolving the workspace', async () => {
    expectUnauthenticated(await request(t.app).get('/api/api-keys'));
  });

  it('answers another authentication scheme with 401 and a Bearer challenge', async () => {
    const res = await request(t.app).get('/api/me').set('Authorization', 'Basic dXNlcjpwYXNz');
    expectUnauthenticated(res);
  });

  it.each(['Bearer', 'Bearer a b', 'Bearer wos_abc, extra=1'])(
    'answers the malformed header %j with 401 invalid_request',
    async (value) => {
      const res = await request(t.app).get('/api/me').set('Authorization', value);
      expect(expectUnauthenticated(res)).toContain('error="invalid_request"');
    },
  );

  it('answers an unknown key with 401 invalid_token', async () => {
    const res = await request(t.app)
      .get('/api/me')
      .set(authHeaders('wos_thisKeyWasNeverIssuedByTheService0000000000'));
    expect(expectUnauthenticated(res)).toContain('error="invalid_token"');
  });

  it('accepts the scheme name in any case', async () => {
    const res = await request(t.app).get('/api/me').set('Authorization', `bearer ${t.apiKey}`);
    expectData(res, 200);
  });

  it('answers a revoked key with 401 invalid_token', async () => {
    const key = await createKey(t, t.workspaceId, ['read:nodes']);
    expectData(await request(t.app).get('/api/me').set(authHeaders(key.secret)), 200);

    await t.container.deps.apiKeys.revoke(t.workspaceId, key.id);

    const res = await request(t.app).get('/api/me').set(authHeaders(key.secret));
    expect(expectUnauthenticated(res)).toContain('error="invalid_token"');
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it('answers a key after its expiry with 401 invalid_token', async () => {
    const expiresAt = new Date(clock.now() + HOUR_MS).toISOString();
    const created = await request(t.app)
      .post('/api/api-keys')
      .set(authHeaders(t.apiKey, t.workspaceId))
      .send({ name: 'short-lived', scopes: ['read:nodes'], expiresAt });
    const secret = expectData(created, 201).secret as string;
    expect(created.body.data.expiresAt).toBe(expiresAt);

    clock.advance(HOUR_MS - 1);
    expectData(await request(t.app).get('/api/me').set(authHeaders(secret)), 200);

    clock.advance(1);
    const res = await request(t.app).get('/api/me').set(authHeaders(secret));
    expect(expectUnauthenticated(res)).toContain('error="invalid_token"');
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('answers a revoked key on a workspace route with 401 too', async () => {
    const key = await createKey(t, t.workspaceId, ['admin']);
    await t.container.deps.apiKeys.revoke(t.workspaceId, key.id);
    const res = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(key.secret, t.workspaceId));
    expectUnauthenticated(res);
  });
});
