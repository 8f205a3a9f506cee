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

/**
 * Standard output for the service's logs, written asynchronously: lines logged while a
 * write is in flight go out together in the next one, instead of one blocking write(2) per
 * line on the event loop. Nothing waits for a buffer to fill (a quiet service logs at once),
 * and whatever is still buffered is written synchronously when the process exits. A line
 * whose write is already in flight is not covered by that last synchronous write: a process
 * that exits on purpose waits for `drained()` first.
 */
export function asyncStdout(): StdoutDestination {
  const destination = pino.destination({ dest: 1, sync: false });
  // The destination is idle (nothing in flight) until a write, and again at its 'drain',
  // which it emits once everything handed to it so far has been written.
  let busy = false;
  destination.on('drain', () => {
    busy = false;
  });
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout closed (EPIPE) or not writable now: nothing more can be done.
    }
  });
  return {
    write(line: string) {
      busy = true;
      destination.write(line);
    },
    drained: () =>
      busy
        ? new Promise<void>((resolve) => {
            const done = () => {
              destination.off('drain', done);
              destination.off('error', done);
              resolve();
            };
            destination.once('drain', done);
            destination.once('error', done);
          })
        : Promise.resolve(),
  };
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
      timestamp: pino.stdTimeFunctions.isoTime,
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
