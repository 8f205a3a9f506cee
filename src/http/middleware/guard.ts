import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import type { RateDecision, RateLimiter } from '../../auth/rate-limiter';
import type { Principal } from '../../domain/principal';
import type { Scope } from '../../domain/scopes';
import {
  effectiveLimits,
  isUuid,
  PLAN_LIMITS,
  type Plan,
  type RateLimits,
  type Workspace,
} from '../../domain/workspace';
import {
  ForbiddenError,
  InsufficientScopeError,
  RateLimitedError,
  ValidationError,
  WorkspaceRequiredError,
} from '../../errors';
import type { Clock } from '../../ports/clock';
import type { WorkspaceStore } from '../../ports/workspace-store';

/** What a route demands of its caller. */
export interface GuardOptions {
  /** `required`: the x-workspace-id header must name a workspace the credential may use. */
  workspace: 'required' | 'none';
  /**
   * Scope needed in that workspace (or, for global routes, in any of the caller's); a list
   * needs every scope in it, and the first one missing is reported.
   */
  scope?: Scope | readonly Scope[];
}

export interface GuardDeps {
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  workspaces: WorkspaceStore;
  clock: Clock;
  rateLimit: { enabled: boolean; enterpriseDefault: RateLimits };
}

/**
 * Authentication, rate limiting, workspace resolution and the scope check, in that order,
 * as one middleware (one hop through Express's router instead of four).
 *
 * Rate limiting comes right after authentication so that every authenticated response,
 * errors included, carries the rate-limit headers. The bucket is the workspace named in
 * x-workspace-id when the credential may use it, else the credential's home workspace.
 */
export function createGuard(deps: GuardDeps) {
  return function guard(options: GuardOptions): RequestHandler {
    const required: readonly Scope[] =
      options.scope === undefined
        ? []
        : typeof options.scope === 'string'
          ? [options.scope]
          : options.scope;
    return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
      const header = req.headers['x-workspace-id'];
      const workspaceHeader = typeof header === 'string' ? header : undefined;
      const notify: AdmitNotify = {
        principal: (principal) => {
          req.ctx.principal = principal;
        },
        rate: (decision, plan, nowMs) => {
          req.ctx.plan = plan;
          setRateLimitHeaders(res, decision, nowMs);
        },
      };
      const letIn = (admitted: Admitted): void => {
        if (admitted.workspaceId !== undefined) {
          req.ctx.workspaceId = admitted.workspaceId;
          req.ctx.scopes = admitted.scopes;
        }
        next();
      };
      const args = [
        deps,
        req.headers.authorization,
        workspaceHeader,
        options.workspace,
        required,
        notify,
      ] as const;
      // Most requests carry a cached credential: they are let in (or refused) at once.
      const now = admitNow(...args);
      if (now) {
        letIn(now);
        return;
      }
      return admit(...args).then(letIn);
    };
  };
}

/** A caller the guard let in: who, and (for workspace routes) where with which scopes. */
export interface Admitted {
  principal: Principal;
  workspaceId?: string;
  scopes: readonly Scope[];
}

/**
 * The guard's checks, for any transport (HTTP routes, GraphQL over WebSocket):
 * authentication, the rate limit, the workspace and the scopes, in that order. `notify`
 * hears the principal as soon as it is known and the rate decision once it is made, so that
 * an HTTP answer carries both even when a later check refuses the request.
 */
export async function admit(
  ...[deps, authorization, workspaceHeader, workspace, required, notify = {}]: AdmitArgs
): Promise<Admitted> {
  const principal = await deps.authenticator.authenticate(authorization);
  notify.principal?.(principal);
  const { requested, usable, chargedId } = target(principal, workspaceHeader);
  if (deps.rateLimit.enabled) {
    const charged = chargedId ? await deps.workspaces.get(chargedId) : null;
    const { bucket, limits } = rateBucket(deps, charged, principal);
    const nowMs = deps.clock.now();
    const decision = await deps.rateLimiter.consume(bucket, limits, nowMs);
    rateDecided(decision, charged, nowMs, notify);
  }
  return checkAccess(principal, requested, usable, workspace, required);
}

/**
 * `admit` without a promise, for a request whose credential and workspace are cached and
 * whose rate limit is counted in this process: the same checks in the same order, and the
 * same answer. Undefined, having counted nothing, when any of that needs a round trip
 * (then `admit` does it all).
 */
export function admitNow(
  ...[deps, authorization, workspaceHeader, workspace, required, notify = {}]: AdmitArgs
): Admitted | undefined {
  const principal = deps.authenticator.authenticateNow(authorization);
  if (!principal) {
    return undefined;
  }
  const { requested, usable, chargedId } = target(principal, workspaceHeader);
  if (deps.rateLimit.enabled) {
    const charged = chargedId ? deps.workspaces.cached?.(chargedId) : null;
    if (charged === undefined) {
      return undefined;
    }
    const { bucket, limits } = rateBucket(deps, charged, principal);
    const nowMs = deps.clock.now();
    const decision = deps.rateLimiter.consumeNow(bucket, limits, nowMs);
    if (!decision) {
      return undefined;
    }
    notify.principal?.(principal);
    rateDecided(decision, charged, nowMs, notify);
  } else {
    notify.principal?.(principal);
  }
  return checkAccess(principal, requested, usable, workspace, required);
}

