import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * `req_` + 32 hex characters (docs/http-conventions.md: 20+ URL-safe characters). randomUUID
 * draws from a cached entropy pool, several times cheaper per request than randomBytes.
 */
export function newRequestId(): string {
  return `req_${randomUUID().replaceAll('-', '')}`;
}

/** Gives every request an id, exposed as `X-Request-Id` and in every envelope. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const id = newRequestId();
  req.ctx = { requestId: id, startedAt: process.hrtime.bigint() };
  res.setHeader('X-Request-Id', id);
  next();
}
