import type { ApiKey } from '../../domain/api-key';
import { readApiKey } from '../../ports/api-key-records';
import type { ApiKeyStore, NewApiKey } from '../../ports/api-key-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { Neo4jClient } from './client';
import { createInWorkspace } from './create-in-workspace';
import { nodeFields } from './record-fields';
import { mapField, readPage, runOne } from './statement';
import {
  API_KEY_BY_HASH,
  API_KEY_COUNT,
  API_KEY_CREATE,
  API_KEY_GET,
  API_KEY_LIST,
  API_KEY_REVOKE,
} from './statements/system';
import { toDateTime } from './values';

function toApiKey(stored: Record<string, unknown>): ApiKey {
  return readApiKey(nodeFields(stored));
}

/** API keys in Neo4j, as `(:_ApiKey)` nodes; the secret's hash is never read back out. */
export class Neo4jApiKeyStore implements ApiKeyStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(key: NewApiKey): Promise<ApiKey> {
    await createInWorkspace(this.client, API_KEY_CREATE, {
      id: key.id,
      workspaceId: key.workspaceId,
      name: key.name,
      prefix: key.prefix,
      secretHash: key.secretHash,
      scopes: [...key.scopes],
      createdAt: toDateTime(key.createdAt),
      expiresAt: key.expiresAt === null ? null : toDateTime(key.expiresAt),
      createdBy: key.createdBy,
    });
    const { secretHash: _hash, ...visible } = key;
    return { ...visible, revokedAt: null };
  }

  findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, API_KEY_BY_HASH, { secretHash });
      return record ? toApiKey(mapField(record, 'key')) : null;
    });
  }

  get(workspaceId: string, id: string): Promise<ApiKey | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, API_KEY_GET, { workspaceId, id });
      return record ? toApiKey(mapField(record, 'key')) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return this.client.read((tx) =>
      readPage(tx, { count: API_KEY_COUNT, list: API_KEY_LIST }, { workspaceId }, page, (r) =>
        toApiKey(mapField(r, 'key')),
      ),
    );
  }

  revoke(workspaceId: string, id: string, revokedAt: string): Promise<ApiKey | null> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, API_KEY_REVOKE, {
        workspaceId,
        id,
        revokedAt: toDateTime(revokedAt),
      });
      return record ? toApiKey(mapField(record, 'key')) : null;
    });
  }
}
