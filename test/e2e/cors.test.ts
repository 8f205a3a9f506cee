import request from 'supertest';
import { createApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config/load-config';
import { createTestApp, authHeaders, type TestApp } from '../support/test-app';

const SPA = 'http://localhost:5173';

describe('CORS for browser applications (CORS_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: `${SPA}, https://app.example.com` } });
  });
  afterAll(() => t.close());

  it('answers a preflight from a listed origin', async () => {
    // Preflights are HTTP plumbing, not API operations: OpenAPI does not describe them, so
    // this one request goes to the app without the response recorder.
    const res = await request(createApp(t.container.deps))
      .options('/api/commands/execute')
      .set('Origin', SPA)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, x-workspace-id');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SPA);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, X-Workspace-Id, Idempotency-Key',
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a listed origin read API and token responses, with the useful headers exposed', async () => {
    const me = await request(t.app).get('/api/me').set('Origin', SPA).set(authHeaders(t.apiKey));
    expect(me.status).toBe(200);
    expect(me.headers['access-control-allow-origin']).toBe(SPA);
    expect(me.headers.vary).toContain('Origin');
    expect(me.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(me.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    const token = await request(t.app)
      .post('/token')
      .set('Origin', 'https://app.example.com')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: 'wor_x', client_id: 'cli_x' });
    expect(token.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });

  it('gives other origins no CORS headers', async () => {
    const res = await request(t.app)
      .get('/api/me')
      .set('Origin', 'https://evil.example.com')
      .set(authHeaders(t.apiKey));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is off by default', async () => {
    const plain = await createTestApp();
    try {
      const res = await request(plain.app).get('/health').set('Origin', SPA);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it.each([['https://app.example.com/path'], ['not a url'], ['https://a.example.com,ftp//x']])(
    'refuses CORS_ORIGINS=%s naming the variable',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
      try {
        loadConfig({ CORS_ORIGINS: value });
      } catch (error) {
        expect((error as ConfigError).problems[0]).toMatch(/^CORS_ORIGINS: /);
      }
    },
  );

  it('accepts *', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });
});
