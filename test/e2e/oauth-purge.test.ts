import request from 'supertest';
import { expectData } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import {
  authorizeInBrowser,
  authorizeQuery,
  createUser,
  me,
  pkcePair,
  refresh,
  registerClient,
  type TestClient,
  type TestUser,
} from '../support/oauth-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The purge of expired OAuth records keeps each one for 24 hours after it expired
 * (docs/oauth.md "Expiry and purge"): a replayed code or refresh token is still recognised
 * as a replay during that day, and revokes its authorization; after it, it is unknown.
 */
describe('purge of expired OAuth records', () => {
  let t: TestApp;
  let clock: ManualClock;
  let client: TestClient;
  let user: TestUser;

  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    t = await createTestApp({ clock });
    client = await registerClient(t, { scopes: ['read:nodes'] });
    user = await createUser(t, [{ workspaceId: t.workspaceId, scopes: ['read:nodes'] }]);
  });
  afterEach(() => t.close());

  const purge = () => t.container.deps.oauth.maintenance.run();

  /** A code for `user`, redeemed: the code and verifier, and the tokens issued for it. */
  async function redeemed() {
    const { verifier, challenge } = pkcePair();
    const redirect = await authorizeInBrowser(t, authorizeQuery(client, challenge), user);
    const issued = { code: redirect.searchParams.get('code') ?? '', verifier };
    const res = await redeem(issued);
    expect(res.status).toBe(200);
    return {
      issued,
      tokens: res.body as { access_token: string; refresh_token: string },
    };
  }
  const redeem = (issued: { code: string; verifier: string }) =>
    request(t.app).post('/token').type('form').send({
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: client.redirectUri,
      client_id: client.id,
      code_verifier: issued.verifier,
    });

  it('keeps a used code for a day after it expired: its replay still revokes the tokens', async () => {
    const { issued, tokens } = await redeemed();
    clock.advance(23 * HOUR_MS);
    expect(await purge()).toMatchObject({ codes: 0 });

    const replay = await redeem(issued);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(replay.body.error_description).toContain('already used');
    const refreshed = await refresh(t, client, tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('forgets a code a day after it expired: its replay is an unknown code', async () => {
    const { issued, tokens } = await redeemed();
    clock.advance(DAY_MS + 2 * MINUTE_MS);
    // The code (expired a day and a minute ago) goes; the tokens stay.
    expect(await purge()).toMatchObject({ codes: 1, accessTokens: 0, families: 0 });

    const replay = await redeem(issued);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(replay.body.error_description).not.toContain('already used');
    const refreshed = await refresh(t, client, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expectData(await me(t, refreshed.body.access_token as string), 200);
  });

  it('keeps a rotated refresh token for a day after it expired: its replay revokes the family', async () => {
    const { tokens: first } = await redeemed();
    const second = (await refresh(t, client, first.refresh_token)).body as typeof first;
    clock.advance(15 * DAY_MS);
    const third = (await refresh(t, client, second.refresh_token)).body as typeof first;
    // The first two refresh tokens expired 23 hours ago; the third lives for 15 more days.
    clock.advance(15 * DAY_MS + 23 * HOUR_MS);
    expect(await purge()).toMatchObject({ refreshTokens: 0 });

    const replay = await refresh(t, client, first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error_description).toContain('already used');
    expect((await refresh(t, client, third.refresh_token)).status).toBe(400);
  });

  it('deletes a family with its last token, after which its refresh token is unknown', async () => {
    const { tokens } = await redeemed();
    clock.advance(31 * DAY_MS + MINUTE_MS);
    expect(await purge()).toEqual({
      requests: 1,
      codes: 1,
      accessTokens: 1,
      refreshTokens: 1,
      families: 1,
    });
    const refreshed = await refresh(t, client, tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });
  });
});
