import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { HttpMetrics } from '../metrics';
import { newRequestId } from './request-id';

/**
 * The status an unfinished response is logged and counted with when its headers were never
 * sent: the client went away first (nginx's "client closed request").
 */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * The start and end of every request, as one middleware (one router hop): gives the request
 * its id (`X-Request-Id`, and in every envelope), then, when the response ends, writes one
 * structured log line and one metrics observation. A response that never finishes (the
 * client went away, or a stream was cut off) ends when its connection closes: its line says
 * `aborted: true`, with the status sent, or CLIENT_CLOSED_STATUS if none was. Logs carry
 * the request id; never headers, bodies or query strings (which may hold secrets).
 *
 * Both cases are heard on the response's `close`, which Node emits exactly once per
 * response, right after `finish` (in the next tick) or when the connection closes first:
 * one listener per request rather than two.
 */
export function requestLifecycle(logger: Logger, metrics: HttpMetrics) {
  // The access line's fields are fixed and never hold a secret, so it skips the redaction
  // pass the main logger applies to every line (a few microseconds per request).
  const access = logger.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = newRequestId();
    const ctx: Request['ctx'] = { requestId: id, startedAt: process.hrtime.bigint() };
    req.ctx = ctx;
    res.setHeader('X-Request-Id', id);
    res.on('close', () => {
      const aborted = !res.writableFinished;
      const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
      const route = ctx.route ?? 'unmatched';
      const status = aborted && !res.headersSent ? CLIENT_CLOSED_STATUS : res.statusCode;
      metrics.observe(req.method, route, status, seconds, ctx);
      access.info(
        {
          requestId: id,
          method: req.method,
          path: req.path,
          route,
          status,
          durationMs: Math.round(seconds * 1e6) / 1e3,
          workspaceId: ctx.workspaceId,
          actor: ctx.principal?.actorId,
          ...(aborted ? { aborted: true } : {}),
        },
        'request',
      );
    });
    next();
  };
}
