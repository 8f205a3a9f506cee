import http from 'node:http';
import { listen } from '../../../src/http/listen';
import { WosApiError, WosError, WosNetworkError, createClient } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

/** The error a promise rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('errors', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('throws WosApiError with code, status and requestId on a 404', async () => {
    const error = await rejection(s.client.nodes.get('no-such-node'));
    expect(error).toBeInstanceOf(WosApiError);
    expect(error).toBeInstanceOf(WosError);
    const apiError = error as WosApiError;
    expect(apiError).toMatchObject({ status: 404, code: 'NOT_FOUND', name: 'WosApiError' });
    expect(apiError.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(apiError.headers.get('x-request-id')).toBe(apiError.requestId);
    expect(apiError.message).toContain('no-such-node');
  });

  it('throws WosApiError with the validation issues on a 400', async () => {
    const error = await rejection(
      s.client.nodes.create({ entityType: 'Pump', name: '', extra: true } as never),
    );
    expect(error).toBeInstanceOf(WosApiError);
    const apiError = error as WosApiError;
    expect(apiError).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(apiError.requestId).toMatch(/^req_/);
    const issues = (apiError.details as { issues: { path: string }[] }).issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'body.payload.extra',
      'body.payload.name',
    ]);
  });

  it('throws WosApiError on a refused credential and on a missing workspace', async () => {
    const stranger = s.clientWith({ apiKey: 'wos_unknown_key_000000000000000000000000000000000' });
    await expect(stranger.me()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    const global = createClient({ baseUrl: s.baseUrl, apiKey: s.app.apiKey });
    expect((await global.me()).kind).toBe('api_key');
    await expect(global.nodes.get('x')).rejects.toMatchObject({
      status: 400,
      code: 'WORKSPACE_REQUIRED',
    });
  });

  it('throws WosNetworkError, not WosApiError, when nothing answers', async () => {
    const server = http.createServer();
    const port = await listen(server, 0, '127.0.0.1');
    await new Promise((resolve) => server.close(resolve));
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: s.app.apiKey,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    const error = await rejection(client.me());
    expect(error).toBeInstanceOf(WosNetworkError);
    expect(error).not.toBeInstanceOf(WosApiError);
    expect((error as WosNetworkError).cause).toMatchObject({ name: 'TypeError' });
  });
});
