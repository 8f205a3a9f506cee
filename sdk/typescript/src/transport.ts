/**
 * Sends one operation: builds the URL and headers, serialises the body, unwraps the
 * envelope, turns error answers into `WosApiError`, and retries what is safe to retry.
 */
import type { TokenProvider } from './authorization';
import { WosApiError, WosNetworkError } from './errors';
import { operationTable } from './generated/openapi';
import type { ApiResult, CallParams, OperationId } from './operation-types';
import {
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  retryPolicy,
  sleep,
  type RetryOptions,
  type RetryPolicy,
} from './retry';

/** The `fetch` the client calls (the global one unless given). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** How to reach the service and as whom. */
export interface TransportOptions {
  /** Where the service listens, e.g. `http://127.0.0.1:3000` (no `/api`). */
  baseUrl: string;
  /** API key or OAuth access token, sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Workspace the client acts in, sent as `x-workspace-id` on workspace routes. */
  workspaceId?: string;
  /** Supplies the bearer token of each request instead of `apiKey` (an OAuth sign-in). */
  tokenProvider?: TokenProvider;
  fetch?: FetchLike;
  retry?: RetryOptions;
}

/**
 * POSTs that only read: repeating one cannot change anything, so it is retried like a GET.
 * (GraphQL is not among them: a document may hold mutations.)
 */
const READ_ONLY_POSTS: ReadonlySet<OperationId> = new Set<OperationId>([
  'runCypher',
  'semanticSearch',
  'hybridSearch',
  // Not read-only, but idempotent: a point is identified by its source and timestamp, and
  // sending it again replaces it with itself.
  'ingestLiveData',
]);
/**
 * Methods that only read. PUT and DELETE are idempotent in HTTP's terms, but a repeated
 * DELETE answers 404 for what the first one removed and a PUT may race another writer's:
 * writes without an Idempotency-Key are never sent twice.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type AnyParams = {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  idempotencyKey?: string;
};

/** `name=value` pairs of a query object: arrays comma-joined, objects as deepObject. */
function queryPairs(prefix: string, value: unknown, out: [string, string][]): void {
  if (value === undefined || value === null) {
    return;
  }
  if (Array.isArray(value)) {
    out.push([prefix, value.map(scalar).join(',')]);
  } else if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      queryPairs(`${prefix}[${key}]`, inner, out);
    }
  } else {
    out.push([prefix, scalar(value)]);
  }
}

