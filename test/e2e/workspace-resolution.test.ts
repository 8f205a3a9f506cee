import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey, type WorkspaceWithKey } from '../support/workspace-fixtures';

describe('workspace resolution', () => {
  let t: TestApp;
  let other: WorkspaceWithKey;
  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    other = await createWorkspaceWithKey(t, { plan: 'enterprise' });
  });
  afterAll(() => t.close());

  it('answers a workspace route without x-workspace-id with 400 WORKSPACE_REQUIRED', async () => {
    const res = await request(t.app).get('/api/api-keys').set(authHeaders(t.apiKey));
    expectError(res, 400, 'WORKSPACE_REQUIRED');
  });

  it('treats an empty x-workspace-id as missing', async () => {
    const res = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey))
      .set('x-workspace-id', '');
    expectError(res, 400, 'WORKSPACE_REQUIRED');
  });

  it.each(['not-a-uuid', '12345', `${randomUUID()}x`])(
    'answers x-workspace-id %j with 400 VALIDATION_ERROR',
    async (value) => {
      const res = await request(t.app).get('/api/api-keys').set(authHeaders(t.apiKey, value));
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(error.details).toEqual({
        issues: [{ path: 'headers.x-workspace-id', message: expect.any(String) }],
      });
    },
  );

  it("answers a key of workspace A used with workspace B's id with 403 FORBIDDEN", async () => {
    const res = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey, other.workspaceId));
    expectError(res, 403, 'FORBIDDEN');
  });

  it('answers the same way in the other direction', async () => {
    const res = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(other.apiKey, t.workspaceId));
    expectError(res, 403, 'FORBIDDEN');
  });

  it('does not reveal whether a foreign workspace exists', async () => {
    const existing = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey, other.workspaceId));
    const missing = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey, randomUUID()));
    expect(expectError(missing, 403, 'FORBIDDEN')).toEqual(expectError(existing, 403, 'FORBIDDEN'));
  });

  it('lets each key act in its own workspace', async () => {
    const mine = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey, t.workspaceId));
    const theirs = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(other.apiKey, other.workspaceId));
    expect(expectData(mine, 200).map((k: { workspaceId: string }) => k.workspaceId)).toEqual(
      expect.arrayContaining([t.workspaceId]),
    );
    const theirKeys = expectData(theirs, 200) as { id: string; workspaceId: string }[];
    expect(theirKeys.map((k) => k.id)).toEqual([other.apiKeyId]);
  });

  it('accepts its own workspace id in upper case (UUIDs are case-insensitive)', async () => {
    const res = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(other.apiKey, other.workspaceId.toUpperCase()));
    const keys = expectData(res, 200) as { id: string; workspaceId: string }[];
    expect(keys.map((k) => [k.id, k.workspaceId])).toEqual([[other.apiKeyId, other.workspaceId]]);
  });

  it.each(['/api/me', '/api/workspaces', '/health', '/ready'])(
    'serves the global route %s without x-workspace-id',
    async (path) => {
      const res = await request(t.app).get(path).set(authHeaders(t.apiKey));
      expectData(res, 200);
    },
  );

  it('serves a global route even with a foreign x-workspace-id', async () => {
    const res = await request(t.app).get('/api/me').set(authHeaders(t.apiKey, other.workspaceId));
    expect(expectData(res, 200).homeWorkspaceId).toBe(t.workspaceId);
  });
});
