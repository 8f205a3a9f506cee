import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { AppError } from '../../errors';
import type { PageRequest } from '../../ports/paging';

/** Paging information on list responses (spec: Response envelope). */
export interface PageMeta {
  /** Null on node and edge lists asked not to count (`count=false`). */
  total: number | null;
  limit: number;
  offset: number;
  [extra: string]: unknown;
}

/**
 * Writes a JSON body. What Express's `res.json` does for these bodies (no ETag, no JSONP,
 * no replacer or spaces in this app), without its content-type, charset and freshness
 * passes on every response. Node leaves out the body of a HEAD response itself.
 */
export function writeJson(res: Response, status: number, body: unknown): void {
  writeJsonText(res, status, JSON.stringify(body));
}

function writeJsonText(res: Response, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/** Sends `{ success: true, data, requestId }` (plus `meta` for lists). */
export function sendData(res: Response, status: number, data: unknown, meta?: object): void {
  const body: Record<string, unknown> = { success: true, data };
  if (meta !== undefined) {
    body.meta = meta;
  }
  body.requestId = res.req.ctx.requestId;
  writeJson(res, status, body);
}

/**
 * `sendData` for a record one of whose fields is JSON text kept as received (a webhook
 * payload): `rawJson` is written into the response as it is, instead of being parsed and
 * serialised again. Stored JSON may nest deeper than a recursive serialiser allows (before
 * Node 26, the call stack limited JSON.stringify, not JSON.parse), so this way any stored
 * record can be shown, whatever the runtime.
 * `rawJson` must be valid JSON text; `data[field]` is replaced by it.
 */
export function sendDataWithRawJson(
  res: Response,
  status: number,
  data: Record<string, unknown>,
  field: string,
  rawJson: string,
): void {
  // A random token stands in for the field while the rest is serialised; it cannot occur
  // in the record, so the one quoted occurrence is where the raw text goes.
  const token = `raw-json-${randomUUID()}`;
  const json = JSON.stringify({
    success: true,
    data: { ...data, [field]: token },
    requestId: res.req.ctx.requestId,
  });
  writeJsonText(
    res,
    status,
    json.replace(`"${token}"`, () => rawJson),
  );
}

/** Sends a page of items with `meta: { total, limit, offset }`. */
export function sendPage(
  res: Response,
  items: unknown[],
  total: number | null,
  page: PageRequest,
  extraMeta: Record<string, unknown> = {},
): void {
  const meta: PageMeta = { total, limit: page.limit, offset: page.offset, ...extraMeta };
  sendData(res, 200, items, meta);
}

/** Sends the error envelope of docs/http-conventions.md. */
export function sendError(res: Response, error: AppError, requestId: string): void {
  if (error.headers) {
    for (const [name, value] of Object.entries(error.headers)) {
      res.setHeader(name, value);
    }
  }
  const payload: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== undefined) {
    payload.details = error.details;
  }
  writeJson(res, error.status, { success: false, error: payload, requestId });
}
