import type { Request } from 'express';
import {
  PayloadTooLargeError,
  RequestTimeoutError,
  UnsupportedContentEncodingError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors';
import { contentEncodingOf } from './body-encoding';

/**
 * Refuses a body that is not of media type `expected` (a `charset` parameter is allowed only
 * as UTF-8, the one encoding JSON may use between systems, RFC 8259) with 415.
 */
export function requireMediaType(req: Request, expected = 'application/json'): void {
  const header = req.headers['content-type'];
  const [type = '', ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  const utf8 = charset === undefined || ['utf-8', 'utf8', '"utf-8"'].includes(charset);
  if (type !== expected || !utf8) {
    throw new UnsupportedMediaTypeError(header, expected);
  }
}

/**
 * Reads the request body as raw bytes, for routes that must see exactly what was sent
 * (webhook signatures are computed over it, OAuth forms are not JSON). A declared or actual
 * size over `limitBytes` is a 413 without buffering the excess; compressed bodies are
 * refused with 415. A body not complete within `timeoutMs` of the start is a 408 (whose
 * answer closes the connection), so a client that trickles its body cannot hold the request
 * open; a client that goes away is a 400. After an error the rest of the body is drained, so
 * the client can read the answer.
 */
export function readRawBody(req: Request, limitBytes: number, timeoutMs: number): Promise<Buffer> {
  const encoding = contentEncodingOf(req);
  if (encoding !== 'identity') {
    return Promise.reject(new UnsupportedContentEncodingError(encoding));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    return Promise.reject(new PayloadTooLargeError(limitBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      req.removeListener('aborted', onError);
      req.removeListener('close', onError);
    };
    const failWith = (error: Error) => {
      cleanup();
      req.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        failWith(new PayloadTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = () =>
      failWith(
        new ValidationError('The request body could not be read.', [
          { path: 'body', message: 'could not be read' },
        ]),
      );
    const timer = setTimeout(() => failWith(new RequestTimeoutError(timeoutMs)), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onError);
    // Closed before its end: the client went away (or the server closed the connection).
    req.on('close', onError);
  });
}
