import request from 'supertest';
import { SCOPES } from '../../src/domain/scopes';
import { expectData } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

describe('/api/me and /api/workspaces', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());

  it('/api/me describes the calling key', async () => {
    const key = await createKey(t, t.workspaceId, ['read:nodes', 'read:edges']);
    const res = await request(t.app).get('/api/me').set(authHeaders(key.secret));
    expect(expectData(res, 200)).toEqual({
      kind: 'api_key',
      actorId: key.id,
      credentialId: key.id,
      name: 'test key read:nodes read:edges',
      homeWorkspaceId: t.workspaceId,
      workspaces: [{ id: t.workspaceId, scopes: ['read:nodes', 'read:edges'] }],
    });
  });

  it('/api/me shows every scope for the bootstrap admin key', async () => {
    const res = await request(t.app).get('/api/me').set(authHeaders(t.apiKey));
    expect(expectData(res, 200).workspaces).toEqual([{ id: t.workspaceId, scopes: [...SCOPES] }]);
  });

  it('/api/workspaces lists the workspaces the key may use, with plan, limits and scopes', async () => {
    const res = await request(t.app).get('/api/workspaces').set(authHeaders(t.apiKey));
    expect(expectData(res, 200)).toEqual([
      {
        id: t.workspaceId,
        name: 'Default workspace',
        plan: 'enterprise',
        limits: null,
        createdAt: new Date(clock.now()).toISOString(),
        scopes: [...SCOPES],
      },
    ]);
    expect(res.body.meta).toEqual({ total: 1, limit: 50, offset: 0 });
  });

  it("/api/workspaces never shows another workspace's data", async () => {
    const other = await createWorkspaceWithKey(t, {
      plan: 'enterprise',
      limits: { perMinute: 100, perDay: 1000 },
      scopes: ['read:nodes'],
    });
    const theirs = await request(t.app).get('/api/workspaces').set(authHeaders(other.apiKey));
    expect(expectData(theirs, 200)).toEqual([
      expect.objectContaining({
        id: other.workspaceId,
        plan: 'enterprise',
        limits: { perMinute: 100, perDay: 1000 },
        scopes: ['read:nodes'],
      }),
    ]);
    const mine = await request(t.app).get('/api/workspaces').set(authHeaders(t.apiKey));
    expect(expectData(mine, 200).map((w: { id: string }) => w.id)).toEqual([t.workspaceId]);
  });

  it('/api/workspaces pages with limit and offset', async () => {
    const res = await request(t.app).get('/api/workspaces?offset=1').set(authHeaders(t.apiKey));
    expect(expectData(res, 200)).toEqual([]);
    expect(res.body.meta).toEqual({ total: 1, limit: 50, offset: 1 });
  });
});
