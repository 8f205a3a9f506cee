import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle';

/** The longest the last line waits for the access lines of requests cut off at the bound. */
const CUT_OFF_LOG_WAIT_MS = 100;

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
 *    response and is closed after it. Requests already received are answered; analyst
 *    Cypher queries are stopped and answered 503 (`Lifecycle.draining`).
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
  /** The most recent response of each open connection (finished or not). */
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
    // Long work for requests still open (Cypher queries) stops now, answered 503.
    this.options.lifecycle.beginDraining();
    for (const res of this.latest.values()) {
      if (!res.writableFinished) {
        this.closeWhenSent(res);
      }
    }
    logger.info(
      { openRequests: this.openRequests() },
      'closing the listener; draining connections',
    );
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
        { timeoutMs, phase: state.phase, openRequests: this.openRequests() },
        state.phase === 'connections'
          ? 'shutdown timed out: destroying the connections still open'
          : 'shutdown timed out while closing the stores',
      );
      // The requests cut off are logged as their connections close (aborted): before the last
      // line, with a short bound.
      const cut = [...this.latest.values()]
        .filter((res) => !res.writableFinished && !res.closed)
        .map((res) => once(res, 'close'));
      server.closeAllConnections();
      await Promise.race([Promise.all(cut), sleep(CUT_OFF_LOG_WAIT_MS)]);
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

  /**
   * Remembers each connection's latest response (one Map entry per connection, dropped when
   * it closes: nothing more per request while serving), and closes new ones while draining.
   */
  private track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const previous = this.latest.get(socket);
    if (previous === undefined) {
      socket.once('close', () => this.latest.delete(socket));
    }
    this.latest.set(socket, res);
    if (this.draining) {
      // A request pipelined behind one already marked: it, not the earlier one, is the last.
      if (previous && !previous.headersSent) {
        previous.removeHeader('Connection');
      }
      this.closeWhenSent(res);
    }
  }

  /**
   * Marks `res` as its connection's last response. One whose headers are already out (sent
   * with keep-alive before the shutdown began) leaves an idle connection behind when it
   * ends: that is closed then, rather than at its keep-alive timeout.
   */
  private closeWhenSent(res: ServerResponse): void {
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
    }
    res.once('close', () => setImmediate(() => this.options.server.closeIdleConnections()));
  }

  private openRequests(): number {
    return [...this.latest.values()].filter((res) => !res.writableFinished).length;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
