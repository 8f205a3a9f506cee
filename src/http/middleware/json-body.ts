import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { UnsupportedMediaTypeError } from '../../errors';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) {
    return length !== '0';
  }
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * POST, PUT and PATCH bodies must be JSON (spec: Bodies are JSON). A request without a body
 * (e.g. an action such as revoke) needs no Content-Type. Then parses JSON with the size
 * limit; parse failures reach the error handler as body-parser errors.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const requireJson = (req: Request, _res: Response, next: NextFunction): void => {
    if (METHODS_WITH_BODY.has(req.method) && hasBody(req) && !req.is('application/json')) {
      next(new UnsupportedMediaTypeError(req.headers['content-type']));
      return;
    }
    next();
  };
  return [requireJson, express.json({ limit: limitBytes, strict: false })];
}
