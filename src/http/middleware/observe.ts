import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { HttpMetrics } from '../metrics';

/**
 * One structured log line and one metrics observation per request, when the response
 * finishes. Logs carry the request id; never headers, bodies or query strings (which may
 * hold secrets).
 */
export function observe(logger: Logger, metrics: HttpMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - req.ctx.startedAt) / 1e9;
      const route = req.ctx.route ?? 'unmatched';
      metrics.observe(req.method, route, res.statusCode, seconds);
      logger.info(
        {
          requestId: req.ctx.requestId,
          method: req.method,
          path: req.path,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e6) / 1e3,
          workspaceId: req.ctx.workspaceId,
          actor: req.ctx.principal?.actorId,
        },
        'request',
      );
    });
    next();
  };
}
