import type { Request } from 'express';

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

async function readRaw(req: Request, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limitBytes) {
    throw new ParamsError(413, `The body exceeds ${limitBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      throw new ParamsError(413, `The body exceeds ${limitBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
  limitBytes = OAUTH_BODY_LIMIT_BYTES,
): Promise<Record<string, string>> {
  const raw = await readRaw(req, limitBytes);
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
