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

function parse(raw: Buffer): RawResponse | null {
  const text = raw.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) {
    return null;
  }
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = Buffer.from(text.slice(end + 4), 'utf8');
  const length = Number(headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && body.length < length) {
    return null;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * A client on a raw TCP socket, to send what an HTTP client library never would (huge or
 * malformed request lines, bodies trickled byte by byte) and read the answer as sent.
 */
export class RawClient {
  readonly socket: net.Socket;
  /** Resolves when the server (or the client) closed the connection. */
  readonly closed: Promise<void>;
  private received = Buffer.alloc(0);

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    // The server may close while the client still writes: that is what is tested.
    this.socket.on('error', () => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  /** Writes `data`; resolves once written (or once the connection is gone). */
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
   * The first complete response, or a failure after `withinMs` (a test bound, not an
   * assertion about timing).
   */
  async response(withinMs = 10_000): Promise<RawResponse> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const parsed = parse(this.received);
      if (parsed) {
        return parsed;
      }
      if (this.socket.destroyed && this.received.length === 0) {
        throw new Error('the connection closed without a response');
      }
      if (Date.now() > deadline) {
        throw new Error(`no complete response within ${withinMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Resolves when the connection is closed, or fails after `withinMs`. */
  async whenClosed(withinMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the connection stayed open')), withinMs);
    });
    try {
      await Promise.race([this.closed, bound]);
    } finally {
      clearTimeout(timer);
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * One keep-alive TCP connection on which a test writes requests byte by byte (pipelined,
 * or with a body sent in pieces) and reads the responses in order. Only responses with a
 * Content-Length are parsed, which is what the service sends for JSON.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private readonly parsed: RawResponse[] = [];
  private ended = false;
  private error: Error | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
      this.notify();
    });
    socket.on('error', (error) => {
      this.error = error;
      this.notify();
    });
    socket.on('close', () => {
      this.ended = true;
      this.notify();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Resolves with the first `count` responses; rejects if the connection ends before. */
  async responses(count: number): Promise<RawResponse[]> {
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
      await this.changed();
    }
  }

  /** Resolves once the server has closed the connection; says whether it reset it. */
  async closed(): Promise<{ reset: boolean }> {
    while (!this.ended) {
      await this.changed();
    }
    return { reset: this.error !== undefined };
  }

  destroy(): void {
    this.socket.destroy();
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.add(resolve));
  }

  private notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    waiters.forEach((resolve) => resolve());
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
