import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteDef } from './route-table';

/**
 * One Express handler for a route: records the route template, runs its middleware (guard,
 * body parser, extras) in order, then its handler. Mounting these as separate layers cost a
 * router hop each on every request; here each step calls the next directly. Semantics are
 * Express's: a step passes an error to `next(error)` or throws (or rejects), and the error
 * goes to the app's error handler; a step that answers without calling `next` ends the
 * request there.
 */
export function composeRoute(route: RouteDef, steps: readonly RequestHandler[]): RequestHandler {
  const handler = route.handler;
  return (req: Request, res: Response, next: NextFunction): void => {
    req.ctx.route = route.path;
    let index = 0;
    const proceed = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      const step = steps[index];
      index += 1;
      try {
        const result = step ? step(req, res, proceed) : handler(req, res);
        if (result instanceof Promise) {
          result.catch(next);
        }
      } catch (thrown) {
        next(thrown);
      }
    };
    proceed();
  };
}
