import type { ServerResponse } from 'node:http';
import type { Principal } from '../domain/principal';
import type { Scope } from '../domain/scopes';
import type { Plan } from '../domain/workspace';
import { AppError, InsufficientScopeError } from '../errors';

/** Per-request state that middleware fills in and handlers read. */
export interface RequestContext {
  requestId: string;
  startedAt: bigint;
  /** Route template (e.g. `/api/api-keys/:id`) once a route matched; used for metrics. */
  route?: string;
  principal?: Principal;
  /** The workspace the request acts in (routes that require one). */
  workspaceId?: string;
  /** Scopes the credential holds in `workspaceId`. */
  scopes?: readonly Scope[];
  /** Plan of the workspace the request was charged to (rate limiting); for metrics. */
  plan?: Plan;
  /** `error.code` of an error answer, set by the error handler; for metrics. */
  errorCode?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}

/** Narrowing helper for handlers behind the `guard` middleware with a workspace. */
export function workspaceOf(ctx: RequestContext): { workspaceId: string; principal: Principal } {
  if (!ctx.workspaceId || !ctx.principal) {
    throw new Error('route is missing its workspace guard');
  }
  return { workspaceId: ctx.workspaceId, principal: ctx.principal };
}

/**
 * Refuses with 403 INSUFFICIENT_SCOPE a request whose credential lacks `scope` in its
 * workspace: for what a route needs beyond its own scopes (the guard checks those).
 */
export function requireScope(ctx: RequestContext, scope: Scope): void {
  if (!ctx.scopes?.includes(scope)) {
    throw new InsufficientScopeError(scope);
  }
}

/** Narrowing helper for handlers behind the `guard` middleware. */
export function principalOf(ctx: RequestContext): Principal {
  if (!ctx.principal) {
    throw new Error('route is missing its authentication guard');
  }
  return ctx.principal;
}

/**
 * Aborted when the client closes its connection before its response is complete, so that
 * work done only for it (an analyst query) can stop. The reason is a 400 that nobody reads:
 * the connection is gone, and the request is neither logged nor counted as answered.
 */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) {
      controller.abort(
        new AppError(400, 'BAD_REQUEST', 'The client closed its connection before the answer.'),
      );
    }
  });
  return controller.signal;
}
