import { canonicalScopes, redirectUriProblem, type OAuthClient } from '../../domain/oauth';
import type { Scope } from '../../domain/scopes';
import { NotFoundError, ValidationError } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { Page, PageRequest } from '../../ports/paging';
import { newId } from '../secrets';

/** Longest client name accepted (the same bound as API key names). */
export const MAX_CLIENT_NAME_LENGTH = 200;

/** Input of `OAuthClientService.register`. */
export interface RegisterClientInput {
  workspaceId: string;
  name: string;
  redirectUri: string;
  scopes: Scope[];
  /** Actor registering the client, or null for the CLI. */
  createdBy: string | null;
}

/**
 * Registering, listing and deleting OAuth client applications. A client belongs to the
 * workspace that registered it (only that workspace's admins see or delete it), while any
 * user may authorize it for the workspaces they are a member of, as with GitHub's OAuth
 * apps owned by an organisation.
 */
export class OAuthClientService {
  constructor(
    private readonly store: OAuthClientStore,
    private readonly clock: Clock,
  ) {}

  async register(input: RegisterClientInput): Promise<OAuthClient> {
    const name = input.name.trim();
    const issues: { path: string; message: string }[] = [];
    if (name === '' || name.length > MAX_CLIENT_NAME_LENGTH) {
      issues.push({ path: 'name', message: `must be 1 to ${MAX_CLIENT_NAME_LENGTH} characters` });
    }
    const uriProblem = redirectUriProblem(input.redirectUri);
    if (uriProblem) {
      issues.push({ path: 'redirectUri', message: uriProblem });
    }
    if (input.scopes.length === 0) {
      issues.push({ path: 'scopes', message: 'at least one scope is required' });
    }
    if (issues.length > 0) {
      throw new ValidationError(
        `Invalid client: ${issues[0]!.path} ${issues[0]!.message}.`,
        issues,
      );
    }
    return this.store.create({
      id: newId('cli'),
      workspaceId: input.workspaceId,
      name,
      // Stored exactly as given: authorization requests must repeat it byte for byte.
      redirectUri: input.redirectUri,
      scopes: canonicalScopes(input.scopes),
      createdAt: new Date(this.clock.now()).toISOString(),
      createdBy: input.createdBy,
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<OAuthClient>> {
    return this.store.list(workspaceId, page);
  }

  listAll(page: PageRequest): Promise<Page<OAuthClient>> {
    return this.store.listAll(page);
  }

  /** A client of the workspace; another workspace's client is answered as missing. */
  async get(workspaceId: string, clientId: string): Promise<OAuthClient> {
    const client = await this.store.get(clientId);
    if (!client || client.workspaceId !== workspaceId) {
      throw new NotFoundError(`OAuth client ${clientId} not found.`);
    }
    return client;
  }

  /** Any client by id (the CLI, which is not bound to a workspace). */
  async find(clientId: string): Promise<OAuthClient> {
    const client = await this.store.get(clientId);
    if (!client) {
      throw new NotFoundError(`OAuth client ${clientId} not found.`);
    }
    return client;
  }

  /** Deletes the client; every code and token issued to it stops working at once. */
  async delete(workspaceId: string, clientId: string): Promise<void> {
    if (!(await this.store.delete(workspaceId, clientId))) {
      throw new NotFoundError(`OAuth client ${clientId} not found.`);
    }
  }
}
