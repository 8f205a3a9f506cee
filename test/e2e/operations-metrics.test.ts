import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { testEngine } from '../support/test-engine';
import {
  adminHeaders,
  createConnector,
  deliver,
  unixSeconds,
  xHeaders,
} from '../support/webhook-fixtures';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/** The value of one sample in the Prometheus text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * The operators' metrics on /metrics (docs/operations.md "Metrics"): refusals by code and
 * plan, commands by type, webhook deliveries by outcome, store calls by engine.
 */
describe('operations metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const metrics = async () => (await request(t.app).get('/metrics').expect(200)).text;

  it('counts refused requests by error code and plan', async () => {
    await request(t.app).get('/api/me').set('Authorization', 'Bearer wos_not-a-key');
    const limited = await createWorkspaceWithKey(t, {
      plan: 'enterprise',
      limits: { perMinute: 1, perDay: 100 },
    });
    expectData(await request(t.app).get('/api/me').set(authHeaders(limited.apiKey)), 200);
    expectError(
      await request(t.app).get('/api/me').set(authHeaders(limited.apiKey)),
      429,
      'RATE_LIMITED',
    );
    const starter = await createWorkspaceWithKey(t, { plan: 'starter', scopes: ['read:nodes'] });
    expectError(
      await request(t.app)
        .get('/api/queries/nodes')
        .set(authHeaders(starter.apiKey, limited.workspaceId)),
      403,
      'FORBIDDEN',
    );

    const text = await metrics();
    expect(sample(text, 'http_requests_refused_total{code="UNAUTHENTICATED",plan="none"}')).toBe(1);
    expect(sample(text, 'http_requests_refused_total{code="RATE_LIMITED",plan="enterprise"}')).toBe(
      1,
    );
    expect(sample(text, 'http_requests_refused_total{code="FORBIDDEN",plan="starter"}')).toBe(1);
  });

  it('times commands by type and store calls by engine', async () => {
    const res = await request(t.app)
      .post('/api/commands/execute')
      .set(adminHeaders(t))
      .send({ type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'P-1' } });
    expectData(res, 201);

    const text = await metrics();
    const engine = testEngine();
    expect(sample(text, 'command_duration_seconds_count{type="CREATE_NODE"}')).toBe(1);
    expect(
      sample(
        text,
        `store_operation_duration_seconds_count{engine="${engine}",operation="graph.transaction"}`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, `store_errors_total{engine="${engine}"}`)).toBeUndefined();
    // The search metrics are there once, not duplicated.
    expect(text.match(/^# TYPE search_index_backlog gauge$/gm)).toHaveLength(1);
  });

  it('counts webhook deliveries by outcome', async () => {
    const connector = await createConnector(t, adminHeaders(t));
    const body = '{"type":"job","id":"metrics-1"}';
    const now = unixSeconds(t.clock);
    expect(
      (await deliver(t, connector, body, xHeaders(connector.secret, now, body, 'm-1'))).status,
    ).toBe(202);
    expect(
      (await deliver(t, connector, body, xHeaders(connector.secret, now, body, 'm-1'))).status,
    ).toBe(200);
    expect((await deliver(t, connector, body, xHeaders('wrong', now, body, 'm-2'))).status).toBe(
      401,
    );
    expect(
      (await deliver(t, { endpointId: 'no-such-endpoint' }, body, xHeaders('x', now, body))).status,
    ).toBe(404);

    const text = await metrics();
    expect(sample(text, 'webhook_deliveries_total{outcome="processed"}')).toBe(1);
    expect(sample(text, 'webhook_deliveries_total{outcome="duplicate"}')).toBe(1);
    expect(sample(text, 'webhook_deliveries_total{outcome="rejected"}')).toBe(1);
    expect(sample(text, 'webhook_deliveries_total{outcome="unknown_endpoint"}')).toBe(1);
  });
});
