import type { Request } from 'express';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors';
import { readRawBody } from '../raw-body';

/** Largest body the OAuth endpoints and forms read: their parameters are a few hundred bytes. */
export const OAUTH_BODY_LIMIT_BYTES = 64 * 1024;

/** Why a body could not be turned into parameters. */
export class ParamsError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ParamsError';
  }
}

/** Which encodings a route accepts. */
export interface ParamEncodings {
  form: boolean;
  json: boolean;
}

/** The body's bytes, through the shared raw reader, with its problems in this module's terms. */
async function readRaw(req: Request, limitBytes: number, timeoutMs: number): Promise<Buffer> {
  try {
    return await readRawBody(req, limitBytes, timeoutMs);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      throw new ParamsError(413, `The body exceeds ${limitBytes} bytes.`);
    }
    if (error instanceof UnsupportedMediaTypeError) {
      throw new ParamsError(415, 'The body must not be compressed (Content-Encoding).');
    }
    // A body that did not arrive in time (408, closing the connection) or at all.
    throw error;
  }
}

/**
 * Reads the parameters of an OAuth request or form: `application/x-www-form-urlencoded`
 * (RFC 6749 and every client library) and, where accepted, a JSON object of strings (the
 * spec's examples). A parameter sent twice is refused (RFC 6749 section 3.2). These routes
 * opt out of the app's JSON parser (`rawBody`) because they must accept form bodies and
 * answer problems in their own shape.
 */
export async function readParams(
  req: Request,
  accept: ParamEncodings,
  timeoutMs: number,
  limitBytes = OAUTH_BODY_LIMIT_BYTES,
): Promise<Record<string, string>> {
  const raw = await readRaw(req, limitBytes, timeoutMs);
  if (raw.length === 0) {
    return {};
  }
  const text = raw.toString('utf8');
  if (accept.form && req.is('application/x-www-form-urlencoded')) {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      if (Object.hasOwn(params, name)) {
        throw new ParamsError(400, `The parameter ${name} is repeated.`);
      }
      params[name] = value;
    }
    return params;
  }
  if (accept.json && req.is('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ParamsError(400, 'The body is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ParamsError(400, 'The JSON body must be an object.');
    }
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') {
        throw new ParamsError(400, `The parameter ${name} must be a string.`);
      }
      params[name] = value;
    }
    return params;
  }
  const accepted = [
    ...(accept.form ? ['application/x-www-form-urlencoded'] : []),
    ...(accept.json ? ['application/json'] : []),
  ];
  throw new ParamsError(415, `The body must be sent as ${accepted.join(' or ')}.`);
}
