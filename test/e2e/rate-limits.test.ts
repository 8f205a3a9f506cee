import http from 'node:http';
import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey, type WorkspaceWithKey } from '../support/workspace-fixtures';

const MINUTE_MS = 60_000;
/** 12:00:30 UTC: half way through a minute, far from the end of the day. */
const T0 = Date.UTC(2026, 0, 15, 12, 0, 30);
const NEXT_MINUTE = Date.UTC(2026, 0, 15, 12, 1, 0);
const NEXT_DAY = Date.UTC(2026, 0, 16, 0, 0, 0);

const seconds = (ms: number) => String(ms / 1000);

interface RateHeaders {
  limit: string | undefined;
  remaining: string | undefined;
  reset: string | undefined;
}

function rateHeaders(res: request.Response): RateHeaders {
  return {
    limit: res.headers['x-ratelimit-limit'],
    remaining: res.headers['x-ratelimit-remaining'],
    reset: res.headers['x-ratelimit-reset'],
  };
}

describe('rate limits', () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  // One listening server for the whole file: a hundred requests need not start a hundred.
  let server: http.Server;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  beforeEach(() => clock.set(T0));

  const me = (w: WorkspaceWithKey) => request(server).get('/api/me').set(authHeaders(w.apiKey));

  describe('Starter: 60 per minute', () => {
    it('counts down, refuses the 61st with 429 and allows again the next minute', async () => {
      const w = await createWorkspaceWithKey(t, { plan: 'starter' });
      for (let i = 1; i <= 60; i += 1) {
        const res = await me(w);
        expectData(res, 200);
        expect(rateHeaders(res)).toEqual({
          limit: '60',
          remaining: String(60 - i),
          reset: seconds(NEXT_MINUTE),
        });
      }

      const refused = await me(w);
      const error = expectError(refused, 429, 'RATE_LIMITED');
      expect(error.details).toEqual({ window: 'minute', retryAfterSeconds: 30 });
      expect(refused.headers['retry-after']).toBe('30');
      expect(rateHeaders(refused)).toEqual({
        limit: '60',
        remaining: '0',
        reset: seconds(NEXT_MINUTE),
      });

      clock.set(NEXT_MINUTE - 1);
      const stillRefused = await me(w);
      expectError(stillRefused, 429, 'RATE_LIMITED');
      expect(stillRefused.headers['retry-after']).toBe('1');

      clock.set(NEXT_MINUTE);
      const allowed = await me(w);
      expectData(allowed, 200);
      expect(rateHeaders(allowed)).toEqual({
        limit: '60',
        remaining: '59',
        reset: seconds(NEXT_MINUTE + MINUTE_MS),
      });
    });

    it('sends the IETF RateLimit-Policy and RateLimit fields', async () => {
      const w = await createWorkspaceWithKey(t, { plan: 'starter' });
      const res = await me(w);
      expectData(res, 200);
      expect(res.headers['ratelimit-policy']).toBe('"minute";q=60;w=60, "day";q=10000;w=86400');
      expect(res.headers.ratelimit).toBe('"minute";r=59;t=30');
    });
  });

  it.each([
    ['pro', null, '300'],
    ['enterprise', null, '10000'],
    ['enterprise', { perMinute: 7, perDay: 70 }, '7'],
  ] as const)('applies the %s plan with limits %j', async (plan, limits, expected) => {
    const w = await createWorkspaceWithKey(t, { plan, limits });
    const res = await me(w);
    expectData(res, 200);
    expect(res.headers['x-ratelimit-limit']).toBe(expected);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(Number(expected) - 1));
  });

  it('enforces the day window even when the minute window has room', async () => {
    const w = await createWorkspaceWithKey(t, { plan: 'starter' });
    await t.container.deps.workspaces.update(w.workspaceId, {
      plan: 'enterprise',
      limits: { perMinute: 5, perDay: 8 },
    });

    for (let i = 0; i < 5; i += 1) {
      expectData(await me(w), 200);
    }
    const minuteRefusal = await me(w);
    expect(expectError(minuteRefusal, 429, 'RATE_LIMITED').details).toMatchObject({
      window: 'minute',
    });

    // Next minute: 3 more fit in the day (the refused request above was not counted).
    clock.set(NEXT_MINUTE);
    const remaining: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await me(w);
      expectData(res, 200);
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    // Remaining is the smaller of the two windows' remainders: the day's here.
    expect(remaining).toEqual(['2', '1', '0']);
    expect(rateHeaders(await me(w)).reset).toBe(seconds(NEXT_DAY));

    const dayRefusal = await me(w);
    const toMidnight = (NEXT_DAY - NEXT_MINUTE) / 1000;
    expect(expectError(dayRefusal, 429, 'RATE_LIMITED').details).toEqual({
      window: 'day',
      retryAfterSeconds: toMidnight,
    });
    expect(dayRefusal.headers['retry-after']).toBe(String(toMidnight));
    expect(rateHeaders(dayRefusal)).toEqual({
      limit: '5',
      remaining: '0',
      // Reset follows the window that is exhausted: the UTC day here.
      reset: seconds(NEXT_DAY),
    });
    expect(dayRefusal.headers.ratelimit).toBe(`"day";r=0;t=${toMidnight}`);

    // A fresh minute does not help; a fresh UTC day does.
    clock.set(NEXT_MINUTE + 10 * MINUTE_MS);
    expectError(await me(w), 429, 'RATE_LIMITED');
    clock.set(NEXT_DAY);
    const nextDay = await me(w);
    expectData(nextDay, 200);
    expect(nextDay.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('puts the headers on the error responses of authenticated requests, and counts them', async () => {
    const w = await createWorkspaceWithKey(t, { plan: 'starter', scopes: ['read:nodes'] });
    const other = await createWorkspaceWithKey(t, { plan: 'starter' });
    const headers = authHeaders(w.apiKey, w.workspaceId);
    const responses = [
      [
        await request(server).get('/api/api-keys').set(authHeaders(w.apiKey)),
        400,
        'WORKSPACE_REQUIRED',
      ],
      [
        await request(server).get('/api/api-keys').set(authHeaders(w.apiKey, 'nope')),
        400,
        'VALIDATION_ERROR',
      ],
      [
        await request(server).get('/api/api-keys').set(authHeaders(w.apiKey, other.workspaceId)),
        403,
        'FORBIDDEN',
      ],
      [await request(server).get('/api/api-keys').set(headers), 403, 'INSUFFICIENT_SCOPE'],
      [
        await request(server).get('/api/workspaces?limit=abc').set(headers),
        400,
        'VALIDATION_ERROR',
      ],
    ] as const;
    responses.forEach(([res, status, code], i) => {
      expectError(res, status, code);
      expect(rateHeaders(res)).toEqual({
        limit: '60',
        remaining: String(59 - i),
        reset: seconds(NEXT_MINUTE),
      });
      expect(res.headers['ratelimit-policy']).toBeDefined();
    });
  });

  it('keeps a separate budget per workspace', async () => {
    const a = await createWorkspaceWithKey(t, { plan: 'starter' });
    const b = await createWorkspaceWithKey(t, { plan: 'starter' });
    for (let i = 0; i < 60; i += 1) {
      expectData(await me(a), 200);
    }
    expectError(await me(a), 429, 'RATE_LIMITED');

    const fromB = await me(b);
    expectData(fromB, 200);
    expect(fromB.headers['x-ratelimit-remaining']).toBe('59');

    // A's key naming B's workspace is charged to A (it may not act in B), not to B.
    const intrusion = await request(server)
      .get('/api/api-keys')
      .set(authHeaders(a.apiKey, b.workspaceId));
    expectError(intrusion, 429, 'RATE_LIMITED');
    const again = await me(b);
    expect(again.headers['x-ratelimit-remaining']).toBe('58');
  });

  it('admits exactly the limit under concurrent requests', async () => {
    const w = await createWorkspaceWithKey(t, { plan: 'starter' });
    const responses = await Promise.all(Array.from({ length: 100 }, () => me(w)));

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // Every admitted request saw its own count: Remaining 59 down to 0, each once.
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers['x-ratelimit-remaining']))
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const res of responses.filter((r) => r.status === 429)) {
      expectError(res, 429, 'RATE_LIMITED');
    }
  });

  it('sends no rate-limit headers when rate limiting is disabled', async () => {
    const off = await createTestApp({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
    try {
      for (let i = 0; i < 61; i += 1) {
        const res = await request(off.app).get('/api/me').set(authHeaders(off.apiKey));
        expectData(res, 200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });
});
