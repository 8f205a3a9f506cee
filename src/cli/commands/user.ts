import { randomBytes } from 'node:crypto';
import { SCOPES, type Scope } from '../../domain/scopes';
import type { Membership, User } from '../../domain/user';
import { required, requiredUuid, scopesValue } from '../args';
import { collectAll, type CommandDef } from '../command';
import { PROGRAM } from '../help';
import { formatFields, listResult } from '../output';

function describeScopes(scopes: readonly Scope[]): string {
  const held = new Set(scopes);
  return SCOPES.every((s) => held.has(s)) ? 'all' : scopes.join(',');
}

function presentMembership(m: Membership): object {
  return {
    workspaceId: m.workspaceId,
    scopes: m.scopes,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** The JSON shape of a user: never the password or its hash. */
function presentUser(user: User, memberships: readonly Membership[]): object {
  return {
    id: user.id,
    email: user.email,
    createdAt: user.createdAt,
    memberships: memberships.map(presentMembership),
  };
}

const create: CommandDef = {
  group: 'user',
  name: 'create',
  createsStore: true,
  summary: 'Create a user who can sign in on the OAuth pages',
  usage: '--email <email> [--password <password>]',
  description: [
    'Creates a user. Without --password a random password is generated and printed once (a password typed on the command line stays in the shell history). Only a scrypt hash of the password is stored.',
    'A new user is a member of no workspace: give them access with "user add-membership".',
  ],
  options: [
    { name: 'email', value: '<email>', description: 'Sign-in email (case-insensitive)' },
    {
      name: 'password',
      value: '<password>',
      description: 'At least 8 characters (default: generated and printed)',
    },
  ],
  examples: ['user create --email ada@example.com', 'user create --email ada@example.com --json'],
  async run(values, deps) {
    const email = required(values, 'email');
    const generated = values.password === undefined;
    const password = values.password ?? randomBytes(18).toString('base64url');
    const user = await deps.users.create({ email, password });
    return {
      json: { ...presentUser(user, []), ...(generated ? { password } : {}) },
      text: [
        'Created user.',
        ...formatFields([
          ['id', user.id],
          ['email', user.email],
          ...(generated ? [['password', `${password}  (shown only now)`] as const] : []),
        ]),
        '',
        `Next: ${PROGRAM} user add-membership --user ${user.email} --workspace <uuid> --scopes <a,b|all>`,
      ],
    };
  },
};

const list: CommandDef = {
  group: 'user',
  name: 'list',
  summary: 'List every user with their workspace memberships',
  usage: '',
  description: ['Lists every user, oldest first, with the workspaces they belong to.'],
  options: [],
  examples: ['user list', 'user list --json'],
  async run(_values, deps) {
    const users = await collectAll((page) => deps.users.list(page));
    const withMemberships = await Promise.all(
      users.map(async (user) => ({ user, memberships: await deps.users.memberships(user.id) })),
    );
    return listResult(withMemberships, {
      json: ({ user, memberships }) => presentUser(user, memberships),
      empty: 'No users.',
      headers: ['ID', 'EMAIL', 'WORKSPACES', 'CREATED'],
      row: ({ user, memberships }) => [
        user.id,
        user.email,
        memberships.length === 0
          ? '-'
          : memberships.map((m) => `${m.workspaceId} (${describeScopes(m.scopes)})`).join(' '),
        user.createdAt,
      ],
    });
  },
};

const addMembership: CommandDef = {
  group: 'user',
  name: 'add-membership',
  summary: 'Make a user a member of a workspace, or change their scopes there',
  usage: '--user <id|email> --workspace <uuid> --scopes <a,b,c|all>',
  description: [
    'Gives the user access to the workspace with these scopes: the most an OAuth application can be granted there on their behalf. For an existing membership the scopes are replaced, and tokens already issued follow the new scopes at once.',
    `Scopes: ${SCOPES.join(', ')}; "all" gives every scope.`,
  ],
  options: [
    { name: 'user', value: '<id|email>', description: 'User id (usr_...) or email' },
    { name: 'workspace', value: '<uuid>', description: 'Workspace id' },
    { name: 'scopes', value: '<a,b,c|all>', description: 'Comma-separated scopes, or "all"' },
  ],
  examples: [
    'user add-membership --user ada@example.com --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --scopes read:nodes,write:nodes',
    'user add-membership --user usr_Xq3... --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --scopes all',
  ],
  async run(values, deps) {
    const who = required(values, 'user');
    const workspaceId = requiredUuid(values, 'workspace');
    const scopes = scopesValue(required(values, 'scopes'));
    const user = await deps.users.find(who);
    const membership = await deps.users.putMembership(user.id, workspaceId, scopes);
    return {
      json: { userId: user.id, email: user.email, ...presentMembership(membership) },
      text: [
        `${user.email} is a member of ${membership.workspaceId} with: ${membership.scopes.join(', ')}.`,
      ],
    };
  },
};

/** `user create | list | add-membership`. */
export const userCommands: readonly CommandDef[] = [create, list, addMembership];
