import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { MAX_JSON_DEPTH, nestingIssue } from '../../domain/json-nesting';
import { JsonTooDeepError, UnsupportedMediaTypeError } from '../../errors';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) {
    return length !== '0';
  }
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * Refuses a parsed body nested deeper than MAX_JSON_DEPTH (400 VALIDATION_ERROR naming
 * where), before any route validates, hashes or serialises it: JSON.parse builds deep values
 * without trouble, but recursive code that later walks them would overflow the stack.
 */
export function rejectDeepJson(req: Request, _res: Response, next: NextFunction): void {
  const issue = nestingIssue(req.body, 'body');
  next(issue ? new JsonTooDeepError('The JSON body', issue, MAX_JSON_DEPTH) : undefined);
}

/**
 * POST, PUT and PATCH bodies must be JSON (spec: Bodies are JSON). A request without a body
 * (e.g. an action such as revoke) needs no Content-Type. Then parses JSON with the size
 * limit; parse failures reach the error handler as body-parser errors. Leaves the nesting
 * check to the caller (see `jsonBody`).
 */
export function readJsonBody(limitBytes: number): RequestHandler[] {
  const requireJson = (req: Request, _res: Response, next: NextFunction): void => {
    if (METHODS_WITH_BODY.has(req.method) && hasBody(req) && !req.is('application/json')) {
      next(new UnsupportedMediaTypeError(req.headers['content-type']));
      return;
    }
    next();
  };
  return [requireJson, express.json({ limit: limitBytes, strict: false })];
}

/** The JSON body of every route that takes one: `readJsonBody`, then `rejectDeepJson`. */
export function jsonBody(limitBytes: number): RequestHandler[] {
  return [...readJsonBody(limitBytes), rejectDeepJson];
}
