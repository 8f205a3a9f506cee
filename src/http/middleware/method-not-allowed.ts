import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { MethodNotAllowedError } from '../../errors';
import type { RouteDef } from '../route-table';

/** The order methods are listed in `Allow`. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every path template of the table with the methods it answers (HEAD wherever GET is). */
function methodsByPath(routes: readonly RouteDef[]): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') {
      methods.add('HEAD'); // Express answers HEAD with the GET route.
    }
    byPath.set(route.path, methods);
  }
  return byPath;
}

/**
 * 405 METHOD_NOT_ALLOWED, with an `Allow` header, for a request whose path a route of the
 * table serves but not with its method; mounted after every route, so only requests no
 * route answered get here. It is derived from the route table: each path template is
 * matched by Express itself (the same matching and parameter decoding as the routes), and
 * the methods of every template the path matches are allowed. A path no route serves passes
 * on (to the 404). CORS preflights never get here: the CORS middleware answers them first.
 */
export function methodNotAllowed(routes: readonly RouteDef[]): Router {
  const router = express.Router();
  const allowedFor = new WeakMap<Request, Set<string>>();
  for (const [path, methods] of methodsByPath(routes)) {
    router.all(path, (req: Request, _res: Response, next: NextFunction) => {
      const allowed = allowedFor.get(req) ?? new Set<string>();
      methods.forEach((method) => allowed.add(method));
      allowedFor.set(req, allowed);
      next();
    });
  }
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const allowed = allowedFor.get(req);
    if (!allowed) {
      next();
      return;
    }
    const listed = METHOD_ORDER.filter((method) => allowed.has(method));
    next(new MethodNotAllowedError(req.method, req.path, listed));
  });
  return router;
}
