import fs from 'node:fs';
import pino, { type Logger } from 'pino';

/** Standard output for the service's logs; see `asyncStdout`. */
export interface StdoutDestination extends pino.DestinationStream {
  /**
   * Resolves once every line logged so far has been handed to the operating system, so a
   * process may exit without losing its last lines (or when writing failed: nothing more
   * can be done then).
   */
  drained(): Promise<void>;
}

/** How long a logged line may wait to be handed over with the lines after it. */
const LOG_BATCH_MS = 5;
/** Buffered text handed over at once, without waiting for LOG_BATCH_MS. */
const LOG_BATCH_MAX_CHARS = 64 * 1024;

/**
 * Standard output for the service's logs, written asynchronously: a line is handed over
 * with the others logged within LOG_BATCH_MS of it, and lines handed over while a write is
 * in flight go out together in the next one, instead of one write(2) per line. Under load
 * that is one write for many requests (each write is a round trip through libuv's thread
 * pool, costlier than formatting the line); a quiet service still logs within a few
 * milliseconds. Whatever is still buffered is written synchronously when the process
 * exits. A line whose write is already in flight is not covered by that last synchronous
 * write: a process that exits on purpose waits for `drained()` first.
 */
export function asyncStdout(): StdoutDestination {
  const destination = pino.destination({ dest: 1, sync: false });
  // The destination is idle (nothing in flight) until a write, and again at its 'drain',
  // which it emits once everything handed to it so far has been written.
  let busy = false;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const handOver = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (pending !== '') {
      const lines = pending;
      pending = '';
      busy = true;
      destination.write(lines);
    }
  };
  destination.on('drain', () => {
    busy = false;
  });
  process.on('exit', () => {
    try {
      destination.flushSync();
      if (pending !== '') {
        fs.writeSync(1, pending);
        pending = '';
      }
    } catch {
      // stdout closed (EPIPE) or not writable now: nothing more can be done.
    }
  });
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= LOG_BATCH_MAX_CHARS) {
        handOver();
      } else if (timer === undefined) {
        // Unref'd: a process with nothing else to do exits, and its 'exit' writes the rest.
        timer = setTimeout(handOver, LOG_BATCH_MS).unref();
      }
    },
    drained: () => {
      handOver();
      return busy
        ? new Promise<void>((resolve) => {
            const done = () => {
              destination.off('drain', done);
              destination.off('error', done);
              resolve();
            };
            destination.once('drain', done);
            destination.once('error', done);
          })
        : Promise.resolve();
    },
  };
}

/** The second the cached prefix of `isoTime` is for, and that prefix. */
let isoSecond = Number.NaN;
let isoPrefix = '';

/**
 * pino's `stdTimeFunctions.isoTime` (`,"time":"2026-01-02T03:04:05.678Z"`), without
 * formatting a Date for every line: the part up to the seconds is formatted once a second.
 */
export function isoTime(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    // Up to and including the decimal point: "YYYY-MM-DDTHH:MM:SS."
    isoPrefix = `,"time":"${new Date(second * 1000).toISOString().slice(0, -4)}`;
  }
  const ms = now - second * 1000;
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/**
 * JSON logs on stdout. Authorization headers, cookies and secrets are redacted should
 * they ever be passed to a log call.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'workspace-ontology-service' },
      timestamp: isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'authorization',
          'secret',
          '*.secret',
          'apiKey',
          '*.apiKey',
          'password',
          '*.password',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
