import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import {
  AppError,
  InvalidJsonError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors';
import { isDecompressionError } from '../body-encoding';
import { sendError } from '../presenters/envelope';
import { NOT_UTF8 } from './json-body';
import { newRequestId } from './request-id';

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  /** zlib's code when a declared Content-Encoding does not match the bytes. */
  code?: unknown;
}

/**
 * Client errors that Express and its body parser raise as plain errors, as AppErrors: a path
 * parameter that is not valid percent-encoding (the router's decodeURIComponent throws a
 * URIError, e.g. for `%ZZ` or a cut-off UTF-8 sequence, before any route runs), and the
 * body parser's failures.
 */
function fromFramework(err: unknown): AppError | null {
  if (err instanceof URIError) {
    return new ValidationError('A path parameter is not valid percent-encoded UTF-8.', [
      { path: 'params', message: 'must be valid percent-encoded UTF-8' },
    ]);
  }
  if (typeof err !== 'object' || err === null) {
    return null;
  }
  const e = err as BodyParserError;
  if (isDecompressionError(e)) {
    // The body parser inflates gzip, deflate and br bodies; bytes that are not what the
    // Content-Encoding says are the client's error.
    return new ValidationError(
      'The request body could not be decompressed as its Content-Encoding says.',
      [{ path: 'body', message: 'does not match its Content-Encoding' }],
    );
  }
  switch (e.type) {
    case 'entity.parse.failed':
      return new InvalidJsonError();
    case 'entity.verify.failed':
      // The only verification: the body's bytes are UTF-8 (json-body.ts).
      return new ValidationError(NOT_UTF8, [{ path: 'body', message: 'is not valid UTF-8' }]);
    case 'entity.too.large':
      return new PayloadTooLargeError(e.limit ?? 0);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('unsupported charset or encoding');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return new ValidationError('The request body could not be read.', [
        { path: 'body', message: 'could not be read' },
      ]);
    default:
      return null;
  }
}

/** 404 in the envelope for any route that does not exist. */
export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new NotFoundError(`No route for ${req.method} ${req.path}.`));
}

/**
 * The one place errors become responses. AppErrors are answered as they are; anything
 * else is logged with the request id and answered as a generic 500 without detail.
 */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const requestId = req.ctx?.requestId ?? newRequestId();
    if (res.headersSent) {
      if (err instanceof AppError && err.status < 500) {
        // The client's doing, answered already: a body deadline passing after the server's
        // own bound sent its 408, say. Not a fault of the service.
        logger.info(
          { requestId, status: err.status, code: err.code },
          'client error after the response started',
        );
      } else {
        logger.error({ err, requestId }, 'error after response started');
      }
      // A response already handed whole to the connection is left to finish.
      if (!res.writableEnded) {
        res.destroy();
      }
      return;
    }
    if (res.destroyed) {
      // The client closed its connection (work done for it may have stopped because of
      // that, see clientGoneSignal): there is nobody to answer.
      logger.info({ requestId }, 'client closed its connection before the answer');
      return;
    }
    const appError = err instanceof AppError ? err : fromFramework(err);
    if (appError) {
      if (req.ctx) {
        req.ctx.errorCode = appError.code;
      }
      sendError(res, appError, requestId);
      return;
    }
    logger.error({ err, requestId }, 'unhandled error');
    sendError(
      res,
      new AppError(
        500,
        'INTERNAL_ERROR',
        'An internal error occurred. Quote the requestId when reporting it.',
      ),
      requestId,
    );
  };
}
