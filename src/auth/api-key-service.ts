import type { ApiKey } from '../domain/api-key';
import type { Scope } from '../domain/scopes';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { ApiKeyStore } from '../ports/api-key-store';
import type { Clock } from '../ports/clock';
import type { Page, PageRequest } from '../ports/paging';
import { displayPrefix, hashSecret, newApiKeySecret, newId } from './secrets';

export interface CreateApiKeyInput {
  workspaceId: string;
  name: string;
  scopes: Scope[];
  expiresAt: string | null;
  /** Actor that creates the key, or null for the CLI/bootstrap. */
  createdBy: string | null;
  /** Scopes the creator holds; a key can never carry more. Null means unrestricted (CLI). */
  creatorScopes: readonly Scope[] | null;
  /** Use this secret instead of generating one (bootstrap with BOOTSTRAP_API_KEY). */
  secret?: string;
}

/** A freshly created key together with its secret, which is shown only this once. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

/** Creating, listing and revoking API keys. */
export class ApiKeyService {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async create(input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const now = this.clock.now();
    if (input.expiresAt !== null && Date.parse(input.expiresAt) <= now) {
      throw new ValidationError('expiresAt must be in the future.', [
        { path: 'expiresAt', message: 'must be in the future' },
      ]);
    }
    if (input.creatorScopes !== null) {
      const held = new Set(input.creatorScopes);
      const missing = input.scopes.filter((s) => !held.has(s));
      if (missing.length > 0) {
        throw new ForbiddenError(
          `A key cannot be given scopes its creator does not hold: ${missing.join(', ')}.`,
        );
      }
    }
    const secret = input.secret ?? newApiKeySecret();
    const key = await this.store.create({
      id: newId('key'),
      workspaceId: input.workspaceId,
      name: input.name,
      prefix: displayPrefix(secret),
      secretHash: hashSecret(secret),
      scopes: [...new Set(input.scopes)],
      createdAt: new Date(now).toISOString(),
      expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt).toISOString(),
      createdBy: input.createdBy,
    });
    return { key, secret };
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return this.store.list(workspaceId, page);
  }

  async get(workspaceId: string, id: string): Promise<ApiKey> {
    const key = await this.store.get(workspaceId, id);
    if (!key) {
      throw new NotFoundError(`API key ${id} not found.`);
    }
    return key;
  }

  /** Revokes a key of the workspace; revoking twice is harmless. */
  async revoke(workspaceId: string, id: string): Promise<ApiKey> {
    const key = await this.store.revoke(workspaceId, id, new Date(this.clock.now()).toISOString());
    if (!key) {
      throw new NotFoundError(`API key ${id} not found.`);
    }
    return key;
  }
}
