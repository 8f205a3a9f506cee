import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Response headers a browser application may read (request id, rate limits, challenges). */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'Location',
  'WWW-Authenticate',
  'Idempotent-Replayed',
].join(', ');

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Workspace-Id, Idempotency-Key';

/**
 * CORS for browser applications on other origins (CORS_ORIGINS), so that a single-page app
 * can call `/token`, `/revoke` and the REST API with its access token. Credentials (cookies)
 * are never allowed: every API credential travels in the Authorization header, and the
 * authorization pages' cookie must stay first-party. A request from an origin that is not
 * listed gets no CORS headers, so the browser keeps the response from that page; a
 * preflight from a listed origin is answered here with 204.
 */
export function cors(origins: readonly string[]): RequestHandler {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (origin === undefined || (!anyOrigin && !allowed.has(origin))) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
    if (!anyOrigin) {
      res.append('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
