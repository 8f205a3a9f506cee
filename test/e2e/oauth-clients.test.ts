import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

describe('/api/oauth/clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const valid = {
    name: 'Graph explorer',
    redirectUri: 'http://localhost:5173/callback',
    scopes: ['read:nodes', 'write:nodes'],
  };
  const create = (body: object, key = t.apiKey, workspaceId = t.workspaceId) =>
    request(t.app).post('/api/oauth/clients').set(authHeaders(key, workspaceId)).send(body);

  it('registers a client and shows it', async () => {
    const res = await create(valid);
    const client = expectData(res, 201);
    expect(client).toEqual({
      clientId: expect.stringMatching(/^cli_[A-Za-z0-9_-]{20}$/),
      name: 'Graph explorer',
      redirectUri: 'http://localhost:5173/callback',
      scopes: ['read:nodes', 'write:nodes'],
      workspaceId: t.workspaceId,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^key_/),
    });
    expect(res.headers.location).toBe(`/api/oauth/clients/${client.clientId}`);

    const got = await request(t.app)
      .get(res.headers.location as string)
      .set(authHeaders(t.apiKey, t.workspaceId));
    expect(expectData(got, 200)).toEqual(client);
    const list = await request(t.app)
      .get('/api/oauth/clients')
      .set(authHeaders(t.apiKey, t.workspaceId));
    expect(expectData(list, 200)).toContainEqual(client);
  });

  it.each([
    ['https://app.example.com/cb'],
    ['http://127.0.0.1:8080/cb'],
    ['http://[::1]/cb'],
    ['com.example.app:/oauth/callback'],
    ['https://app.example.com/cb?tenant=acme'],
  ])('accepts the redirect URI %s, stored as given', async (redirectUri) => {
    expect(expectData(await create({ ...valid, redirectUri }), 201).redirectUri).toBe(redirectUri);
  });

  it.each([
    ['a relative URI', '/callback'],
    ['http on a public host', 'http://app.example.com/cb'],
    ['a fragment', 'https://app.example.com/cb#frag'],
    ['credentials', 'https://user:pw@app.example.com/cb'],
    ['a javascript: URI', 'javascript:alert(1)'],
    ['a scheme without a dot', 'myapp:/cb'],
  ])('refuses a redirect URI with %s', async (_case, redirectUri) => {
    const error = expectError(await create({ ...valid, redirectUri }), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({
      issues: [{ path: 'body.redirectUri', message: expect.any(String) }],
    });
  });

  it('refuses unknown scopes, no scopes, an empty name and unknown fields', async () => {
    const res = await create({ name: ' ', redirectUri: valid.redirectUri, scopes: [], extra: 1 });
    const paths = (expectError(res, 400, 'VALIDATION_ERROR').details!.issues as { path: string }[])
      .map((i) => i.path)
      .sort();
    expect(paths).toEqual(['body.extra', 'body.name', 'body.scopes']);
    expectError(await create({ ...valid, scopes: ['fly'] }), 400, 'VALIDATION_ERROR');
    expectError(
      await request(t.app)
        .post('/api/oauth/clients')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .type('form')
        .send('name=x'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('needs the admin scope and the workspace header', async () => {
    const reader = await createKey(t, t.workspaceId, ['read:nodes']);
    const res = await create(valid, reader.secret);
    expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({ requiredScope: 'admin' });
    expectError(
      await request(t.app).get('/api/oauth/clients').set(authHeaders(t.apiKey)),
      400,
      'WORKSPACE_REQUIRED',
    );
    expectError(await request(t.app).get('/api/oauth/clients'), 401, 'UNAUTHENTICATED');
  });

  it("keeps workspaces apart: another workspace's client is missing for this one", async () => {
    const other = await createWorkspaceWithKey(t);
    const theirs = expectData(await create(valid, other.apiKey, other.workspaceId), 201);
    const mine = await request(t.app)
      .get('/api/oauth/clients')
      .set(authHeaders(t.apiKey, t.workspaceId));
    expect((expectData(mine, 200) as { clientId: string }[]).map((c) => c.clientId)).not.toContain(
      theirs.clientId,
    );
    const path = `/api/oauth/clients/${theirs.clientId as string}`;
    for (const call of [request(t.app).get(path), request(t.app).delete(path)]) {
      expectError(await call.set(authHeaders(t.apiKey, t.workspaceId)), 404, 'NOT_FOUND');
    }
    // Still there for its own workspace.
    expectData(
      await request(t.app)
        .get(`/api/oauth/clients/${theirs.clientId as string}`)
        .set(authHeaders(other.apiKey, other.workspaceId)),
      200,
    );
  });

  it('deletes a client: 204, then 404', async () => {
    const client = expectData(await create(valid), 201);
    const path = `/api/oauth/clients/${client.clientId as string}`;
    const del = await request(t.app).delete(path).set(authHeaders(t.apiKey, t.workspaceId));
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectError(
      await request(t.app).get(path).set(authHeaders(t.apiKey, t.workspaceId)),
      404,
      'NOT_FOUND',
    );
    expectError(
      await request(t.app).delete(path).set(authHeaders(t.apiKey, t.workspaceId)),
      404,
      'NOT_FOUND',
    );
    // The authorization server no longer knows it either: an error page, no redirect.
    const authorize = await request(t.app)
      .get('/authorize')
      .query({
        client_id: client.clientId as string,
        redirect_uri: valid.redirectUri,
      });
    expect(authorize.status).toBe(400);
    expect(authorize.headers.location).toBeUndefined();
  });

  it('pages the list', async () => {
    const other = await createWorkspaceWithKey(t);
    for (let i = 0; i < 3; i += 1) {
      await create({ ...valid, name: `app ${i}` }, other.apiKey, other.workspaceId);
    }
    const list = (query: string) =>
      request(t.app)
        .get(`/api/oauth/clients?${query}`)
        .set(authHeaders(other.apiKey, other.workspaceId));
    // Created at the same (frozen) instant: the order is creation time, then client_id.
    const all = expectData(await list('limit=100'), 200) as { clientId: string }[];
    expect(all.map((c) => c.clientId)).toEqual(all.map((c) => c.clientId).sort());
    const res = await list('limit=2&offset=1');
    expect(expectData(res, 200)).toEqual(all.slice(1, 3));
    expect(res.body.meta).toEqual({ total: 3, limit: 2, offset: 1 });
  });
});
