import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { ErrorCode } from '../errors';
import { newRequestId } from './middleware/request-id';
import { outputMark, type OutputSocket } from './output-progress';

/**
 * How long a client may take to send a request (HTTP_HEADERS_TIMEOUT_MS,
 * HTTP_BODY_TIMEOUT_MS) and to read its answer (HTTP_RESPONSE_STALL_TIMEOUT_MS).
 */
export interface ServerTimeouts {
  /** The request line and headers. */
  headersMs: number;
  /** A request body, from when a route starts reading it. */
  bodyMs: number;
  /**
   * A response the connection cannot pass on because the client reads none of it: past
   * this long without progress, the connection is closed (default 120 s).
   */
  responseStallMs?: number;
}

/** How long a refused connection stays half-open for the client to read the answer. */
const CLOSE_GRACE_MS = 2000;

/** Requests a route took out of the whole-request bound (see `exemptFromRequestBound`). */
const unbounded = new WeakSet<http.IncomingMessage>();

/**
 * Takes a request out of the server's whole-request bound: for a route that streams a
 * body of any length (an import) and bounds it itself, by the time between two chunks.
 * Call it before the bound passes (when the route starts reading).
 */
export function exemptFromRequestBound(req: http.IncomingMessage): void {
  unbounded.add(req);
}

/** Streamed requests whose body the connection's end or an error cut short. */
const cutShort = new WeakSet<http.IncomingMessage>();

/**
 * True when the body of a request taken out of the bound (`exemptFromRequestBound`) ended
 * because its connection closed (or its chunking broke) before the body's end: the stream
 * then ends as a whole one would, so that the route can still answer.
 */
export function bodyCutShort(req: http.IncomingMessage): boolean {
  return cutShort.has(req);
}

/**
 * Reads and drops the rest of a body its route stopped reading and answered early (an
 * import stopped by a bad line), so that a client still sending gets the answer instead of
 * a reset connection, for at most `boundMs` more: then the connection is closed, as for any
 * answered request whose body keeps arriving past the server's bound. Call it once the
 * answer is written.
 */
export function drainAnsweredBody(req: http.IncomingMessage, boundMs: number): void {
  if (req.readableEnded) {
    return;
  }
  req.resume();
  if (req.complete) {
    return; // All of it arrived: what is left is only read out.
  }
  const timer = setTimeout(() => {
    if (!req.complete) {
      req.socket.destroy();
    }
  }, boundMs);
  timer.unref();
  const clear = (): void => clearTimeout(timer);
  req.once('end', clear);
  req.socket.once('close', clear);
}

/** What a request the HTTP parser refused is answered with. */
interface ClientErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * The answer to a connection-level error, by Node's error code; null for errors that leave
 * nothing to answer (the client reset or closed the connection).
 */
export function clientErrorAnswer(code: string | undefined): ClientErrorAnswer | null {
  if (code === 'HPE_HEADER_OVERFLOW') {
    // Node reports an over-long request line and over-large headers alike.
    return {
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      message: `The request line and headers exceed ${http.maxHeaderSize} bytes.`,
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'REQUEST_TIMEOUT',
      message: 'The request did not arrive in time.',
    };
  }
  if (code?.startsWith('HPE_')) {
    return {
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The request is not valid HTTP/1.1.',
    };
  }
  return null;
}

