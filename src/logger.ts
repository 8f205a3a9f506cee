import pino, { type Logger } from 'pino';

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
