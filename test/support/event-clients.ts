import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachGraphQLSubscriptions } from '../../src/graphql/subscriptions';
import { subscriptionServerDeps } from '../../src/app';
import { listen } from './raw-http';
import type { TestApp } from './test-app';

/** The test app on a real socket on 127.0.0.1, GraphQL subscriptions included (as main.ts). */
export async function serve(t: TestApp): Promise<{ port: number; close: () => Promise<void> }> {
  const server = await listen(t.app, t.config.timeouts);
  const subscriptions = attachGraphQLSubscriptions(
    server.server,
    subscriptionServerDeps(t.container.deps),
  );
  return {
    port: server.port,
    close: async () => {
      await subscriptions.close();
      await server.close();
    },
  };
}

/** One Server-Sent Event as a client parses it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  /** Comment lines (`: ...`) seen since the previous event. */
  comments: string[];
}

/** An open SSE stream: the events so far, and ways to wait for more or to hang up. */
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Body text when the answer was not a stream (an error envelope). */
  body: string;
  events: SseEvent[];
  /** Resolves once `predicate` holds for the events received (rejects after `timeoutMs`). */
  until(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Stops reading (the socket stays open: a slow client). */
  pause(): void;
  /** Reads again after `pause`. */
  resume(): void;
  close(): void;
}

/** Opens `path` as an EventSource would, and parses what arrives. */
export function openSse(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } },
      (res) => {
        const events: SseEvent[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        let body = '';
        let current: SseEvent = { comments: [] };
        const streaming = (res.headers['content-type'] ?? '').startsWith('text/event-stream');
        res.setEncoding('utf8');
        const ended = new Promise<void>((done) => res.once('close', () => done()));
        // A server that drops a slow reader resets the connection: that is an end, not a failure.
        res.on('error', () => undefined);
        res.on('data', (chunk: string) => {
          if (!streaming) {
            body += chunk;
            return;
          }
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            if (line === '') {
              if (
                current.id !== undefined ||
                current.data !== undefined ||
                current.event !== undefined ||
                current.comments.length > 0
              ) {
                events.push(current);
              }
              current = { comments: [] };
              continue;
            }
            if (line.startsWith(':')) {
              current.comments.push(line.slice(1).trim());
              continue;
            }
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') {
              current.id = value;
            } else if (field === 'event') {
              current.event = value;
            } else if (field === 'data') {
              current.data = current.data === undefined ? value : `${current.data}\n${value}`;
            }
          }
          waiters.forEach((wake) => wake());
        });
        const stream: SseStream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          get body() {
            return body;
          },
          events,
          ended,
          until: (predicate, timeoutMs = 10_000) =>
            new Promise<void>((done, fail) => {
              const check = () => {
                if (predicate(events)) {
                  clearTimeout(timer);
                  waiters.delete(check);
                  done();
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(
                  new Error(
                    `SSE: condition not met within ${timeoutMs} ms (${events.length} events)`,
                  ),
                );
              }, timeoutMs);
              waiters.add(check);
              void ended.then(check);
              check();
            }),
          pause: () => res.pause(),
          resume: () => res.resume(),
          close: () => request.destroy(),
        };
        if (!streaming) {
          res.once('end', () => resolve(stream));
        } else {
          resolve(stream);
        }
      },
    );
    request.on('error', reject);
  });
}

/** A request a test receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What a test receiver answers: status, headers, and a delay before answering. */
export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

/** A webhook receiver on 127.0.0.1 whose answers a test scripts. */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Sets how the next requests are answered (200 by default). */
  answer(next: (request: Received, index: number) => ReceiverAnswer): void;
  until(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  let answer: (request: Received, index: number) => ReceiverAnswer = () => ({ status: 200 });
  const waiters = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const index = received.push(request) - 1;
      waiters.forEach((wake) => wake());
      const reply = answer(request, index);
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answer: (next) => {
      answer = next;
    },
    until: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`receiver: ${received.length} of ${count} requests within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach((timer) => clearTimeout(timer));
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
