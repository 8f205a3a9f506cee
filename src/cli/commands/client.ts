import { MAX_CLIENT_NAME_LENGTH } from '../../auth/oauth/client-service';
import { nameValue, required, requiredUuid, scopesValue, uuidValue } from '../args';
import { collectAll, type CommandDef } from '../command';
import { presentOAuthClient } from '../../http/presenters/oauth-clients';
import { formatFields, listResult } from '../output';

const create: CommandDef = {
  group: 'client',
  name: 'create',
  summary: 'Register an OAuth client application and print its client_id',
  usage: '--workspace <uuid> --name <name> --redirect-uri <uri> --scopes <a,b,c|all>',
  description: [
    'Registers a public client (no secret: it proves itself with PKCE). Authorization requests must carry exactly this redirect URI, byte for byte. The scopes are the most the application may ask for; each user grants at most what their memberships hold.',
    'The workspace owns the registration (its admins list and delete it); users of any workspace may authorize the application for their own workspaces.',
    'Redirect URIs: https, http only on localhost/127.0.0.1/[::1], or a reverse-domain scheme for native apps (com.example.app:/callback); no fragment.',
  ],
  options: [
    { name: 'workspace', value: '<uuid>', description: 'Workspace that owns the registration' },
    { name: 'name', value: '<name>', description: 'Name shown on the consent page (1 to 200)' },
    { name: 'redirect-uri', value: '<uri>', description: 'The one redirect URI' },
    { name: 'scopes', value: '<a,b,c|all>', description: 'Scopes it may request, or "all"' },
  ],
  examples: [
    'client create --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --name "Graph explorer" --redirect-uri http://localhost:5173/callback --scopes read:nodes,read:edges,write:nodes',
  ],
  async run(values, deps) {
    const workspaceId = requiredUuid(values, 'workspace');
    const name = nameValue(required(values, 'name'), MAX_CLIENT_NAME_LENGTH);
    const redirectUri = required(values, 'redirect-uri');
    const scopes = scopesValue(required(values, 'scopes'));
    await deps.workspaces.get(workspaceId);
    const client = await deps.oauthClients.register({
      workspaceId,
      name,
      redirectUri,
      scopes,
      createdBy: null,
    });
    return {
      json: presentOAuthClient(client),
      text: [
        'Registered OAuth client.',
        ...formatFields([
          ['client_id', client.id],
          ['name', client.name],
          ['redirect_uri', client.redirectUri],
          ['scopes', client.scopes.join(' ')],
          ['workspace', client.workspaceId],
        ]),
      ],
    };
  },
};

const list: CommandDef = {
  group: 'client',
  name: 'list',
  summary: 'List OAuth client applications',
  usage: '[--workspace <uuid>]',
  description: ['Lists the clients of one workspace, or of every workspace, oldest first.'],
  options: [{ name: 'workspace', value: '<uuid>', description: 'Only this workspace’s clients' }],
  examples: ['client list', 'client list --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11'],
  async run(values, deps) {
    const raw = values.workspace;
    const workspaceId = raw === undefined ? undefined : uuidValue(raw, 'workspace');
    if (workspaceId !== undefined) {
      await deps.workspaces.get(workspaceId);
    }
    const clients = await collectAll((page) =>
      workspaceId === undefined
        ? deps.oauthClients.listAll(page)
        : deps.oauthClients.list(workspaceId, page),
    );
    return listResult(clients, {
      json: presentOAuthClient,
      empty: 'No OAuth clients.',
      headers: ['CLIENT_ID', 'NAME', 'REDIRECT_URI', 'SCOPES', 'WORKSPACE'],
      row: (c) => [c.id, c.name, c.redirectUri, c.scopes.join(','), c.workspaceId],
    });
  },
};

const remove: CommandDef = {
  group: 'client',
  name: 'delete',
  summary: 'Delete an OAuth client application and revoke everything issued to it',
  usage: '--id <clientId>',
  description: [
    'Deletes the registration. Its pending authorizations, codes, access tokens and refresh tokens stop working at once.',
  ],
  options: [{ name: 'id', value: '<clientId>', description: 'The client_id (cli_...)' }],
  examples: ['client delete --id cli_Xq3...'],
  async run(values, deps) {
    const client = await deps.oauthClients.find(required(values, 'id'));
    await deps.oauthClients.delete(client.workspaceId, client.id);
    return {
      json: { ...presentOAuthClient(client), deleted: true },
      text: [`Deleted OAuth client ${client.id} (${client.name}).`],
    };
  },
};

/** `client create | list | delete`. */
export const clientCommands: readonly CommandDef[] = [create, list, remove];
