import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { Express } from 'express';
import { createLogger } from '../../src/logger';
import { createHttpServer, type ServerTimeouts } from '../../src/http/server';

/** A response as read off a socket. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** A real server on 127.0.0.1 over `app`, built as `main.ts` builds it. */
export async function listen(
  app: Express,
  timeouts: ServerTimeouts,
): Promise<{ server: http.Server; port: number; close(): Promise<void> }> {
  const server = createHttpServer(app, timeouts, createLogger('silent'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One TCP connection to the server, to send what an HTTP client library never would (huge
 * or malformed request lines, bodies trickled byte by byte, pipelined requests) and read
 * the responses in order, as sent. Only responses with a Content-Length (or none, for a
 * body-less answer such as 100 Continue) are parsed, which is what the service sends.
 */
export class RawConnection {
  readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private readonly parsed: RawResponse[] = [];
  private ended = false;
  private error: Error | undefined;
  private readonly waiters = new Set<() => void>();

  /** Connects at once; writes made before the connection is up are queued by the socket. */
  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
      this.notify();
    });
    // The server may reset the connection while the client still writes: that is what
    // some tests check, so an error is recorded, never thrown.
    this.socket.on('error', (error) => {
      this.error = error;
      this.notify();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.notify();
    });
  }

  /** A connection that is established (fails if the server refuses it). */
  static open(port: number): Promise<RawConnection> {
    const connection = new RawConnection(port);
    return new Promise((resolve, reject) => {
      connection.socket.once('connect', () => resolve(connection));
      connection.socket.once('error', reject);
    });
  }

  /** Writes `data`; resolves once written, or at once when the connection is gone. */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || !this.socket.writable) {
        resolve();
        return;
      }
      this.socket.write(data, () => resolve());
    });
  }

  /**
   * The first `count` responses; fails if the connection ends before, or after `withinMs`
   * (a bound on the test, not an assertion about timing).
   */
  async responses(count: number, withinMs = 10_000): Promise<RawResponse[]> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      if (this.parsed.length >= count) {
        return this.parsed.slice(0, count);
      }
      if (this.ended || this.error) {
        throw new Error(
          `connection ${this.error ? `failed (${this.error.message})` : 'closed'} after ` +
            `${this.parsed.length} of ${count} responses`,
        );
      }
      if (!(await this.changed(deadline - Date.now()))) {
        throw new Error(`${this.parsed.length} of ${count} responses within ${withinMs} ms`);
      }
    }
  }

  /** The first response (see `responses`). */
  async response(withinMs = 10_000): Promise<RawResponse> {
    const [first] = await this.responses(1, withinMs);
    return first as RawResponse;
  }

  /**
   * Resolves once the connection is closed, saying whether it was reset; fails after
   * `withinMs` if it stays open.
   */
  async closed(withinMs = 10_000): Promise<{ reset: boolean }> {
    const deadline = Date.now() + withinMs;
    while (!this.ended) {
      if (!(await this.changed(deadline - Date.now()))) {
        throw new Error('the connection stayed open');
      }
    }
    return { reset: this.error !== undefined };
  }

  /** Half-closes the connection: the client sends nothing more, and reads on. */
  endSending(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Resolves true on the next event on the connection, false when `ms` passed first. */
  private changed(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiters.delete(wake);
          resolve(false);
        },
        Math.max(0, ms),
      );
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.add(wake);
    });
  }

  private notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    waiters.forEach((wake) => wake());
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) {
        return;
      }
      const [statusLine = '', ...lines] = this.buffer
        .subarray(0, end)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? '0');
      if (this.buffer.length < end + 4 + length) {
        return;
      }
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.parsed.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    }
  }
}

/** The text of an HTTP/1.1 request with a JSON body (Content-Length set). */
export function jsonRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: unknown,
): { head: string; body: string } {
  const text = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body === undefined ? [] : ['Content-Type: application/json']),
    `Content-Length: ${Buffer.byteLength(text)}`,
  ];
  return { head: `${lines.join('\r\n')}\r\n\r\n`, body: text };
}
