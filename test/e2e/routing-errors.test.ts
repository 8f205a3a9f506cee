import type { Express } from 'express';
import request from 'supertest';
import { createApp, routeTable } from '../../src/app';
import { createLogger } from '../../src/logger';
import { expectError, REQUEST_ID_PATTERN } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

/** Log lines of an app, parsed, to check the level a request is logged at. */
interface LogLine {
  level: number;
  msg: string;
}

/** Status and request id of an answer without a body to check (HEAD) or any answer. */
function expectErrorStatus(res: request.Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
}

/** pino's number for `error`. */
const ERROR_LEVEL = 50;

/** The route table's methods as `Allow` lists them, for the templates `path` matches. */
function allowedOn(t: TestApp, path: string): string[] {
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const methods = new Set<string>();
  for (const route of routeTable(t.container.deps)) {
    const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
    if (pattern.test(path)) {
      methods.add(route.method.toUpperCase());
      if (route.method === 'get') {
        methods.add('HEAD');
      }
    }
  }
  return order.filter((m) => methods.has(m));
}

describe('routing errors', () => {
  let t: TestApp;
  let app: Express;
  let headers: Record<string, string>;
  const logged: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    headers = authHeaders(t.apiKey, t.workspaceId);
    const logger = createLogger('info', {
      write: (line: string) => logged.push(JSON.parse(line) as LogLine),
    });
    app = recordResponses(createApp({ ...t.container.deps, logger }));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    logged.length = 0;
  });

  describe('malformed percent-encoding in a path parameter', () => {
    it.each([
      ['post', '/api/webhooks/%ZZ'],
      ['get', '/api/queries/nodes/%ZZ'],
      ['get', '/api/connectors/%E0%A4%A'],
      ['delete', '/api/api-keys/%C3'],
      ['get', '/api/live-data/sources/abc%'],
    ] as const)('answers %s %s with 400 VALIDATION_ERROR, not 500', async (method, path) => {
      for (const credentials of [headers, {}]) {
        const res = await request(app)[method](path).set(credentials);
        const error = expectError(res, 400, 'VALIDATION_ERROR');
        expect(error.details).toEqual({
          issues: [{ path: 'params', message: 'must be valid percent-encoded UTF-8' }],
        });
      }
      expect(logged.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
      expect(logged.map((line) => line.msg)).toEqual(['request', 'request']);
    });

    it('still decodes valid percent-encoding', async () => {
      const res = await request(app).get('/api/queries/nodes/caf%C3%A9').set(headers);
      expect(expectError(res, 404, 'NOT_FOUND').message).toContain('café');
    });
  });

  describe('a method the path does not have', () => {
    it('is 405 METHOD_NOT_ALLOWED with Allow, not 404', async () => {
      const res = await request(app).delete('/api/me').set(headers);
      const error = expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(error.details).toEqual({ allowed: ['GET', 'HEAD'] });

      const put = await request(app).put('/api/api-keys').set(headers).send({ name: 'x' });
      expectError(put, 405, 'METHOD_NOT_ALLOWED');
      expect(put.headers.allow).toBe('GET, HEAD, POST');
    });

    it('is 405 on every path of the route table, with the methods of its routes', async () => {
      const paths = [...new Set(routeTable(t.container.deps).map((r) => r.path))];
      expect(paths.length).toBeGreaterThan(30);
      for (const template of paths) {
        const path = template.replace(/:[A-Za-z0-9_]+/g, 'x1');
        const allowed = allowedOn(t, path);
        const method = ['PATCH', 'PUT', 'DELETE', 'POST'].find((m) => !allowed.includes(m));
        const res =
          await request(app)[method!.toLowerCase() as 'patch' | 'put' | 'delete' | 'post'](path);
        expect({ path, method, status: res.status, allow: res.headers.allow }).toEqual({
          path,
          method,
          status: 405,
          allow: allowed.join(', '),
        });
        expectError(res, 405, 'METHOD_NOT_ALLOWED');
      }
    });

    it('answers OPTIONS and HEAD the same way when the path lacks them', async () => {
      const options = await request(app).options('/api/connectors/c1');
      expectErrorStatus(options, 405);
      expect(options.headers.allow).toBe('GET, HEAD, DELETE');
      const head = await request(app).head('/api/commands/execute');
      expectErrorStatus(head, 405);
      expect(head.headers.allow).toBe('POST');
    });

    it('keeps 404 for a path no route serves, whatever the method', async () => {
      for (const method of ['get', 'post', 'delete'] as const) {
        const res = await request(app)[method]('/api/no-such-thing');
        expectError(res, 404, 'NOT_FOUND');
        expect(res.headers.allow).toBeUndefined();
      }
    });
  });
});
