import zlib from 'node:zlib';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { WorkspaceStore } from '../../src/ports/workspace-store';
import { expectData, expectError, REQUEST_ID_PATTERN } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

/** `base` with some methods replaced (a class instance cannot simply be spread). */
function workspaceStoreWith(
  base: WorkspaceStore,
  replaced: Partial<WorkspaceStore>,
): WorkspaceStore {
  return {
    create: (w) => base.create(w),
    get: (id) => base.get(id),
    listByIds: (ids, page) => base.listByIds(ids, page),
    listAll: (page) => base.listAll(page),
    update: (id, changes) => base.update(id, changes),
    count: () => base.count(),
    ...replaced,
  };
}

/** A supertest serializer that sends a Buffer body as it is. */
const raw = (body: unknown): string => body as string;

// Enterprise (10,000/min by default) so that this file's requests never meet a rate limit.
const ENV = { BOOTSTRAP_PLAN: 'enterprise', BODY_LIMIT_BYTES: '256' };

describe('envelope and errors', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    headers = authHeaders(t.apiKey, t.workspaceId);
  });
  afterAll(() => t.close());

  describe('request ids', () => {
    it('gives every response its own requestId, equal to X-Request-Id', async () => {
      const first = await request(t.app).get('/health');
      const second = await request(t.app).get('/health');
      expectData(first, 200);
      expectData(second, 200);
      expect(first.body.requestId).not.toBe(second.body.requestId);
    });

    it('sends X-Request-Id on responses that are not JSON', async () => {
      const res = await request(t.app).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
    });
  });

  describe('request bodies', () => {
    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .set('Content-Type', 'application/json')
        .send('{"name": "k", "scopes": [');
      expectError(res, 400, 'INVALID_JSON');
    });

    it.each([
      ['text/plain', 'name=k'],
      ['application/x-www-form-urlencoded', 'name=k&scopes=admin'],
    ])('answers a %s body on POST with 415 UNSUPPORTED_MEDIA_TYPE', async (type, body) => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .set('Content-Type', type)
        .send(body);
      const error = expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(error.details).toEqual({ received: type });
    });

    it('accepts application/json with a charset parameter', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ name: 'charset', scopes: ['read:nodes'] }));
      expect(expectData(res, 201).name).toBe('charset');
    });

    it('answers a body over BODY_LIMIT_BYTES with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .send({ name: 'x'.repeat(300), scopes: ['read:nodes'] });
      const error = expectError(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(error.details).toEqual({ limitBytes: 256 });
    });

    it('reads a gzip-compressed JSON body, and answers bytes that are not what Content-Encoding says with 400', async () => {
      const body = JSON.stringify({ name: 'zipped', scopes: ['read:nodes'] });
      const zipped = await request(t.app)
        .post('/api/api-keys')
        .set({ ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .serialize(raw) // the bytes as they are (supertest would JSON-encode a Buffer)
        .send(zlib.gzipSync(body));
      expect((expectData(zipped, 201) as { name: string }).name).toBe('zipped');
      for (const [encoding, bytes] of [
        ['gzip', Buffer.from(body)],
        ['deflate', Buffer.from('not deflate at all')],
        ['br', zlib.gzipSync(body)],
      ] as const) {
        const res = await request(t.app)
          .post('/api/api-keys')
          .set({ ...headers, 'content-type': 'application/json', 'content-encoding': encoding })
          .serialize(raw)
          .send(bytes);
        const error = expectError(res, 400, 'VALIDATION_ERROR');
        expect(error.message).toMatch(/Content-Encoding/);
      }
      const unknown = await request(t.app)
        .post('/api/api-keys')
        .set({ ...headers, 'content-type': 'application/json', 'content-encoding': 'compress' })
        .serialize(raw)
        .send(Buffer.from(body));
      expectError(unknown, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('refuses text that is not valid Unicode with 400 naming where, instead of storing U+FFFD', async () => {
      const send = (body: string | Buffer) =>
        request(t.app)
          .post('/api/api-keys')
          .set({ ...headers, 'content-type': 'application/json' })
          .serialize(raw)
          .send(body);
      const lone = expectError(
        await send('{"name": "a\\ud800b", "scopes": ["read:nodes"]}'),
        400,
        'VALIDATION_ERROR',
      );
      expect(lone.details).toEqual({
        issues: [{ path: 'body.name', message: expect.stringMatching(/unpaired surrogate/) }],
      });
      const nested = expectError(
        await send('{"name": "x", "scopes": ["read:nodes", "\\udc00"]}'),
        400,
        'VALIDATION_ERROR',
      );
      expect(nested.details).toMatchObject({ issues: [{ path: 'body.scopes.1' }] });
      const bytes = Buffer.concat([
        Buffer.from('{"name": "a'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('", "scopes": ["read:nodes"]}'),
      ]);
      const notUtf8 = expectError(await send(bytes), 400, 'VALIDATION_ERROR');
      expect(notUtf8.message).toMatch(/not valid UTF-8/);
      // A surrogate pair is one character: accepted.
      const pair = await send('{"name": "a\\ud83d\\ude00", "scopes": ["read:nodes"]}');
      expect((expectData(pair, 201) as { name: string }).name).toBe('a😀');
    });

    it('accepts a body just under the limit', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .send({ name: 'x'.repeat(150), scopes: ['read:nodes'] });
      expectData(res, 201);
    });

    it('lists every validation problem in details.issues with path and message', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .send({ name: '', scopes: ['read:nodes', 'fly:away'], colour: 'blue' });
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      const issues = (error.details as { issues: { path: string; message: string }[] }).issues;
      expect(issues.map((i) => i.path).sort()).toEqual([
        'body.colour',
        'body.name',
        'body.scopes.1',
      ]);
      for (const issue of issues) {
        expect(typeof issue.message).toBe('string');
        expect(issue.message).not.toBe('');
      }
    });

    it('answers a body that is JSON but not an object with 400 VALIDATION_ERROR', async () => {
      const res = await request(t.app)
        .post('/api/api-keys')
        .set(headers)
        .set('Content-Type', 'application/json')
        .send('"just a string"');
      expectError(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['get', '/api/nothing-here'],
      ['post', '/api/nothing-here'],
      ['get', '/'],
    ] as const)('answers %s %s with 404 NOT_FOUND in the envelope', async (method, path) => {
      const res = await request(t.app)[method](path).set(headers);
      expectError(res, 404, 'NOT_FOUND');
    });
  });

  describe('unexpected failures', () => {
    it('answers a thrown unknown error with a generic 500 INTERNAL_ERROR', async () => {
      const failing = workspaceStoreWith(t.container.deps.workspaces, {
        get: () => Promise.reject(new Error('secret db detail')),
      });
      const app = recordResponses(createApp({ ...t.container.deps, workspaces: failing }));
      const res = await request(app).get('/api/me').set(authHeaders(t.apiKey));
      const error = expectError(res, 500, 'INTERNAL_ERROR');
      expect(error.details).toBeUndefined();
      expect(res.text).not.toContain('secret db detail');
      expect(res.text).not.toMatch(/\bat .+:\d+:\d+/); // no stack frame
    });

    it('answers an error thrown synchronously by a store the same way', async () => {
      const failing = workspaceStoreWith(t.container.deps.workspaces, {
        listByIds: () => {
          throw new TypeError('SQLITE_CORRUPT: database disk image is malformed');
        },
      });
      const app = recordResponses(createApp({ ...t.container.deps, workspaces: failing }));
      const res = await request(app).get('/api/workspaces').set(authHeaders(t.apiKey));
      expectError(res, 500, 'INTERNAL_ERROR');
      expect(res.text).not.toContain('SQLITE_CORRUPT');
    });
  });
});
