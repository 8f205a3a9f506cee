/** Plans a workspace can be on (spec: Limits / Rate limits per plan). */
export const PLANS = ['starter', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Per-workspace request budgets. */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}

/** A workspace: the unit of isolation; every record belongs to exactly one. */
export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
  /** Only meaningful for enterprise workspaces; other plans use the plan's fixed limits. */
  limits: RateLimits | null;
  createdAt: string;
}

/** Fixed budgets of the Starter and Pro plans (spec: Rate limits per plan). */
export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, RateLimits> = {
  starter: { perMinute: 60, perDay: 10_000 },
  pro: { perMinute: 300, perDay: 100_000 },
};

/**
 * The limits in force for a workspace. Enterprise workspaces use their own settings, or
 * the configured enterprise default when none were set.
 */
export function effectiveLimits(workspace: Workspace, enterpriseDefault: RateLimits): RateLimits {
  switch (workspace.plan) {
    case 'starter':
    case 'pro':
      return PLAN_LIMITS[workspace.plan];
    case 'enterprise':
      return workspace.limits ?? enterpriseDefault;
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID in canonical textual form (any version). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
