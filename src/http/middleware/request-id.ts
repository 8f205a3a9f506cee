import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** `req_` + 20 URL-safe characters (DESIGN.md section 3). */
export function newRequestId(): string {
  return `req_${randomBytes(15).toString('base64url')}`;
}

/** Gives every request an id, exposed as `X-Request-Id` and in every envelope. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const id = newRequestId();
  req.ctx = { requestId: id, startedAt: process.hrtime.bigint() };
  res.setHeader('X-Request-Id', id);
  next();
}