/** A query value as text: strings as they are, anything else as JSON. */
function scalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function buildUrl(baseUrl: string, template: string, params: AnyParams): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params.path?.[name];
    if (value === undefined) {
      throw new TypeError(`missing path parameter "${name}" for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(params.query ?? {})) {
    queryPairs(name, value, pairs);
  }
  const search = new URLSearchParams(pairs).toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

function encodeBody(mediaType: string | null, body: unknown): RequestInit['body'] {
  if (body === undefined || mediaType === null) {
    return undefined;
  }
  if (mediaType === 'application/json') {
    return JSON.stringify(body);
  }
  if (mediaType === 'application/x-www-form-urlencoded' && typeof body === 'object') {
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  return body as RequestInit['body'];
}

async function readBody(response: Response, method: string): Promise<unknown> {
  if (response.status === 204 || method === 'HEAD') {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (
    response.ok &&
    (type.startsWith('text/event-stream') || type.startsWith('application/x-ndjson'))
  ) {
    return response.body;
  }
  const text = await response.text();
  if (/[/+]json\b/.test(type) && text !== '') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** A random Idempotency-Key (a UUID), from Web Crypto as in browsers and Node.js. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Sends operations to one service as one credential. */
export class Transport {
  readonly workspaceId: string | undefined;
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly tokenProvider: TokenProvider | undefined;
  private readonly fetchFn: FetchLike;
  private readonly policy: RetryPolicy;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.tokenProvider = options.tokenProvider;
    this.workspaceId = options.workspaceId;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.policy = retryPolicy(options.retry);
  }

  /** Calls `operationId`; resolves with the unwrapped answer or throws a `WosError`. */
  async call<K extends OperationId>(
    operationId: K,
    callParams?: CallParams<K>,
  ): Promise<ApiResult<K>> {
    const row = operationTable[operationId];
    const params = (callParams ?? {}) as AnyParams;
    const url = buildUrl(this.baseUrl, row.path, params);
    const headers = this.headers(row, params);
    const body = encodeBody(row.body, params.body);
    if (body !== undefined && row.body !== null) {
      headers.set('content-type', row.body);
    }
    // An Idempotency-Key counts only where the service reads it: elsewhere it is ignored.
    const retrySafe =
      SAFE_METHODS.has(row.method) ||
      READ_ONLY_POSTS.has(operationId) ||
      (row.idempotencyKey && headers.has('idempotency-key'));

    // A streamed body (an NDJSON import) is sent while the answer may already arrive.
    const init: RequestInit & { duplex?: 'half' } = {
      method: row.method,
      headers,
      body,
      signal: params.signal,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    };
    let renewed = false;
    for (let attempt = 1; ; attempt += 1) {
      const token = this.tokenProvider ? await this.tokenProvider.token() : undefined;
      if (token !== undefined) {
        headers.set('authorization', `Bearer ${token}`);
      }
      let response: Response;
      try {
        response = await this.fetchFn(url, init);
      } catch (cause) {
        if (params.signal?.aborted) {
          throw cause;
        }
        // The request may have been applied before the connection failed: only a request
        // that is safe to repeat is sent again.
        const delay =
          retrySafe && !(body instanceof ReadableStream)
            ? retryDelay(this.policy, attempt, null)
            : null;
        if (delay === null) {
          throw new WosNetworkError(`${row.method} ${row.path} failed: no answer`, { cause });
        }
        await sleep(delay, params.signal);
        continue;
      }
      const parsed = await readBody(response, row.method);
      if (response.ok) {
        return unwrap<K>(response, parsed);
      }
      const error = WosApiError.fromResponse(response, parsed);
      // A token rejected (expired or revoked early) is renewed once and the call sent again.
      if (
        response.status === 401 &&
        token !== undefined &&
        !renewed &&
        !(body instanceof ReadableStream) &&
        (await this.tokenProvider?.renew?.(token))
      ) {
        renewed = true;
        continue;
      }
      // A 429 or 503 is retried only for a request safe to repeat, like a lost answer: a
      // write without an Idempotency-Key is never sent twice, whatever the status says.
      // A streamed body is consumed by the first attempt and cannot be sent again.
      const delay =
        isRetryableStatus(response.status) && retrySafe && !(body instanceof ReadableStream)
          ? retryDelay(this.policy, attempt, parseRetryAfter(response.headers.get('retry-after')))
          : null;
      if (delay === null) {
        throw error;
      }
      await sleep(delay, params.signal);
    }
  }

  private headers(row: (typeof operationTable)[OperationId], params: AnyParams): Headers {
    const headers = new Headers();
    if (this.apiKey !== undefined) {
      headers.set('authorization', `Bearer ${this.apiKey}`);
    }
    if (row.workspace && this.workspaceId !== undefined) {
      headers.set('x-workspace-id', this.workspaceId);
    }
    if (row.idempotencyKey) {
      headers.set('idempotency-key', params.idempotencyKey ?? newIdempotencyKey());
    }
    for (const [name, value] of Object.entries(params.headers ?? {})) {
      if (value !== undefined) {
        headers.set(name, value);
      }
    }
    return headers;
  }
}

function unwrap<K extends OperationId>(response: Response, body: unknown): ApiResult<K> {
  const envelope = body as { success?: unknown; data?: unknown; meta?: unknown } | undefined;
  const isEnvelope = typeof envelope === 'object' && envelope !== null && envelope.success === true;
  return {
    data: (isEnvelope ? envelope.data : body) as ApiResult<K>['data'],
    meta: (isEnvelope ? envelope.meta : undefined) as ApiResult<K>['meta'],
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    headers: response.headers,
  };
}
