import { apiKeyUnusableReason, type ApiKey } from '../../domain/api-key';
import { SCOPES } from '../../domain/scopes';
import { isoDateTimeValue, nameValue, required, requiredUuid, scopesValue } from '../args';
import { collectAll, existingWorkspace, type CliDeps, type CommandDef } from '../command';
import { presentApiKey, type ApiKeyView } from '../../http/presenters/api-keys';
import { formatFields, listResult } from '../output';

/** Longest key name accepted, as in the HTTP API. */
const MAX_KEY_NAME_LENGTH = 200;

const WORKSPACE_OPTION = { name: 'workspace', value: '<uuid>', description: 'Workspace id' };

function keyStatus(key: ApiKey, deps: CliDeps): 'active' | 'revoked' | 'expired' {
  return apiKeyUnusableReason(key, deps.clock.now()) ?? 'active';
}

/** The JSON shape of a key: what the HTTP API shows, plus its status. Never the secret. */
function presentKey(
  key: ApiKey,
  deps: CliDeps,
): ApiKeyView & { status: ReturnType<typeof keyStatus> } {
  return { ...presentApiKey(key), status: keyStatus(key, deps) };
}

function describeScopes(key: ApiKey): string {
  const held = new Set(key.scopes);
  return SCOPES.every((s) => held.has(s)) ? 'all' : key.scopes.join(',');
}

const create: CommandDef = {
  group: 'key',
  name: 'create',
  summary: 'Create an API key and print its secret (shown only once)',
  usage: '--workspace <uuid> --name <name> --scopes <a,b,c|all> [--expires-at <iso>]',
  description: [
    'Creates an API key bound to one workspace. The secret is printed once and only its hash is stored: copy it now.',
    `Scopes: ${SCOPES.join(', ')}; "all" gives every scope (an admin key).`,
  ],
  options: [
    WORKSPACE_OPTION,
    { name: 'name', value: '<name>', description: 'Label shown in listings (1 to 200 characters)' },
    {
      name: 'scopes',
      value: '<a,b,c|all>',
      description: 'Comma-separated scopes, or "all"',
    },
    {
      name: 'expires-at',
      value: '<iso>',
      description: 'Expiry, an ISO-8601 date-time with a zone (default: never)',
    },
  ],
  examples: [
    'key create --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --name ci --scopes read:nodes,read:edges',
    'key create --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --name ops --scopes all --expires-at 2027-01-01T00:00:00Z',
  ],
  async run(values, deps) {
    const workspaceId = requiredUuid(values, 'workspace');
    const name = nameValue(required(values, 'name'), MAX_KEY_NAME_LENGTH);
    const scopes = scopesValue(required(values, 'scopes'));
    const rawExpiry = values['expires-at'];
    const expiresAt = rawExpiry === undefined ? null : isoDateTimeValue(rawExpiry, 'expires-at');
    // Checked here because the key store would only fail on the foreign key.
    await deps.workspaces.get(workspaceId);
    const { key, secret } = await deps.apiKeys.create({
      workspaceId,
      name,
      scopes,
      expiresAt,
      createdBy: null,
      creatorScopes: null,
    });
    return {
      json: { ...presentKey(key, deps), secret },
      text: [
        'Created API key. The secret is shown only now; store it safely:',
        '',
        `  ${secret}`,
        '',
        ...formatFields([
          ['id', key.id],
          ['workspace', key.workspaceId],
          ['name', key.name],
          ['scopes', key.scopes.join(', ')],
          ['expires', key.expiresAt ?? 'never'],
        ]),
      ],
    };
  },
};

const list: CommandDef = {
  group: 'key',
  name: 'list',
  summary: 'List the API keys of a workspace (never their secrets)',
  usage: '--workspace <uuid>',
  description: [
    'Lists every key of the workspace, oldest first, revoked and expired ones included. Secrets are never shown; the prefix helps recognise a key.',
  ],
  options: [WORKSPACE_OPTION],
  examples: ['key list --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11'],
  async run(values, deps) {
    const workspaceId = await existingWorkspace(values, deps);
    const keys = await collectAll((page) => deps.apiKeys.list(workspaceId, page));
    return listResult(keys, {
      json: (k) => presentKey(k, deps),
      empty: 'No API keys.',
      headers: ['ID', 'NAME', 'PREFIX', 'SCOPES', 'STATUS', 'CREATED', 'EXPIRES'],
      row: (k) => [
        k.id,
        k.name,
        k.prefix,
        describeScopes(k),
        keyStatus(k, deps),
        k.createdAt,
        k.expiresAt ?? 'never',
      ],
    });
  },
};

const revoke: CommandDef = {
  group: 'key',
  name: 'revoke',
  summary: 'Revoke an API key',
  usage: '--workspace <uuid> --id <keyId>',
  description: [
    'Revokes a key of the workspace; the next request with it is refused (401). Revoking a key twice is harmless.',
  ],
  options: [WORKSPACE_OPTION, { name: 'id', value: '<keyId>', description: 'Key id (key_...)' }],
  examples: ['key revoke --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --id key_Xq3...'],
  async run(values, deps) {
    const id = required(values, 'id');
    const workspaceId = await existingWorkspace(values, deps);
    const key = await deps.apiKeys.revoke(workspaceId, id);
    return {
      json: presentKey(key, deps),
      text: [`Revoked API key ${key.id} (${key.name}) at ${key.revokedAt ?? 'unknown time'}.`],
    };
  },
};

/** `key create | list | revoke`. */
export const keyCommands: readonly CommandDef[] = [create, list, revoke];
