import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { isUtf8 } from 'node:buffer';
import { MAX_JSON_DEPTH, nestingIssue } from '../../domain/json-nesting';
import { pathOfIllFormedText } from '../../domain/json-text';
import {
  JsonTooDeepError,
  RequestTimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors';

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

/** How a JSON body is read: its size limit, and how long it may take to arrive. */
export interface JsonBodyOptions {
  limitBytes: number;
  timeoutMs: number;
}

/**
 * Runs the body parser with a deadline: a body not complete within `timeoutMs` is answered
 * 408 (closing the connection), so a client that trickles its body cannot hold a request
 * open. Whatever the parser reports after the deadline is ignored.
 */
function withDeadline(parse: RequestHandler, timeoutMs: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      next(error);
    };
    const timer = setTimeout(() => settle(new RequestTimeoutError(timeoutMs)), timeoutMs);
    parse(req, res, settle);
  };
}

/**
 * POST, PUT and PATCH bodies must be JSON (spec: Bodies are JSON). A request without a body
 * (e.g. an action such as revoke) needs no Content-Type. Then parses JSON with the size
 * limit and the deadline; parse failures reach the error handler as body-parser errors.
 * Leaves the nesting check to the caller (see `jsonBody`).
 */
export function readJsonBody(options: JsonBodyOptions): RequestHandler[] {
  const requireJson = (req: Request, _res: Response, next: NextFunction): void => {
    if (METHODS_WITH_BODY.has(req.method) && hasBody(req) && !req.is('application/json')) {
      next(new UnsupportedMediaTypeError(req.headers['content-type']));
      return;
    }
    next();
  };
  const parse = express.json({
    limit: options.limitBytes,
    strict: false,
    // The parser would decode bytes that are not UTF-8 as U+FFFD, silently changing the text.
    verify: (_req, _res, bytes, encoding) => {
      if (encoding.toLowerCase().replace('-', '') === 'utf8' && !isUtf8(bytes)) {
        throw new Error(NOT_UTF8);
      }
    },
  });
  return [requireJson, withDeadline(parse, options.timeoutMs), rejectIllFormedText];
}

/** The message of the parser's error for a body that is not UTF-8 (error-handler.ts). */
export const NOT_UTF8 = 'The JSON body is not valid UTF-8.';

/**
 * Refuses a parsed body holding a string that is not well-formed Unicode (an unpaired
 * surrogate spelled as a `\uD800` escape): 400 VALIDATION_ERROR naming where, rather than
 * storing U+FFFD in its place.
 */
function rejectIllFormedText(req: Request, _res: Response, next: NextFunction): void {
  const path = pathOfIllFormedText(req.body);
  if (path === null) {
    next();
    return;
  }
  next(
    new ValidationError('The JSON body holds text that is not valid Unicode.', [
      {
        path: ['body', ...path].join('.'),
        message: 'holds an unpaired surrogate (a \\uD800-\\uDFFF escape without its pair)',
      },
    ]),
  );
}

/** The JSON body of every route that takes one: `readJsonBody`, then `rejectDeepJson`. */
export function jsonBody(options: JsonBodyOptions): RequestHandler[] {
  return [...readJsonBody(options), rejectDeepJson];
}
