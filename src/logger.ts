import pino, { type Logger } from 'pino';

/**
 * Standard output for the service's logs, written asynchronously: lines logged while a
 * write is in flight go out together in the next one, instead of one blocking write(2) per
 * line on the event loop. Nothing waits for a buffer to fill (a quiet service logs at once),
 * and whatever is still buffered is written synchronously when the process exits.
 */
export function asyncStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout closed (EPIPE) or not writable now: nothing more can be done.
    }
  });
  return destination;
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
