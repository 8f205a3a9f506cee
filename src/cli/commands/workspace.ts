import { effectiveLimits, PLANS, type RateLimits, type Workspace } from '../../domain/workspace';
import {
  limitsValue,
  planValue,
  positiveIntValue,
  required,
  requiredUuid,
  uuidValue,
} from '../args';
import { collectAll, type CliDeps, type CommandDef, type CommandResult } from '../command';
import { presentWorkspace, type WorkspaceView } from '../../http/presenters/workspaces';
import { formatFields, listResult } from '../output';

const LIMIT_OPTIONS = [
  {
    name: 'per-minute',
    value: '<n>',
    description: 'Requests per minute (enterprise only; give with --per-day)',
  },
  {
    name: 'per-day',
    value: '<n>',
    description: 'Requests per day (enterprise only; give with --per-minute)',
  },
];

/** The JSON shape of a workspace: what the HTTP API shows, plus the limits in force. */
function presentWorkspaceWithLimits(
  workspace: Workspace,
  enterpriseDefault: RateLimits,
): WorkspaceView & { effectiveLimits: RateLimits } {
  return {
    ...presentWorkspace(workspace),
    effectiveLimits: effectiveLimits(workspace, enterpriseDefault),
  };
}

function describeLimits(workspace: Workspace, enterpriseDefault: RateLimits): string {
  const limits = effectiveLimits(workspace, enterpriseDefault);
  const source =
    workspace.plan !== 'enterprise' ? 'plan' : workspace.limits ? 'own' : 'enterprise default';
  return `${limits.perMinute}/min, ${limits.perDay}/day (${source})`;
}

function workspaceResult(heading: string, workspace: Workspace, deps: CliDeps): CommandResult {
  return {
    json: presentWorkspaceWithLimits(workspace, deps.enterpriseDefault),
    text: [
      heading,
      ...formatFields([
        ['id', workspace.id],
        ['name', workspace.name],
        ['plan', workspace.plan],
        ['limits', describeLimits(workspace, deps.enterpriseDefault)],
        ['created', workspace.createdAt],
      ]),
    ],
  };
}

const create: CommandDef = {
  group: 'workspace',
  name: 'create',
  createsStore: true,
  summary: 'Create a workspace',
  usage: '--name <name> [--plan <plan>] [--id <uuid>] [--per-minute <n> --per-day <n>]',
  description: [
    'Creates a workspace on the given plan (starter by default). Starter and Pro have fixed limits; an enterprise workspace uses --per-minute/--per-day when given, else the configured default (ENTERPRISE_DEFAULT_PER_MINUTE, ENTERPRISE_DEFAULT_PER_DAY).',
  ],
  options: [
    { name: 'name', value: '<name>', description: 'Display name (1 to 200 characters)' },
    { name: 'plan', value: '<plan>', description: `One of ${PLANS.join(', ')} (default starter)` },
    { name: 'id', value: '<uuid>', description: 'Workspace id (default: a random UUID)' },
    ...LIMIT_OPTIONS,
  ],
  examples: [
    'workspace create --name "Acme"',
    'workspace create --name "Acme" --plan pro',
    'workspace create --name "Big Co" --plan enterprise --per-minute 20000 --per-day 20000000',
  ],
  async run(values, deps) {
    const name = required(values, 'name');
    const plan = values.plan === undefined ? 'starter' : planValue(values.plan);
    const id = values.id === undefined ? undefined : uuidValue(values.id, 'id');
    const limits = limitsValue(values) ?? null;
    const workspace = await deps.workspaces.create({
      ...(id === undefined ? {} : { id }),
      name,
      plan,
      limits,
    });
    return workspaceResult('Created workspace.', workspace, deps);
  },
};

const list: CommandDef = {
  group: 'workspace',
  name: 'list',
  summary: 'List every workspace with its plan and limits',
  usage: '',
  description: ['Lists every workspace in the store, oldest first, with the limits in force.'],
  options: [],
  examples: ['workspace list', 'workspace list --json'],
  async run(_values, deps) {
    const workspaces = await collectAll((page) => deps.workspaces.listAll(page));
    return listResult(workspaces, {
      json: (w) => presentWorkspaceWithLimits(w, deps.enterpriseDefault),
      empty: 'No workspaces.',
      headers: ['ID', 'NAME', 'PLAN', 'LIMITS', 'CREATED'],
      row: (w) => [w.id, w.name, w.plan, describeLimits(w, deps.enterpriseDefault), w.createdAt],
    });
  },
};

const setPlan: CommandDef = {
  group: 'workspace',
  name: 'set-plan',
  summary: 'Change the plan of a workspace',
  usage: '--id <uuid> --plan <plan> [--per-minute <n> --per-day <n>]',
  description: [
    'Moves a workspace to another plan; the new limits apply to the next request. Leaving enterprise drops the workspace’s own limits. Moving to enterprise without --per-minute/--per-day keeps limits it already has, else the configured enterprise default applies.',
  ],
  options: [
    { name: 'id', value: '<uuid>', description: 'Workspace id' },
    { name: 'plan', value: '<plan>', description: `One of ${PLANS.join(', ')}` },
    ...LIMIT_OPTIONS,
  ],
  examples: [
    'workspace set-plan --id 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --plan pro',
    'workspace set-plan --id 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --plan enterprise --per-minute 20000 --per-day 20000000',
  ],
  async run(values, deps) {
    const id = requiredUuid(values, 'id');
    const plan = planValue(required(values, 'plan'));
    const limits = limitsValue(values);
    const workspace = await deps.workspaces.setPlan(id, plan, limits);
    return workspaceResult('Updated workspace.', workspace, deps);
  },
};

const setLimits: CommandDef = {
  group: 'workspace',
  name: 'set-limits',
  summary: 'Set the rate limits of an enterprise workspace',
  usage: '--id <uuid> --per-minute <n> --per-day <n>',
  description: [
    'Sets an enterprise workspace’s own request budgets; they apply to the next request. Starter and Pro workspaces have fixed limits (use set-plan to change plan).',
  ],
  options: [{ name: 'id', value: '<uuid>', description: 'Workspace id' }, ...LIMIT_OPTIONS],
  examples: [
    'workspace set-limits --id 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --per-minute 20000 --per-day 20000000',
  ],
  async run(values, deps) {
    const id = requiredUuid(values, 'id');
    const limits = {
      perMinute: positiveIntValue(required(values, 'per-minute'), 'per-minute'),
      perDay: positiveIntValue(required(values, 'per-day'), 'per-day'),
    };
    const workspace = await deps.workspaces.setLimits(id, limits);
    return workspaceResult('Updated workspace.', workspace, deps);
  },
};

/** `workspace create | list | set-plan | set-limits`. */
export const workspaceCommands: readonly CommandDef[] = [create, list, setPlan, setLimits];
