import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { expectError } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';

/** Log lines of an app, parsed, to check the level a request is logged at. */
interface LogLine {
  level: number;
  msg: string;
}

/** pino's number for `error`. */
const ERROR_LEVEL = 50;

describe('hostile request paths', () => {
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
});