/** What `admit` and `admitNow` are asked. */
type AdmitArgs = [
  deps: GuardDeps,
  authorization: string | undefined,
  workspaceHeader: string | undefined,
  workspace: GuardOptions['workspace'],
  required: readonly Scope[],
  notify?: AdmitNotify,
];

/**
 * The workspace asked for (x-workspace-id), the caller's own spelling of it when it may act
 * there, and the workspace its request is charged to: that one, else its home.
 */
function target(
  principal: Principal,
  workspaceHeader: string | undefined,
): { requested?: string; usable?: string; chargedId: string | null } {
  const requested =
    workspaceHeader !== undefined && workspaceHeader !== '' ? workspaceHeader : undefined;
  const usable = usableWorkspace(principal, requested);
  return { requested, usable, chargedId: usable ?? principal.homeWorkspaceId };
}

/** What `admit` tells its caller as soon as it knows it. */
export interface AdmitNotify {
  principal?: (principal: Principal) => void;
  rate?: (decision: RateDecision, plan: Plan, nowMs: number) => void;
}

/**
 * The bucket a request is counted in and its limits: the workspace charged (the one named
 * in x-workspace-id when the credential may use it, else its home), or the actor's own.
 */
function rateBucket(
  deps: GuardDeps,
  charged: Workspace | null,
  principal: Principal,
): { bucket: string; limits: RateLimits } {
  return charged
    ? {
        bucket: `ws:${charged.id}`,
        limits: effectiveLimits(charged, deps.rateLimit.enterpriseDefault),
      }
    : { bucket: `actor:${principal.actorId}`, limits: PLAN_LIMITS.starter };
}

function rateDecided(
  decision: RateDecision,
  charged: Workspace | null,
  nowMs: number,
  notify: AdmitNotify,
): void {
  notify.rate?.(decision, charged?.plan ?? 'starter', nowMs);
  if (decision.exceeded) {
    throw new RateLimitedError(decision.exceeded.window, decision.exceeded.retryAfterSeconds);
  }
}

/** The workspace and scope checks, once the caller is known and counted. */
function checkAccess(
  principal: Principal,
  requested: string | undefined,
  usable: string | undefined,
  workspace: GuardOptions['workspace'],
  required: readonly Scope[],
): Admitted {
  if (workspace === 'required') {
    if (requested === undefined) {
      throw new WorkspaceRequiredError();
    }
    if (!isUuid(requested)) {
      throw new ValidationError('x-workspace-id must be a UUID.', [
        { path: 'headers.x-workspace-id', message: 'must be a UUID' },
      ]);
    }
    const scopes = usable === undefined ? undefined : principal.workspaces.get(usable);
    if (!usable || !scopes) {
      throw new ForbiddenError('This credential may not act in the requested workspace.');
    }
    const missing = required.find((scope) => !scopes.includes(scope));
    if (missing) {
      throw new InsufficientScopeError(missing);
    }
    return { principal, workspaceId: usable, scopes };
  }
  const held = [...principal.workspaces.values()];
  const missing = required.find((scope) => !held.some((s) => s.includes(scope)));
  if (missing) {
    throw new InsufficientScopeError(missing);
  }
  return { principal, scopes: [] };
}

/**
 * The principal's own spelling of the requested workspace id, or undefined when it may not
 * act there. UUIDs compare case-insensitively (RFC 9562), so an upper-case header names
 * the same workspace; handlers always see the id as stored.
 */
function usableWorkspace(principal: Principal, requested: string | undefined): string | undefined {
  if (requested === undefined || principal.workspaces.has(requested)) {
    return requested;
  }
  const wanted = requested.toLowerCase();
  return [...principal.workspaces.keys()].find((id) => id.toLowerCase() === wanted);
}

/** The last RateLimit-Policy value and its limits: most requests repeat the one before. */
let policy = { minute: -1, day: -1, text: '' };

function policyOf(minute: number, day: number): string {
  if (policy.minute !== minute || policy.day !== day) {
    policy = { minute, day, text: `"minute";q=${minute};w=60, "day";q=${day};w=86400` };
  }
  return policy.text;
}

/**
 * X-RateLimit-Limit is the minute budget. X-RateLimit-Remaining is the smaller of both
 * windows' remainders and X-RateLimit-Reset is when that window resets (the minute's end,
 * or the UTC day's end once the day budget is the tighter one), so a client that reads
 * only these never overruns the day budget nor retries before it refills.
 * RateLimit-Policy / RateLimit follow draft-ietf-httpapi-ratelimit-headers.
 */
function setRateLimitHeaders(res: Response, d: RateDecision, nowMs: number): void {
  const binding = d.day.remaining < d.minute.remaining ? d.day : d.minute;
  const name = binding === d.day ? 'day' : 'minute';
  res.setHeader('X-RateLimit-Limit', String(d.minute.limit));
  res.setHeader('X-RateLimit-Remaining', String(binding.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(binding.resetAtMs / 1000)));
  res.setHeader('RateLimit-Policy', policyOf(d.minute.limit, d.day.limit));
  const resetSeconds = Math.max(0, Math.ceil((binding.resetAtMs - nowMs) / 1000));
  res.setHeader('RateLimit', `"${name}";r=${binding.remaining};t=${resetSeconds}`);
}
