import { randomUUID } from 'node:crypto';
import { isUuid, type Plan, type RateLimits, type Workspace } from '../domain/workspace';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Page, PageRequest } from '../ports/paging';
import type { WorkspaceStore } from '../ports/workspace-store';

/** Longest workspace name accepted (the same bound as BOOTSTRAP_WORKSPACE_NAME). */
export const MAX_WORKSPACE_NAME_LENGTH = 200;

/** Input of `WorkspaceService.create`. */
export interface CreateWorkspaceInput {
  /** A UUID; a random one when omitted. */
  id?: string;
  name: string;
  plan: Plan;
  /**
   * Own limits of an enterprise workspace. Null means "use the configured enterprise
   * default" (ENTERPRISE_DEFAULT_PER_MINUTE/PER_DAY), read at request time.
   */
  limits: RateLimits | null;
}

/**
 * Creating workspaces and changing their plan and limits: the rules that keep a
 * workspace's plan and its limits consistent. Only enterprise workspaces carry limits of
 * their own; Starter and Pro use the plan's fixed budgets.
 */
export class WorkspaceService {
  constructor(
    private readonly store: WorkspaceStore,
    private readonly clock: Clock,
  ) {}

  async create(input: CreateWorkspaceInput): Promise<Workspace> {
    const name = checkName(input.name);
    const id = input.id ?? randomUUID();
    if (!isUuid(id)) {
      throw new ValidationError('The workspace id must be a UUID.', [
        { path: 'id', message: 'must be a UUID' },
      ]);
    }
    checkLimitsForPlan(input.plan, input.limits);
    if (await this.store.get(id)) {
      throw new ConflictError(`Workspace ${id} already exists.`, { id });
    }
    return this.store.create({
      id,
      name,
      plan: input.plan,
      limits: input.limits,
      createdAt: new Date(this.clock.now()).toISOString(),
    });
  }

  async get(id: string): Promise<Workspace> {
    const workspace = await this.store.get(id);
    if (!workspace) {
      throw new NotFoundError(`Workspace ${id} not found.`, { id });
    }
    return workspace;
  }

  listAll(page: PageRequest): Promise<Page<Workspace>> {
    return this.store.listAll(page);
  }

  /**
   * Moves a workspace to `plan`. Leaving enterprise drops the workspace's own limits.
   * Moving to (or staying on) enterprise without `limits` keeps any it already has, else
   * the configured default applies.
   */
  async setPlan(id: string, plan: Plan, limits?: RateLimits): Promise<Workspace> {
    checkLimitsForPlan(plan, limits ?? null);
    const changes =
      plan !== 'enterprise' ? { plan, limits: null } : limits ? { plan, limits } : { plan };
    return this.updateOrNotFound(id, changes);
  }

  /** Sets an enterprise workspace's own limits; other plans have fixed limits. */
  async setLimits(id: string, limits: RateLimits): Promise<Workspace> {
    const workspace = await this.get(id);
    if (workspace.plan !== 'enterprise') {
      throw new ValidationError(
        `Workspace ${id} is on the ${workspace.plan} plan, whose limits are fixed; only enterprise workspaces have limits of their own.`,
        [{ path: 'plan', message: 'must be enterprise to set limits' }],
      );
    }
    checkLimits(limits);
    return this.updateOrNotFound(id, { limits });
  }

  private async updateOrNotFound(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null },
  ): Promise<Workspace> {
    const updated = await this.store.update(id, changes);
    if (!updated) {
      throw new NotFoundError(`Workspace ${id} not found.`, { id });
    }
    return updated;
  }
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > MAX_WORKSPACE_NAME_LENGTH) {
    throw new ValidationError(
      `The workspace name must be 1 to ${MAX_WORKSPACE_NAME_LENGTH} characters.`,
      [{ path: 'name', message: `must be 1 to ${MAX_WORKSPACE_NAME_LENGTH} characters` }],
    );
  }
  return name;
}

function checkLimitsForPlan(plan: Plan, limits: RateLimits | null): void {
  if (limits === null) {
    return;
  }
  if (plan !== 'enterprise') {
    throw new ValidationError(
      `The ${plan} plan has fixed limits; per-minute and per-day limits can only be set for enterprise workspaces.`,
      [{ path: 'limits', message: 'only allowed for the enterprise plan' }],
    );
  }
  checkLimits(limits);
}

function checkLimits(limits: RateLimits): void {
  const issues = (['perMinute', 'perDay'] as const)
    .filter((field) => !Number.isSafeInteger(limits[field]) || limits[field] <= 0)
    .map((field) => ({ path: `limits.${field}`, message: 'must be a positive integer' }));
  if (issues.length > 0) {
    throw new ValidationError('Rate limits must be positive integers.', issues);
  }
  // A day budget below the minute budget is almost always the two values swapped.
  if (limits.perMinute > limits.perDay) {
    throw new ValidationError(
      `The per-minute limit (${limits.perMinute}) cannot exceed the per-day limit (${limits.perDay}).`,
      [{ path: 'limits.perMinute', message: 'must not exceed limits.perDay' }],
    );
  }
}
