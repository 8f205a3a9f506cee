import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey, type WorkspaceWithKey } from '../support/workspace-fixtures';

interface PresentedKey {
  id: string;
  name: string;
  prefix: string;
  workspaceId: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
}

const PUBLIC_FIELDS = [
  'createdAt',
  'createdBy',
  'expiresAt',
  'id',
  'name',
  'prefix',
  'revokedAt',
  'scopes',
  'workspaceId',
];

describe('API keys', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
    admin = authHeaders(t.apiKey, t.workspaceId);
  });
  afterAll(() => t.close());

  async function createViaApi(name: string, scopes: string[] = ['read:nodes']) {
    const res = await request(t.app).post('/api/api-keys').set(admin).send({ name, scopes });
    return expectData(res, 201) as PresentedKey & { secret: string };
  }

  async function bootstrapKeyId(): Promise<string> {
    const me = await request(t.app).get('/api/me').set(authHeaders(t.apiKey));
    return expectData(me, 200).credentialId as string;
  }

  describe('create', () => {
    it('returns the key with its secret, once', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(admin)
        .send({ name: '  ci deploy  ', scopes: ['read:nodes', 'write:nodes'] });
      const key = expectData(res, 201) as PresentedKey & { secret: string };

      expect(Object.keys(key).sort()).toEqual([...PUBLIC_FIELDS, 'secret'].sort());
      expect(key.secret).toMatch(/^wos_[A-Za-z0-9_-]{40,}$/);
      expect(key.secret.startsWith(key.prefix)).toBe(true);
      expect(key.prefix.length).toBeLessThan(key.secret.length / 2);
      expect(key).toMatchObject({
        name: 'ci deploy',
        workspaceId: t.workspaceId,
        scopes: ['read:nodes', 'write:nodes'],
        createdAt: new Date(clock.now()).toISOString(),
        expiresAt: null,
        revokedAt: null,
        createdBy: await bootstrapKeyId(),
      });
      expect(res.headers.location).toBe(`/api/api-keys/${key.id}`);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('creates a key that works at once', async () => {
      const key = await createViaApi('works');
      const me = await request(t.app).get('/api/me').set(authHeaders(key.secret));
      expect(expectData(me, 200)).toMatchObject({
        credentialId: key.id,
        workspaces: [{ id: t.workspaceId, scopes: ['read:nodes'] }],
      });
    });

    it('creates a different secret every time', async () => {
      const a = await createViaApi('same name');
      const b = await createViaApi('same name');
      expect(a.id).not.toBe(b.id);
      expect(a.secret).not.toBe(b.secret);
    });

    it('stores each scope once', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(admin)
        .send({ name: 'dupes', scopes: ['read:nodes', 'read:nodes'] });
      expect(expectData(res, 201).scopes).toEqual(['read:nodes']);
    });

    it.each([
      [{ scopes: ['read:nodes'] }, 'body.name'],
      [{ name: 'x' }, 'body.scopes'],
      [{ name: 'x', scopes: [] }, 'body.scopes'],
      [{ name: 'x', scopes: ['sudo'] }, 'body.scopes.0'],
      [{ name: 'x'.repeat(201), scopes: ['read:nodes'] }, 'body.name'],
      [{ name: 'x', scopes: ['read:nodes'], expiresAt: 'tomorrow' }, 'body.expiresAt'],
    ])('rejects %j with 400 VALIDATION_ERROR at %s', async (body, path) => {
      const res = await request(t.app).post('/api/api-keys').set(admin).send(body);
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(error.details?.issues).toEqual([{ path, message: expect.any(String) }]);
    });

    it('rejects an expiry in the past', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(admin)
        .send({
          name: 'x',
          scopes: ['read:nodes'],
          expiresAt: new Date(clock.now() - 1000).toISOString(),
        });
      expectError(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('list and get', () => {
    it('never shows a secret', async () => {
      const created = await createViaApi('secret keeper');
      const list = await request(t.app).get('/api/api-keys').set(admin);
      const one = await request(t.app).get(`/api/api-keys/${created.id}`).set(admin);

      const listed = expectData(list, 200) as PresentedKey[];
      expect(listed.map((k) => k.id)).toContain(created.id);
      for (const key of listed) {
        expect(Object.keys(key).sort()).toEqual(PUBLIC_FIELDS);
      }
      const got = expectData(one, 200) as PresentedKey;
      expect(Object.keys(got).sort()).toEqual(PUBLIC_FIELDS);
      expect(got).toEqual({ ...created, secret: undefined });
      for (const res of [list, one]) {
        expect(res.text).not.toContain(created.secret);
        expect(res.text).not.toContain(t.apiKey);
      }
    });

    it('answers an unknown id with 404 NOT_FOUND', async () => {
      const res = await request(t.app).get('/api/api-keys/key_doesNotExist00000000').set(admin);
      expectError(res, 404, 'NOT_FOUND');
    });

    it("answers another workspace's key id with 404 NOT_FOUND", async () => {
      const other = await createWorkspaceWithKey(t);
      const res = await request(t.app).get(`/api/api-keys/${other.apiKeyId}`).set(admin);
      expectError(res, 404, 'NOT_FOUND');
    });
  });

  describe('paging', () => {
    let w: WorkspaceWithKey;
    let headers: Record<string, string>;
    beforeAll(async () => {
      // A workspace of its own, so the totals are known: its admin key plus 4 more.
      w = await createWorkspaceWithKey(t, { plan: 'enterprise' });
      headers = authHeaders(w.apiKey, w.workspaceId);
      for (let i = 0; i < 4; i += 1) {
        const res = await request(t.app)
          .post('/api/api-keys')
          .set(headers)
          .send({ name: `paged ${i}`, scopes: ['read:nodes'] });
        expectData(res, 201);
      }
    });

    it('defaults to limit 50, offset 0', async () => {
      const res = await request(t.app).get('/api/api-keys').set(headers);
      expect(expectData(res, 200)).toHaveLength(5);
      expect(res.body.meta).toEqual({ total: 5, limit: 50, offset: 0 });
    });

    it('clamps limit at 100', async () => {
      const res = await request(t.app).get('/api/api-keys?limit=1000').set(headers);
      expectData(res, 200);
      expect(res.body.meta).toEqual({ total: 5, limit: 100, offset: 0 });
    });

    it('pages through every key once, in a stable order', async () => {
      const ids: string[] = [];
      for (const offset of [0, 2, 4]) {
        const res = await request(t.app).get(`/api/api-keys?limit=2&offset=${offset}`).set(headers);
        const page = expectData(res, 200) as PresentedKey[];
        expect(res.body.meta).toEqual({ total: 5, limit: 2, offset });
        ids.push(...page.map((k) => k.id));
      }
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      const all = await request(t.app).get('/api/api-keys').set(headers);
      expect((expectData(all, 200) as PresentedKey[]).map((k) => k.id)).toEqual(ids);
    });

    it('answers an offset past the end with an empty page', async () => {
      const res = await request(t.app).get('/api/api-keys?offset=10').set(headers);
      expect(expectData(res, 200)).toEqual([]);
      expect(res.body.meta).toEqual({ total: 5, limit: 50, offset: 10 });
    });

    it.each([
      ['limit=-1', 'query.limit'],
      ['limit=abc', 'query.limit'],
      ['limit=1.5', 'query.limit'],
      ['offset=-1', 'query.offset'],
      ['offset=x', 'query.offset'],
    ])('answers %s with 400 VALIDATION_ERROR', async (query, path) => {
      const res = await request(t.app).get(`/api/api-keys?${query}`).set(headers);
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(error.details?.issues).toEqual([{ path, message: expect.any(String) }]);
    });
  });

  describe('revoke', () => {
    it('revokes with 204, after which the key gets 401', async () => {
      const key = await createViaApi('to revoke');
      expectData(await request(t.app).get('/api/me').set(authHeaders(key.secret)), 200);

      const res = await request(t.app).delete(`/api/api-keys/${key.id}`).set(admin);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');

      const after = await request(t.app).get('/api/me').set(authHeaders(key.secret));
      expectError(after, 401, 'UNAUTHENTICATED');
    });

    it('shows the revocation time in get and list', async () => {
      const key = await createViaApi('revoked, still listed');
      await request(t.app).delete(`/api/api-keys/${key.id}`).set(admin).expect(204);
      const revokedAt = new Date(clock.now()).toISOString();

      const got = await request(t.app).get(`/api/api-keys/${key.id}`).set(admin);
      expect(expectData(got, 200).revokedAt).toBe(revokedAt);
      const list = await request(t.app).get('/api/api-keys?limit=100').set(admin);
      const listed = (expectData(list, 200) as PresentedKey[]).find((k) => k.id === key.id);
      expect(listed?.revokedAt).toBe(revokedAt);
    });

    it('answers revoking again with 204 and keeps the first revocation time', async () => {
      const key = await createViaApi('revoked twice');
      await request(t.app).delete(`/api/api-keys/${key.id}`).set(admin).expect(204);
      const first = new Date(clock.now()).toISOString();
      clock.advance(5_000);

      const again = await request(t.app).delete(`/api/api-keys/${key.id}`).set(admin);
      expect(again.status).toBe(204);
      const got = await request(t.app).get(`/api/api-keys/${key.id}`).set(admin);
      expect(expectData(got, 200).revokedAt).toBe(first);
    });

    it('answers an unknown id with 404 NOT_FOUND', async () => {
      const res = await request(t.app).delete('/api/api-keys/key_doesNotExist00000000').set(admin);
      expectError(res, 404, 'NOT_FOUND');
    });

    it("answers another workspace's key id with 404 NOT_FOUND and leaves that key alone", async () => {
      const other = await createWorkspaceWithKey(t);
      const res = await request(t.app).delete(`/api/api-keys/${other.apiKeyId}`).set(admin);
      expectError(res, 404, 'NOT_FOUND');
      const still = await request(t.app).get('/api/me').set(authHeaders(other.apiKey));
      expectData(still, 200);
    });
  });
});
