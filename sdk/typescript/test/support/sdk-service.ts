/**
 * The real service for the SDK's tests: the e2e test app (embedded SQLite in a temp dir)
 * behind the HTTP server `main.ts` builds, listening on 127.0.0.1.
 */
import { listen } from '../../../../test/support/raw-http';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../../../test/support/test-app';
import { createClient, type ClientOptions, type WosClient } from '../../src';
import type { FetchLike } from '../../src/transport';

/** A listening test service and a client of its bootstrap workspace. */
export interface SdkService {
  app: TestApp;
  baseUrl: string;
  /** A client with the bootstrap admin key, acting in the bootstrap workspace. */
  client: WosClient;
  /** Another client of the same service (other key, fetch or retry options). */
  clientWith(options: Partial<ClientOptions>): WosClient;
  close(): Promise<void>;
}

/**
 * Starts the service. Its bootstrap workspace is on the Enterprise plan (10,000 requests
 * a minute), so tests that page through thousands of nodes are not rate-limited; tests of
 * the limit make a Starter workspace of their own.
 */
export async function startSdkService(options: TestAppOptions = {}): Promise<SdkService> {
  const app = await createTestApp({
    ...options,
    env: { BOOTSTRAP_PLAN: 'enterprise', ...options.env },
  });
  const server = await listen(app.app, app.config.timeouts);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const clientWith = (overrides: Partial<ClientOptions>) =>
    createClient({ baseUrl, apiKey: app.apiKey, workspaceId: app.workspaceId, ...overrides });
  return {
    app,
    baseUrl,
    client: clientWith({}),
    clientWith,
    close: async () => {
      await server.close();
      await app.close();
    },
  };
}

/**
 * A fetch that loses the answers of its first `cuts` calls: the request reaches the
 * service and is applied, but the caller sees a failed connection, as when a connection
 * drops after the request was sent.
 */
export function fetchCuttingAnswers(cuts: number): {
  fetch: FetchLike;
  calls: string[];
  /** The Idempotency-Key of each call (null when it had none). */
  keys: (string | null)[];
} {
  const calls: string[] = [];
  const keys: (string | null)[] = [];
  let left = cuts;
  const fetch: FetchLike = async (url, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    keys.push(new Headers(init.headers).get('idempotency-key'));
    const response = await globalThis.fetch(url, init);
    if (left > 0) {
      left -= 1;
      await response.body?.cancel();
      throw new TypeError('fetch failed: the connection was cut before the answer');
    }
    return response;
  };
  return { fetch, calls, keys };
}
