import { createWorkspaceWithKey } from '../../../test/support/workspace-fixtures';
import { WosApiError, WosNetworkError, createClient, type FetchLike, type Node } from '../src';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay } from '../src/retry';
import { fetchCuttingAnswers, startSdkService, type SdkService } from './support/sdk-service';

const MINUTE_MS = 60_000;

/**
 * The service's clock: real time moved by `offsetMs`, so a test can stand just before the
 * end of a rate-limit minute and still see real time pass.
 */
const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };

describe('retries', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService({ clock });
  });
  afterAll(async () => {
    await s.close();
  });

  it('waits out a real 429 for its Retry-After, then succeeds', async () => {
    const starter = await createWorkspaceWithKey(s.app, { plan: 'starter' });
    const statuses: number[] = [];
    const retryAfters: string[] = [];
    const recording: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      statuses.push(response.status);
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter !== null) {
        retryAfters.push(retryAfter);
      }
      return response;
    };
    const client = createClient({
      baseUrl: s.baseUrl,
      apiKey: starter.apiKey,
      workspaceId: starter.workspaceId,
      fetch: recording,
      retry: { maxRetryAfterMs: 5000 },
    });
    // Spend the minute's 60 requests early in a minute, then stand 1.5 s before its end.
    const minute = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + 5 * MINUTE_MS;
    clock.offsetMs = minute + 1000 - Date.now();
    const once = createClient({
      baseUrl: s.baseUrl,
      apiKey: starter.apiKey,
      retry: { maxRetries: 0 },
    });
    for (let i = 0; i < 60; i += 1) {
      await once.me();
    }
    await expect(once.me()).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    clock.offsetMs = minute + MINUTE_MS - 1500 - Date.now();
    statuses.length = 0;

    const started = Date.now();
    const me = await client.me();
    const waited = Date.now() - started;
    expect(me.homeWorkspaceId).toBe(starter.workspaceId);
    expect(statuses).toEqual([429, 200]);
    // Retry-After said 2 s (the 1.5 s left of the minute, rounded up): the client waited
    // that long, and not much longer (its jitter adds at most a tenth).
    expect(retryAfters).toEqual(['2']);
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(waited).toBeLessThan(3500);
  });

  it('gives up at once on a Retry-After longer than it waits for', async () => {
    const starter = await createWorkspaceWithKey(s.app, { plan: 'starter' });
    // A second into a minute, so that the 60 requests all fall in it.
    clock.offsetMs =
      Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + 10 * MINUTE_MS + 1000 - Date.now();
    const client = createClient({
      baseUrl: s.baseUrl,
      apiKey: starter.apiKey,
      retry: { maxRetryAfterMs: 500 },
    });
    for (let i = 0; i < 60; i += 1) {
      await client.me();
    }
    const started = Date.now();
    const error = await client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WosApiError);
    expect((error as WosApiError).headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('never retries a write without Idempotency-Key whose answer was lost', async () => {
    const { fetch, calls } = fetchCuttingAnswers(1);
    const client = s.clientWith({ fetch, retry: { baseDelayMs: 1 } });
    const error = await client.operations
      .createApiKey({ body: { name: 'cut once', scopes: ['read:nodes'] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WosNetworkError);
    expect(calls).toEqual(['POST /api/api-keys']);
    // The service did apply it, once: retrying would have made a second key.
    const keys = await s.client.paginate('listApiKeys').toArray();
    expect(keys.filter((key) => key.name === 'cut once')).toHaveLength(1);

    // An Idempotency-Key header makes no difference where the service does not read it.
    const cut = fetchCuttingAnswers(1);
    const keyed = s.clientWith({ fetch: cut.fetch, retry: { baseDelayMs: 1 } });
    await expect(
      keyed.operations.createApiKey({
        body: { name: 'cut once, keyed', scopes: ['read:nodes'] },
        headers: { 'Idempotency-Key': 'ignored-by-this-route' },
      }),
    ).rejects.toBeInstanceOf(WosNetworkError);
    expect(cut.calls).toEqual(['POST /api/api-keys']);
  });

  it('retries a read whose answer was lost', async () => {
    const { fetch, calls } = fetchCuttingAnswers(2);
    const client = s.clientWith({ fetch, retry: { baseDelayMs: 1 } });
    expect((await client.me()).kind).toBe('api_key');
    expect(calls).toEqual(['GET /api/me', 'GET /api/me', 'GET /api/me']);
  });

  it('replays a command by its Idempotency-Key after a cut connection: applied once', async () => {
    const { fetch, calls, keys } = fetchCuttingAnswers(1);
    const client = s.clientWith({ fetch, retry: { baseDelayMs: 1 } });
    const executed = await client.commands.execute({
      type: 'CREATE_NODE',
      payload: { entityType: 'Pump', name: 'created once' },
    });
    expect(calls).toEqual(['POST /api/commands/execute', 'POST /api/commands/execute']);
    // One key of the SDK's making, sent again on the retry; the next call gets another.
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
    await client.nodes.create({ entityType: 'Pump', name: 'created once' });
    expect(keys[2]).not.toBe(keys[0]);
    expect(executed.replayed).toBe(true);
    const nodes = await s.client.nodes.list({ name: 'created once' }).toArray();
    expect(nodes.map((node) => node.id)).toContain((executed.outcome.result as Node).id);
    // Two calls, two nodes: the cut call was applied once, not twice.
    expect(nodes).toHaveLength(2);
  });

  it('replays a batch by its Idempotency-Key after a cut connection: applied once', async () => {
    const { fetch, calls, keys } = fetchCuttingAnswers(1);
    const client = s.clientWith({ fetch, retry: { baseDelayMs: 1 } });
    const batch = client.commands.newBatch();
    const a = batch.createNode({ entityType: 'Pump', name: 'batched once' });
    batch.createNode({ entityType: 'Pump', name: 'batched once' });
    const result = await client.commands.batch(batch, { idempotencyKey: 'caller-chosen-key-1' });
    expect(calls).toHaveLength(2);
    expect(keys).toEqual(['caller-chosen-key-1', 'caller-chosen-key-1']);
    expect(result.replayed).toBe(true);
    const nodes = await s.client.nodes.list({ name: 'batched once' }).toArray();
    expect(nodes).toHaveLength(2);
    expect(nodes.map((node) => node.id)).toContain(result.get(a).id);
  });
});

/** A fetch answering every request with `status` and the error envelope, noting each call. */
function refusingFetch(status: number, retryAfter: string): { fetch: FetchLike; calls: string[] } {
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    if (init.body instanceof ReadableStream) {
      await init.body.cancel();
    }
    const envelope = {
      success: false,
      error: { code: status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', message: 'Later.' },
      requestId: 'req_00000000000000000000000000000000',
    };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    });
  };
  return { fetch, calls };
}

