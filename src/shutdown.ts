import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle';

/** Exit code of a shutdown that completed within its bound. */
export const EXIT_STOPPED = 0;
/** Exit code of a shutdown forced by its bound, or whose resources failed to close. */
export const EXIT_FORCED = 1;

export interface GracefulShutdownOptions {
  server: Server;
  logger: Logger;
  /** Set to stopping at once, so that `/ready` answers 503. */
  lifecycle: Lifecycle;
  /** SHUTDOWN_DELAY_MS: time between `/ready` going 503 and the listener closing. */
  delayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: bound on draining connections and releasing resources. */
  timeoutMs: number;
  /** Releases everything but the server (the container: stores, indexer, workers). */
  release: () => Promise<void>;
  /** Ends the process with `code`, once the last log line is written. */
  exit: (code: number) => void;
}

type Outcome = { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' };

/**
 * Stops the service cleanly on SIGTERM/SIGINT, in this order:
 *
 * 1. `/ready` answers 503 at once; for `delayMs` the service goes on serving as usual, so
 *    that load balancers see it and stop sending.
 * 2. The listener closes: new connections are refused. Idle keep-alive connections are
 *    closed; a connection with a request in progress gets `Connection: close` on its last
 *    response and is closed after it. Requests already received are answered.
 * 3. Once every connection is gone, `release()` closes the stores and workers.
 * 4. A last `stopped` line (exit code, duration) is logged and the process exits 0.
 *
 * Steps 2 and 3 are bounded by `timeoutMs`: past it, the remaining connections are destroyed
 * and the process exits 1 without waiting further. A second signal while stopping changes
 * nothing.
 */
export class GracefulShutdown {
  private startedAt: number | undefined;
  private draining = false;
  /** The most recent request of each open connection whose response is not finished. */
  private readonly latest = new Map<Socket, ServerResponse>();

  constructor(private readonly options: GracefulShutdownOptions) {
    // First among the request listeners: the app may answer synchronously.
    options.server.prependListener('request', (req, res) => this.track(req, res));
  }

  /** Starts the shutdown (at most once) and resolves with the exit code given to `exit`. */
  stop(signal: string): Promise<number> | undefined {
    const { logger, delayMs, timeoutMs } = this.options;
    if (this.startedAt !== undefined) {
      logger.info({ signal }, 'already stopping; signal ignored');
      return undefined;
    }
    this.startedAt = Date.now();
    this.options.lifecycle.beginStopping();
    logger.info({ signal, delayMs, timeoutMs }, 'shutting down: readiness is now 503');
    return this.run();
  }

  private async run(): Promise<number> {
    const { server, logger, delayMs, timeoutMs } = this.options;
    if (delayMs > 0) {
      await sleep(delayMs);
    }
    this.draining = true;
    for (const res of this.latest.values()) {
      closeAfter(res);
    }
    logger.info({ openRequests: this.latest.size }, 'closing the listener; draining connections');
    const state: { phase: 'connections' | 'resources' } = { phase: 'connections' };
    const work = (async (): Promise<Outcome> => {
      try {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        state.phase = 'resources';
        await this.options.release();
        return { kind: 'done' };
      } catch (error) {
        return { kind: 'failed', error };
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
    });
    const outcome = await Promise.race([work, timeout]);
    clearTimeout(timer);

    let code = EXIT_STOPPED;
    if (outcome.kind === 'timeout') {
      code = EXIT_FORCED;
      logger.error(
        { timeoutMs, phase: state.phase, openRequests: this.latest.size },
        state.phase === 'connections'
          ? 'shutdown timed out: destroying the connections still open'
          : 'shutdown timed out while closing the stores',
      );
      server.closeAllConnections();
    } else if (outcome.kind === 'failed') {
      code = EXIT_FORCED;
      logger.error({ err: outcome.error, phase: state.phase }, 'shutdown failed');
    }
    logger.info(
      { exitCode: code, durationMs: Date.now() - (this.startedAt ?? Date.now()) },
      'stopped',
    );
    this.options.exit(code);
    return code;
  }

  /** Remembers each connection's latest request, and closes new ones while draining. */
  private track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const previous = this.latest.get(socket);
    this.latest.set(socket, res);
    if (this.draining) {
      // A request pipelined behind one already marked: it, not the earlier one, is the last.
      if (previous && !previous.headersSent) {
        previous.removeHeader('Connection');
      }
      closeAfter(res);
    }
    res.once('close', () => {
      if (this.latest.get(socket) === res) {
        this.latest.delete(socket);
      }
      if (this.draining) {
        // A response sent with keep-alive before the shutdown began leaves an idle
        // connection behind once it ends: close it now rather than at its keep-alive timeout.
        setImmediate(() => this.options.server.closeIdleConnections());
      }
    });
  }
}

/** Asks Node to close the connection once `res` is sent, if its headers are not yet. */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) {
    res.setHeader('Connection', 'close');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
