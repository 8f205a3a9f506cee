import request from 'supertest';
import { createApp } from '../../src/app';
import { Lifecycle } from '../../src/lifecycle/lifecycle';
import type { HealthCheck } from '../../src/ports/health';
import { expectData, expectError } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { storeChecks } from '../support/test-engine';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());

  /** The app with one more readiness check. */
  function withHealthCheck(check: HealthCheck) {
    const deps = t.container.deps;
    return recordResponses(createApp({ ...deps, healthChecks: [...deps.healthChecks, check] }));
  }

  it('/health answers 200 without authentication', async () => {
    const res = await request(t.app).get('/health');
    expect(expectData(res, 200)).toEqual({ status: 'ok' });
  });

  it('/ready answers 200 when every store is reachable', async () => {
    const res = await request(t.app).get('/ready');
    expect(expectData(res, 200)).toEqual({ status: 'ready', checks: storeChecks() });
  });

  it.each([
    ['answers false', () => Promise.resolve(false)],
    ['rejects', () => Promise.reject(new Error('connection refused'))],
  ])('/ready answers 503 SERVICE_UNAVAILABLE when a check %s', async (_how, ping) => {
    const app = withHealthCheck({ name: 'graph', ping });
    const res = await request(app).get('/ready');
    const error = expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(error.details).toEqual({ checks: { ...storeChecks(), graph: 'down' } });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.text).not.toContain('connection refused');
  });

  it('/ready answers 200 reporting a non-critical dependency that is down (Redis)', async () => {
    const app = withHealthCheck({
      name: 'redis',
      critical: false,
      ping: () => Promise.reject(new Error('connection refused')),
    });
    const res = await request(app).get('/ready');
    expect(expectData(res, 200)).toEqual({
      status: 'ready',
      checks: { ...storeChecks(), redis: 'down' },
    });
  });

  it('/ready answers 503 once the service is stopping, without pinging the stores', async () => {
    const lifecycle = new Lifecycle();
    let pings = 0;
    const check: HealthCheck = { name: 'graph', ping: () => ((pings += 1), Promise.resolve(true)) };
    const app = recordResponses(
      createApp({ ...t.container.deps, lifecycle, healthChecks: [check] }),
    );
    expectData(await request(app).get('/ready'), 200);
    lifecycle.beginStopping();
    const res = await request(app).get('/ready');
    const error = expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(error.details).toEqual({ reason: 'shutting down' });
    expect(pings).toBe(1);
    // Liveness is unaffected: the process still serves.
    expectData(await request(app).get('/health'), 200);
  });

  it('/health stays 200 while /ready fails (liveness is not readiness)', async () => {
    const app = withHealthCheck({ name: 'graph', ping: () => Promise.resolve(false) });
    expectData(await request(app).get('/health'), 200);
  });

  describe('/metrics', () => {
    it('serves Prometheus text with request counts labelled by route template', async () => {
      const me = await request(t.app).get('/api/me').set(authHeaders(t.apiKey));
      expectData(me, 200);
      const key = await request(t.app)
        .get('/api/api-keys/key_doesNotExist00000000')
        .set(authHeaders(t.apiKey, t.workspaceId));
      expectError(key, 404, 'NOT_FOUND');

      const res = await request(t.app).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain('# TYPE http_requests_total counter');
      expect(res.text).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/me",status="200"\} \d+$/m,
      );
      // The template, not the id: one series per route, whatever ids are requested.
      expect(res.text).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/api-keys\/:id",status="404"\} 1$/m,
      );
      expect(res.text).not.toContain('key_doesNotExist');
      expect(res.text).toContain('http_request_duration_seconds_bucket{');
    });

    it('labels requests to unknown paths with one shared route value', async () => {
      expectError(await request(t.app).get('/no/such/path/abc123'), 404, 'NOT_FOUND');
      const res = await request(t.app).get('/metrics');
      expect(res.text).toMatch(
        /^http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m,
      );
      expect(res.text).not.toContain('abc123');
    });
  });

  describe('/metrics with METRICS_TOKEN', () => {
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-for-tests' } });
    });
    afterAll(() => guarded.close());

    it.each([
      ['no token', undefined],
      ['a wrong token', 'Bearer not-the-token'],
      ['an API key', 'API_KEY'],
    ])('answers %s with 401 UNAUTHENTICATED', async (_what, authorization) => {
      const req = request(guarded.app).get('/metrics');
      if (authorization !== undefined) {
        void req.set(
          'Authorization',
          authorization === 'API_KEY' ? `Bearer ${guarded.apiKey}` : authorization,
        );
      }
      const res = await req;
      expectError(res, 401, 'UNAUTHENTICATED');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(res.text).not.toContain('http_requests_total');
    });

    it('serves the metrics with the token', async () => {
      const res = await request(guarded.app)
        .get('/metrics')
        .set('Authorization', 'Bearer metrics-token-for-tests');
      expect(res.status).toBe(200);
      expect(res.text).toContain('http_requests_total');
    });
  });
});
