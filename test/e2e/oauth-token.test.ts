import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import {
  authorizeInBrowser,
  authorizeQuery,
  createUser,
  me,
  obtainTokens,
  pkcePair,
  refresh,
  registerClient,
  type TestClient,
  type TestUser,
} from '../support/oauth-fixtures';
import { oauthGrantRecords } from '../support/raw-store';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('POST /token and POST /revoke', () => {
  let t: TestApp;
  let clock: ManualClock;
  let client: TestClient;
  let otherClient: TestClient;
  let user: TestUser;

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    t = await createTestApp({ clock });
    client = await registerClient(t, { scopes: ['read:nodes', 'write:nodes', 'read:edges'] });
    otherClient = await registerClient(t, {
      redirectUri: 'https://other.example.com/callback',
      scopes: ['read:nodes', 'write:nodes', 'read:edges'],
    });
    user = await createUser(t, [
      { workspaceId: t.workspaceId, scopes: ['read:nodes', 'write:nodes', 'read:edges'] },
    ]);
  });
  afterAll(() => t.close());

  /** A fresh code for `user` through `client`, with its verifier. */
  async function code(c: TestClient = client, scope = 'read:nodes write:nodes') {
    const { verifier, challenge } = pkcePair();
    const redirect = await authorizeInBrowser(t, authorizeQuery(c, challenge, { scope }), user);
    return { code: redirect.searchParams.get('code')!, verifier };
  }

  const token = (body: Record<string, string>) =>
    request(t.app).post('/token').type('form').send(body);
  const redeem = (c: TestClient, issued: { code: string; verifier: string }) =>
    token({
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: c.redirectUri,
      client_id: c.id,
      code_verifier: issued.verifier,
    });

  /** Asserts an RFC 6749 error body (no envelope) with no-store. */
  function expectOAuthError(res: request.Response, status: number, error: string): void {
    expect({ status: res.status, body: res.body }).toEqual({
      status,
      body: { error, error_description: expect.any(String) },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  }

  describe('authorization_code grant', () => {
    it('answers RFC 6749 tokens with no-store, for a form body', async () => {
      const res = await redeem(client, await code());
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.pragma).toBe('no-cache');
      expect(res.body).toEqual({
        access_token: expect.stringMatching(/^woa_[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^wor_[A-Za-z0-9_-]{43}$/),
        scope: 'read:nodes write:nodes',
      });
    });

    it('accepts the JSON body of the spec', async () => {
      const issued = await code();
      const res = await request(t.app).post('/token').send({
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: client.redirectUri,
        client_id: client.id,
        code_verifier: issued.verifier,
      });
      expect(res.status).toBe(200);
      expectData(await me(t, res.body.access_token as string), 200);
    });

    it('stores no token in clear (only hashes)', async () => {
      const tokens = (await redeem(client, await code())).body;
      const records = await oauthGrantRecords(t.config, client.id);
      // The code, the access and the refresh token at least, as the store holds them.
      expect(records.length).toBeGreaterThanOrEqual(3);
      const dump = JSON.stringify(records);
      expect(dump).not.toContain(tokens.access_token);
      expect(dump).not.toContain(tokens.refresh_token);
      expect(dump).not.toContain('woc_');
    });

    it('refuses a code used twice, and revokes the tokens issued from it', async () => {
      const issued = await code();
      const first = await redeem(client, issued);
      expect(first.status).toBe(200);
      expectData(await me(t, first.body.access_token as string), 200);

      expectOAuthError(await redeem(client, issued), 400, 'invalid_grant');
      expectError(await me(t, first.body.access_token as string), 401, 'UNAUTHENTICATED');
      expectOAuthError(
        await refresh(t, client, first.body.refresh_token as string),
        400,
        'invalid_grant',
      );
    });

    it('lets exactly one of two concurrent redemptions win, then revokes its tokens too', async () => {
      const issued = await code();
      const results = await Promise.all([redeem(client, issued), redeem(client, issued)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const winner = results.find((r) => r.status === 200)!;
      expectError(await me(t, winner.body.access_token as string), 401, 'UNAUTHENTICATED');
    });

    it('refuses a code after its 60 seconds', async () => {
      const issued = await code();
      clock.advance(60 * 1000);
      const res = await redeem(client, issued);
      expectOAuthError(res, 400, 'invalid_grant');
      expect(res.body.error_description).toContain('expired');
    });

    it('accepts a code just before its 60 seconds', async () => {
      const issued = await code();
      clock.advance(59 * 1000);
      expect((await redeem(client, issued)).status).toBe(200);
    });

    it('refuses a wrong verifier (and the code is used up)', async () => {
      const issued = await code();
      const wrong = { ...issued, verifier: pkcePair().verifier };
      expectOAuthError(await redeem(client, wrong), 400, 'invalid_grant');
      expectOAuthError(await redeem(client, issued), 400, 'invalid_grant');
    });

    it('refuses a missing verifier', async () => {
      const issued = await code();
      const res = await token({
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: client.redirectUri,
        client_id: client.id,
      });
      expectOAuthError(res, 400, 'invalid_grant');
    });

    it.each([
      ['a trailing slash', 'https://app.example.com/callback/'],
      ['another URI', 'https://app.example.com/other'],
    ])('refuses a redirect_uri with %s', async (_case, redirectUri) => {
      const issued = await code();
      const res = await token({
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: redirectUri,
        client_id: client.id,
        code_verifier: issued.verifier,
      });
      expectOAuthError(res, 400, 'invalid_grant');
    });

    it("refuses another client's code, which its own client can still redeem", async () => {
      const issued = await code(client);
      const stolen = await token({
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: client.redirectUri,
        client_id: otherClient.id,
        code_verifier: issued.verifier,
      });
      expectOAuthError(stolen, 400, 'invalid_grant');
      expect((await redeem(client, issued)).status).toBe(200);
    });

    it.each([
      [{ grant_type: 'password', username: 'a', password: 'b' }, 'unsupported_grant_type'],
      [{ grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      [{}, 'invalid_request'],
      [{ grant_type: 'authorization_code', code: 'woc_x', redirect_uri: 'x' }, 'invalid_request'],
    ] as [Record<string, string>, string][])('answers %j with %s', async (body, error) => {
      expectOAuthError(await token(body), 400, error);
    });

    it('refuses an unknown client and any client secret (public clients only)', async () => {
      const issued = await code();
      const base = {
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: client.redirectUri,
        code_verifier: issued.verifier,
      };
      expectOAuthError(await token({ ...base, client_id: 'cli_unknown' }), 400, 'invalid_client');
      expectOAuthError(
        await token({ ...base, client_id: client.id, client_secret: 'secret' }),
        400,
        'invalid_client',
      );
      expect((await token({ ...base, client_id: client.id })).status).toBe(200);
    });

    it('refuses a repeated parameter, other media types and oversized bodies', async () => {
      const repeated = await request(t.app)
        .post('/token')
        .type('form')
        .send('grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=x');
      expectOAuthError(repeated, 400, 'invalid_request');
      const text = await request(t.app)
        .post('/token')
        .set('Content-Type', 'text/plain')
        .send('grant_type=refresh_token');
      expectOAuthError(text, 415, 'invalid_request');
      const badJson = await request(t.app)
        .post('/token')
        .set('Content-Type', 'application/json')
        .send('{"grant_type":');
      expectOAuthError(badJson, 400, 'invalid_request');
      const nonString = await request(t.app).post('/token').send({ grant_type: 1 });
      expectOAuthError(nonString, 400, 'invalid_request');
      const huge = await request(t.app)
        .post('/token')
        .type('form')
        .send(`grant_type=refresh_token&pad=${'x'.repeat(70 * 1024)}`);
      expectOAuthError(huge, 413, 'invalid_request');
    });
  });

  describe('refresh_token grant', () => {
    it('rotates: a new pair each time, with the same scopes', async () => {
      const first = await obtainTokens(t, client, user, 'read:nodes write:nodes');
      const res = await refresh(t, client, first.refresh_token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        access_token: expect.stringMatching(/^woa_/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^wor_/),
        scope: 'read:nodes write:nodes',
      });
      expect(res.body.refresh_token).not.toBe(first.refresh_token);
      const again = await refresh(t, client, res.body.refresh_token as string);
      expect(again.status).toBe(200);
    });

    it('accepts the JSON body of the spec', async () => {
      const first = await obtainTokens(t, client, user);
      const res = await request(t.app).post('/token').send({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: client.id,
      });
      expect(res.status).toBe(200);
    });

    it('revokes the whole family when a rotated refresh token is used again', async () => {
      const first = await obtainTokens(t, client, user);
      const second = (await refresh(t, client, first.refresh_token)).body;
      const third = (await refresh(t, client, second.refresh_token as string)).body;
      expectData(await me(t, third.access_token as string), 200);

      // The first refresh token again: a replay (e.g. stolen). Everything of the family dies.
      const replay = await refresh(t, client, first.refresh_token);
      expectOAuthError(replay, 400, 'invalid_grant');
      expect(replay.body.error_description).toContain('already used');
      for (const access of [first.access_token, second.access_token, third.access_token]) {
        expectError(await me(t, access as string), 401, 'UNAUTHENTICATED');
      }
      expectOAuthError(
        await refresh(t, client, third.refresh_token as string),
        400,
        'invalid_grant',
      );
    });

    it('treats two concurrent refreshes with one token as a replay', async () => {
      const first = await obtainTokens(t, client, user);
      const results = await Promise.all([
        refresh(t, client, first.refresh_token),
        refresh(t, client, first.refresh_token),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const winner = results.find((r) => r.status === 200)!;
      expectError(await me(t, winner.body.access_token as string), 401, 'UNAUTHENTICATED');
    });

    it('cannot widen the scopes, and can narrow them', async () => {
      const first = await obtainTokens(t, client, user, 'read:nodes write:nodes');
      const wider = await refresh(
        t,
        client,
        first.refresh_token,
        'read:nodes write:nodes read:edges',
      );
      expectOAuthError(wider, 400, 'invalid_scope');
      const narrower = await refresh(t, client, first.refresh_token, 'read:nodes');
      expect(narrower.status).toBe(200);
      expect(narrower.body.scope).toBe('read:nodes');
      const identity = expectData(await me(t, narrower.body.access_token as string), 200);
      expect(identity.workspaces).toEqual([{ id: t.workspaceId, scopes: ['read:nodes'] }]);
      // Narrowed for good: the next refresh cannot win write:nodes back.
      const back = await refresh(t, client, narrower.body.refresh_token as string, 'write:nodes');
      expectOAuthError(back, 400, 'invalid_scope');
    });

    it("refuses another client's refresh token (and the token keeps working for its client)", async () => {
      const first = await obtainTokens(t, client, user);
      expectOAuthError(await refresh(t, otherClient, first.refresh_token), 400, 'invalid_grant');
      expect((await refresh(t, client, first.refresh_token)).status).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      expectOAuthError(await refresh(t, client, 'wor_unknown'), 400, 'invalid_grant');
    });

    it('expires after 30 days; each rotation starts a new 30 days', async () => {
      const first = await obtainTokens(t, client, user);
      clock.advance(30 * DAY_MS - 1000);
      const rotated = await refresh(t, client, first.refresh_token);
      expect(rotated.status).toBe(200);
      clock.advance(30 * DAY_MS);
      const expired = await refresh(t, client, rotated.body.refresh_token as string);
      expectOAuthError(expired, 400, 'invalid_grant');
      expect(expired.body.error_description).toContain('expired');
    });
  });

  describe('access tokens on the REST API', () => {
    it('expire after one hour', async () => {
      const tokens = await obtainTokens(t, client, user);
      clock.advance(HOUR_MS - 1000);
      expectData(await me(t, tokens.access_token), 200);
      clock.advance(1000);
      const res = await me(t, tokens.access_token);
      expectError(res, 401, 'UNAUTHENTICATED');
      expect(res.headers['www-authenticate']).toContain('credential expired');
      // The refresh token outlives it.
      expect((await refresh(t, client, tokens.refresh_token)).status).toBe(200);
    });

    it('act only in workspaces where the user is a member (403 elsewhere)', async () => {
      const other = await createWorkspaceWithKey(t);
      const tokens = await obtainTokens(t, client, user);
      const res = await request(t.app)
        .get('/api/queries/nodes')
        .set(authHeaders(tokens.access_token, other.workspaceId));
      expectError(res, 403, 'FORBIDDEN');
      expectData(
        await request(t.app)
          .get('/api/queries/nodes')
          .set(authHeaders(tokens.access_token, t.workspaceId)),
        200,
      );
    });

    it('hold the token scopes intersected with the membership, following membership changes', async () => {
      const member = await createUser(t, [
        { workspaceId: t.workspaceId, scopes: ['read:nodes', 'write:nodes'] },
      ]);
      const tokens = await obtainTokens(t, client, member, 'read:nodes write:nodes read:edges');
      expect(tokens.scope).toBe('read:nodes write:nodes');
      const create = () =>
        request(t.app)
          .post('/api/commands/execute')
          .set(authHeaders(tokens.access_token, t.workspaceId))
          .send({ type: 'CREATE_NODE', payload: { entityType: 'Note', name: 'n' } });
      expectData(await create(), 201);
      const edges = await request(t.app)
        .get('/api/queries/edges')
        .set(authHeaders(tokens.access_token, t.workspaceId));
      expect(expectError(edges, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        requiredScope: 'read:edges',
      });

      // Narrowing the membership narrows tokens already issued.
      await t.container.deps.oauth.users.putMembership(member.id, t.workspaceId, ['read:nodes']);
      expectError(await create(), 403, 'INSUFFICIENT_SCOPE');

      // Membership elsewhere adds that workspace, with the intersection there.
      const other = await createWorkspaceWithKey(t);
      await t.container.deps.oauth.users.putMembership(member.id, other.workspaceId, [
        'write:nodes',
        'read:livedata',
      ]);
      const identity = expectData(await me(t, tokens.access_token), 200);
      expect(identity.workspaces).toHaveLength(2);
      expect(identity.workspaces).toEqual(
        expect.arrayContaining([
          { id: t.workspaceId, scopes: ['read:nodes'] },
          { id: other.workspaceId, scopes: ['write:nodes'] },
        ]),
      );
    });

    it('stop working when their client is deleted', async () => {
      const doomed = await registerClient(t, { scopes: ['read:nodes'] });
      const tokens = await obtainTokens(t, doomed, user, 'read:nodes');
      const res = await request(t.app)
        .delete(`/api/oauth/clients/${doomed.id}`)
        .set(authHeaders(t.apiKey, t.workspaceId));
      expect(res.status).toBe(204);
      expectError(await me(t, tokens.access_token), 401, 'UNAUTHENTICATED');
      expectOAuthError(await refresh(t, doomed, tokens.refresh_token), 400, 'invalid_client');
    });
  });

  describe('POST /revoke (RFC 7009)', () => {
    const revoke = (body: Record<string, string>) =>
      request(t.app).post('/revoke').type('form').send(body);

    it('revoking a refresh token revokes the access tokens issued from it', async () => {
      const tokens = await obtainTokens(t, client, user);
      const res = await revoke({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: client.id,
      });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
      expectError(await me(t, tokens.access_token), 401, 'UNAUTHENTICATED');
      expectOAuthError(await refresh(t, client, tokens.refresh_token), 400, 'invalid_grant');
    });

    it('revoking an access token revokes only that token', async () => {
      const tokens = await obtainTokens(t, client, user);
      const res = await request(t.app)
        .post('/revoke')
        .send({ token: tokens.access_token, client_id: client.id });
      expect(res.status).toBe(200);
      const after = await me(t, tokens.access_token);
      expectError(after, 401, 'UNAUTHENTICATED');
      expect(after.headers['www-authenticate']).toContain('credential revoked');
      expect((await refresh(t, client, tokens.refresh_token)).status).toBe(200);
    });

    it('answers 200 for unknown, malformed and already revoked tokens, and a wrong hint', async () => {
      const tokens = await obtainTokens(t, client, user);
      const bodies: Record<string, string>[] = [
        { token: 'wor_unknown', client_id: client.id },
        { token: 'something else', client_id: client.id },
        { token: tokens.access_token, client_id: client.id, token_type_hint: 'refresh_token' },
        { token: tokens.access_token, client_id: client.id },
      ];
      for (const body of bodies) {
        expect((await revoke(body)).status).toBe(200);
      }
      expectError(await me(t, tokens.access_token), 401, 'UNAUTHENTICATED');
    });

    it("refuses another client's token, which stays valid", async () => {
      const tokens = await obtainTokens(t, client, user);
      const res = await revoke({ token: tokens.refresh_token, client_id: otherClient.id });
      expectOAuthError(res, 400, 'invalid_client');
      expectData(await me(t, tokens.access_token), 200);
      expect((await refresh(t, client, tokens.refresh_token)).status).toBe(200);
    });

    it('needs token and a known client_id', async () => {
      expectOAuthError(await revoke({ client_id: client.id }), 400, 'invalid_request');
      expectOAuthError(await revoke({ token: 'x' }), 400, 'invalid_request');
      expectOAuthError(await revoke({ token: 'x', client_id: 'cli_nope' }), 400, 'invalid_client');
    });
  });
});