/** A client whose every request goes to `fetch` alone. */
const offline = (fetch: FetchLike) =>
  createClient({
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'wos_test',
    workspaceId: '6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34',
    fetch,
  });

describe('retries, without the service', () => {
  it('stop waiting when the call is aborted', async () => {
    const { fetch, calls } = refusingFetch(503, '30');
    const started = Date.now();
    await expect(
      offline(fetch).operations.getNode({ path: { id: 'x' }, signal: AbortSignal.timeout(100) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls).toEqual(['GET /api/queries/nodes/x']);
  });

  it('never retries a write without Idempotency-Key, even after a 429', async () => {
    const { fetch, calls } = refusingFetch(429, '0');
    await expect(
      offline(fetch).operations.createApiKey({
        body: { name: 'refused', scopes: ['read:nodes'] },
      }),
    ).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(calls).toEqual(['POST /api/api-keys']);
    // PUT and DELETE are writes too: a repeated DELETE would answer 404 for its own success.
    for (const call of [
      (c: ReturnType<typeof offline>) => c.operations.revokeApiKey({ path: { id: 'key_1' } }),
      (c: ReturnType<typeof offline>) =>
        c.operations.putEntityType({
          path: { name: 'Pump' },
          body: { properties: {}, additionalProperties: true },
        }),
    ]) {
      const refused = refusingFetch(503, '0');
      await expect(call(offline(refused.fetch))).rejects.toMatchObject({ status: 503 });
      expect(refused.calls).toHaveLength(1);
    }
    // A command carries a key: the same 429 is waited out and sent again.
    const again = refusingFetch(429, '0');
    await expect(
      offline(again.fetch).commands.execute({
        type: 'CREATE_NODE',
        payload: { entityType: 'Pump', name: 'p' },
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(again.calls.length).toBeGreaterThan(1);
  });

  it('never resend a streamed body, even after a 429', async () => {
    const { fetch, calls } = refusingFetch(429, '0');
    await expect(
      offline(fetch).transfer.import([{ kind: 'end', nodes: 0, edges: 0 }]),
    ).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(calls).toEqual(['POST /api/imports']);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('backs off exponentially with full jitter, capped, and honours Retry-After', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(DEFAULT_RETRY, n, null, top))).toEqual([
      500,
      1000,
      2000,
      null,
      null,
      null,
    ]);
    const many = { ...DEFAULT_RETRY, maxRetries: 10 };
    expect(retryDelay(many, 10, null, top)).toBe(8000);
    expect(retryDelay(many, 1, null, () => 0)).toBe(0);
    expect(retryDelay(DEFAULT_RETRY, 1, 2000, () => 0)).toBe(2000);
    expect(retryDelay(DEFAULT_RETRY, 1, 2000, top)).toBe(2200);
    expect(retryDelay(DEFAULT_RETRY, 1, 61_000, () => 0)).toBeNull();
  });
});