/** A complete HTTP/1.1 response carrying the error envelope, that closes the connection. */
function rawErrorResponse(answer: ClientErrorAnswer, requestId: string): string {
  const body = JSON.stringify({
    success: false,
    error: { code: answer.code, message: answer.message },
    requestId,
  });
  return [
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The HTTP server of the app: `main.ts` listens with it, and tests that need a real socket
 * use it too. It bounds how long clients may take to send a request, and answers requests
 * that Node's HTTP parser refuses (which never reach Express) in the error envelope:
 *
 * - `headersTimeout`: the request line and headers must arrive within `headersMs` (Node
 *   checks it every `connectionsCheckingInterval`, set to a second at most).
 * - The whole body within `bodyMs` of the headers: the backstop for bodies no route reads
 *   (routes that read one answer 408 themselves after `bodyMs`: json-body, raw-body). Past
 *   it, a request not yet answered gets 408 and its connection closes; a request already
 *   answered whose body is still arriving only loses its connection. A streaming route
 *   takes its request out of this bound (`exemptFromRequestBound`) and bounds the time
 *   between chunks instead. Node's own `requestTimeout` is off: it cannot exempt a route.
 * - `clientError`: 431 HEADERS_TOO_LARGE, 408 REQUEST_TIMEOUT or 400 BAD_REQUEST, written
 *   on the socket as a complete response with a request id, then the connection is closed.
 *   A connection whose response has already started, or that the client reset, is only
 *   closed.
 */
export function createHttpServer(
  listener: http.RequestListener,
  timeouts: ServerTimeouts,
  logger: Logger,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    listener,
  );
  // A client that half-closes its connection once its request is sent (a shell pipe into
  // `nc -N`, some proxies) still gets its answer: by default Node aborts the requests in
  // flight on the connection's end, even complete ones, and sends nothing. Now the answer is
  // written and the connection closed after it; a request whose body the end cut short is
  // refused by the parser as before (400, see `clientError`). The switch is Node's own
  // (lib/_http_server.js), not in its typings; a test holds it to its effect.
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // The response in progress on each connection, so an error never corrupts one.
  const responses = new WeakMap<Duplex, http.ServerResponse>();
  const answered = new WeakSet<Duplex>();
  const stalls = watchStalledResponses(server, timeouts.responseStallMs ?? 120_000, logger);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    responses.set(req.socket, res);
    // A request that announces no body (most of them) is complete once its headers are
    // parsed, and needs no bound; for the others, look once the parser is done with what
    // arrived.
    if (
      req.headers['content-length'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined
    ) {
      queueMicrotask(() => boundBody(req, res, timeouts.bodyMs, logger));
    }
    stalls.watch(res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) {
      return; // The parser reports every further chunk of a refused request again.
    }
    const response = responses.get(socket);
    const pending = response !== undefined && !response.writableFinished;
    if (error.code === 'HPE_CLOSED_CONNECTION' && pending) {
      // Bytes after a request that asked to close the connection (RFC 9112, 9.6): that
      // request is still answered, the bytes are ignored, and the connection closes after.
      answered.add(socket);
      return;
    }
    const request = response?.req;
    if (response && request && !request.complete) {
      // The error is in the body of the request in progress (cut short by the client's
      // half-close, bad chunking).
      if (response.headersSent) {
        // Answered already (an early 401, an import stopped by a bad line): no second
        // answer; the connection closes once the first is written.
        answered.add(socket);
        if (response.writableFinished) {
          closeAfterWrites(socket);
        } else {
          response.once('finish', () => closeAfterWrites(socket));
        }
        return;
      }
      if (unbounded.has(request)) {
        // A route streams this body (an import): its upload ends here, and the route
        // answers as it does for any upload that ends (an import without its end line is
        // truncated, with the import's record), then the connection closes.
        answered.add(socket);
        response.setHeader('Connection', 'close');
        // Nothing more will come: marked complete, else ending the stream would count as an
        // abort and destroy the connection before the route's answer.
        request.complete = true;
        cutShort.add(request);
        request.push(null);
        return;
      }
    }
    const answer = clientErrorAnswer(error.code);
    const responding = response?.headersSent === true && !response.writableFinished;
    if (answer === null || responding || !socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const requestId = newRequestId();
    logger.info({ requestId, status: answer.status, cause: error.code }, 'request refused');
    // End (not destroy) after writing, and read on, so the client gets the whole answer
    // even while it is still sending; then close for good.
    closeAfterWrites(socket, rawErrorResponse(answer, requestId));
  });
  return server;
}

/** What StalledResponses reads of a response: its connection's progress. */
export interface WatchedResponse {
  statusCode: number;
  socket: (OutputSocket & { destroyed: boolean; destroy(): void }) | null;
}

/**
 * Closes the connections whose client stopped reading its answer. An answer larger than
 * what the kernel buffers for the connection waits in the process's memory until the client
 * reads it; a client that never does would hold that memory and the connection for good.
 * `check` (every `checkEveryMs`: `stallMs / 4`, at most a second) looks at every response
 * still being written: while some of it waits to be sent and none was sent for `stallMs`
 * (see `outputMark`),
 * its connection is destroyed and a `response stalled` line logged. A handler still working
 * (nothing waiting to be sent) or a slow but steady reader is never cut; a streamed export
 * has its own, similar bound.
 *
 * Only time the process itself was running counts: when a check comes much later than due
 * (the event loop was blocked, by a long synchronous step or a loaded machine), nothing
 * could be sent meanwhile whatever the client did, so at most two intervals of that gap are
 * held against the connection.
 */
export class StalledResponses {
  readonly checkEveryMs: number;
  private readonly active = new Map<
    WatchedResponse,
    { mark: string; stalledMs: number; at: number }
  >();

  constructor(
    private readonly stallMs: number,
    private readonly logger: Pick<Logger, 'info'>,
  ) {
    this.checkEveryMs = Math.max(10, Math.min(1000, Math.floor(stallMs / 4)));
  }

  /** Watches `res` from now until `done` is called (it finished, or its connection closed). */
  watch(res: WatchedResponse, now: number): () => void {
    this.active.set(res, { mark: '', stalledMs: 0, at: now });
    return () => this.active.delete(res);
  }

  check(now: number): void {
    for (const [res, seen] of this.active) {
      const socket = res.socket;
      if (!socket || socket.destroyed) {
        this.active.delete(res);
        continue;
      }
      const elapsed = Math.min(now - seen.at, 2 * this.checkEveryMs);
      seen.at = now;
      const mark = outputMark(socket);
      if (socket.writableLength === 0 || mark !== seen.mark) {
        seen.mark = mark;
        seen.stalledMs = 0;
        continue;
      }
      seen.stalledMs += elapsed;
      if (seen.stalledMs >= this.stallMs) {
        this.active.delete(res);
        this.logger.info(
          { status: res.statusCode, unsent: socket.writableLength, stallMs: this.stallMs },
          'response stalled: the client read none of it, connection closed',
        );
        socket.destroy();
      }
    }
  }
}

/** Checks the responses of `server` every `checkEveryMs` (see above) until it closes. */
function watchStalledResponses(
  server: http.Server,
  stallMs: number,
  logger: Logger,
): { watch(res: http.ServerResponse): void } {
  const stalls = new StalledResponses(stallMs, logger);
  const timer = setInterval(() => stalls.check(Date.now()), stalls.checkEveryMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
  return {
    watch(res) {
      // A response closes once (right after it finished, or when its connection was cut).
      res.on('close', stalls.watch(res, Date.now()));
    },
  };
}

/**
 * Ends the connection once what was written to it (and `last`) is sent, reading on in the
 * meantime, so a client still sending gets the whole answer; then closes it for good after
 * CLOSE_GRACE_MS.
 */
function closeAfterWrites(socket: Duplex, last?: string): void {
  if (last === undefined) {
    socket.end();
  } else {
    socket.end(last);
  }
  socket.resume();
  const grace = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  grace.unref();
  socket.once('close', () => clearTimeout(grace));
}

/** The whole-request bound of one request (see `createHttpServer`). */
function boundBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  bodyMs: number,
  logger: Logger,
): void {
  if (req.complete) {
    return;
  }
  const timer = setTimeout(() => {
    if (req.complete || unbounded.has(req)) {
      return;
    }
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const requestId = newRequestId();
    logger.info({ requestId, status: 408 }, 'request body not complete in time');
    const body = JSON.stringify({
      success: false,
      error: {
        code: 'REQUEST_TIMEOUT',
        message: `The request did not arrive within ${bodyMs} ms.`,
        details: { timeoutMs: bodyMs },
      },
      requestId,
    });
    res.writeHead(408, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Request-Id': requestId,
      Connection: 'close',
    });
    res.end(body, () => req.socket.destroy());
  }, bodyMs);
  timer.unref();
  const clear = (): void => clearTimeout(timer);
  req.once('end', clear);
  res.once('close', () => {
    if (req.complete) {
      clear();
    }
  });
}
