import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey } from '../support/workspace-fixtures';

describe('scopes', () => {
  let t: TestApp;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    reader = (await createKey(t, t.workspaceId, ['read:nodes', 'read:edges'])).secret;
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/api-keys'],
    ['get', '/api/api-keys/key_doesNotMatterHere000'],
    ['post', '/api/api-keys'],
    ['delete', '/api/api-keys/key_doesNotMatterHere000'],
  ] as const)('answers %s %s without admin with 403 INSUFFICIENT_SCOPE', async (method, path) => {
    const res = await request(t.app)[method](path).set(authHeaders(reader, t.workspaceId));
    const error = expectError(res, 403, 'INSUFFICIENT_SCOPE');
    expect(error.details).toEqual({ requiredScope: 'admin' });
    expect(error.message).toContain('admin');
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(res.headers['www-authenticate']).toContain('scope="admin"');
  });

  it('lets a key without admin use the global routes', async () => {
    expectData(await request(t.app).get('/api/me').set(authHeaders(reader)), 200);
    expectData(await request(t.app).get('/api/workspaces').set(authHeaders(reader)), 200);
  });

  it('does not let a key create a key with scopes it does not hold', async () => {
    const limitedAdmin = (await createKey(t, t.workspaceId, ['admin', 'read:nodes'])).secret;
    const res = await request(t.app)
      .post('/api/api-keys')
      .set(authHeaders(limitedAdmin, t.workspaceId))
      .send({ name: 'escalation', scopes: ['read:nodes', 'write:nodes'] });
    const error = expectError(res, 403, 'FORBIDDEN');
    expect(error.message).toContain('write:nodes');
    expect(error.message).not.toContain('read:nodes');

    const list = await request(t.app)
      .get('/api/api-keys')
      .set(authHeaders(t.apiKey, t.workspaceId));
    expect(expectData(list, 200).map((k: { name: string }) => k.name)).not.toContain('escalation');
  });

  it('lets a key create a key with a subset of its own scopes', async () => {
    const limitedAdmin = (await createKey(t, t.workspaceId, ['admin', 'read:nodes'])).secret;
    const res = await request(t.app)
      .post('/api/api-keys')
      .set(authHeaders(limitedAdmin, t.workspaceId))
      .send({ name: 'subset', scopes: ['read:nodes'] });
    expect(expectData(res, 201).scopes).toEqual(['read:nodes']);
  });
});
