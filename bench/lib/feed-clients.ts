import http from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * Clients of the change feed as a user's program would be (docs/events.md): a plain HTTP
 * client parsing text/event-stream, a pull loop on GET /api/events, and a graphql-ws client
 * on /graphql. Each hands every event to a callback with the time (performance.now()) its
 * last byte arrived.
 */

/** Where the service is and how to talk to it (a BenchService fits). */
export interface FeedTarget {
  baseUrl: string;
  headers: Record<string, string>;
}

/** An event as the feed shows it; only the fields the benchmark reads. */
export interface FeedEvent {
  id: string;
  seq: number;
  type: string;
  subject: { id: string; type: string | null };
  data: {
    after: { id?: string; sourceId?: string; targetId?: string; properties?: object } | null;
  };
}

/** One Server-Sent Event message (a bare `id:` line is one with an id and nothing else). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
}

/** An open stream. */
export interface SseConnection {
  /** Resolves when the stream ended, whoever ended it. */
  ended: Promise<void>;
  /** Hangs up at once (what was not fully received is dropped, as for a cut connection). */
  close(): void;
}

/**
 * Opens GET `path` as a text/event-stream and calls `onMessage` for every complete message
 * (one ended by a blank line). Rejects with the answer when it is not a stream.
 */
export function openSse(
  target: FeedTarget,
  path: string,
  headers: Record<string, string>,
  onMessage: (message: SseMessage, atMs: number) => void,
): Promise<SseConnection> {
  const url = new URL(path, target.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        agent: false,
        headers: { ...target.headers, accept: 'text/event-stream', ...headers },
      },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => reject(new Error(`SSE answered ${res.statusCode}: ${body}`)));
          return;
        }
        const ended = new Promise<void>((done) => res.once('close', () => done()));
        res.on('error', () => undefined); // a cut connection is an end, not a failure
        res.setEncoding('utf8');
        let buffer = '';
        let current: SseMessage = {};
        let fields = 0;
        res.on('data', (chunk: string) => {
          const atMs = performance.now();
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, buffer[newline - 1] === '\r' ? newline - 1 : newline);
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (fields > 0) {
                onMessage(current, atMs);
              }
              current = {};
              fields = 0;
            } else if (!line.startsWith(':')) {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id' || field === 'event') {
                current[field] = value;
                fields += 1;
              } else if (field === 'data') {
                current.data = current.data === undefined ? value : `${current.data}\n${value}`;
                fields += 1;
              }
            }
          }
        });
        resolve({ ended, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
  });
}

/**
 * Follows GET /api/events?after= from the start of the log: reads again at once while
 * `hasMore`, else after `intervalMs`. `stop()` ends it after the read under way.
 */
export function startPull(
  target: FeedTarget,
  intervalMs: number,
  onEvents: (events: FeedEvent[], atMs: number) => void,
): { stop(): Promise<void>; errors: () => number } {
  let stopped = false;
  let errors = 0;
  let after: string | null = null;
  const loop = (async () => {
    while (!stopped) {
      let wait = intervalMs;
      try {
        const query: string = after === null ? '' : `&after=${after}`;
        const res = await fetch(`${target.baseUrl}/api/events?limit=1000${query}`, {
          headers: target.headers,
        });
        const body = (await res.json()) as {
          data: FeedEvent[];
          meta: { nextCursor: string; hasMore: boolean };
        };
        if (res.status !== 200) {
          throw new Error(`GET /api/events answered ${res.status}`);
        }
        const atMs = performance.now();
        if (body.data.length > 0) {
          onEvents(body.data, atMs);
        }
        after = body.meta.nextCursor;
        wait = body.meta.hasMore ? 0 : intervalMs;
      } catch {
        errors += 1;
      }
      if (wait > 0 && !stopped) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
    errors: () => errors,
  };
}

const SUBSCRIPTION = `subscription ($after: String) {
  events(after: $after) { id seq type subject data }
}`;

/** A GraphQL subscription to the feed on its own WebSocket connection. */
export interface GraphqlFeed {
  /** Resolves when the subscription ended or failed (with the error, if any). */
  ended: Promise<unknown>;
  /** Cuts the socket at once (no close handshake), then disposes of the client. */
  cut(): Promise<void>;
}

/**
 * Subscribes to `events(after:)` over graphql-ws (the `ws` package as the WebSocket) with the
 * credential in the connection_init payload; `onEvent` gets each event until `cut()`.
 */
export function subscribeGraphql(
  target: FeedTarget & { apiKey: string; workspaceId: string },
  after: number | null,
  onEvent: (event: FeedEvent, atMs: number) => void,
): GraphqlFeed {
  let socket: WebSocket | null = null;
  let cutting = false;
  const client: Client = createClient({
    url: `${target.baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: {
      authorization: `Bearer ${target.apiKey}`,
      'x-workspace-id': target.workspaceId,
    },
    retryAttempts: 0,
    lazy: true,
    on: { connected: (s) => (socket = s as WebSocket) },
  });
  const ended = new Promise<unknown>((resolve) => {
    client.subscribe(
      { query: SUBSCRIPTION, variables: after === null ? {} : { after: String(after) } },
      {
        next: (value) => {
          if (cutting) {
            return;
          }
          if (value.errors) {
            resolve(value.errors);
            return;
          }
          onEvent((value.data as { events: FeedEvent }).events, performance.now());
        },
        error: (error) => resolve(cutting ? null : error),
        complete: () => resolve(null),
      },
    );
  });
  return {
    ended,
    cut: async () => {
      cutting = true;
      socket?.terminate();
      await client.dispose();
    },
  };
}
