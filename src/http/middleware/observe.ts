import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { HttpMetrics } from '../metrics';
import { newRequestId } from './request-id';

/**
 * The start and end of every request, as one middleware (one router hop): gives the request
 * its id (`X-Request-Id`, and in every envelope), then, when the response finishes, writes
 * one structured log line and one metrics observation. Logs carry the request id; never
 * headers, bodies or query strings (which may hold secrets).
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
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - ctx.startedAt) / 1e9;
      const route = ctx.route ?? 'unmatched';
      metrics.observe(req.method, route, res.statusCode, seconds, ctx);
      access.info(
        {
          requestId: id,
          method: req.method,
          path: req.path,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e6) / 1e3,
          workspaceId: ctx.workspaceId,
          actor: ctx.principal?.actorId,
        },
        'request',
      );
    });
    next();
  };
}
