import type { OAuthClient } from '../../domain/oauth';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import { readOAuthClient } from '../../ports/oauth-records';
import type { Page, PageRequest } from '../../ports/paging';
import type { Neo4jClient } from './client';
import { createInWorkspace } from './create-in-workspace';
import { nodeFields } from './record-fields';
import { countField, mapField, readPage, runAll, runOne } from './statement';
import {
  CLIENT_CASCADE,
  CLIENT_COUNT,
  CLIENT_CREATE,
  CLIENT_DELETE,
  CLIENT_GET,
  CLIENT_LIST,
} from './statements/oauth-clients';
import { toDateTime } from './values';

/** OAuth client applications in Neo4j, as `(:_OAuthClient)` nodes. */
export class Neo4jOAuthClientStore implements OAuthClientStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(c: OAuthClient): Promise<OAuthClient> {
    await createInWorkspace(this.client, CLIENT_CREATE, {
      id: c.id,
      workspaceId: c.workspaceId,
      name: c.name,
      redirectUri: c.redirectUri,
      scopes: [...c.scopes],
      createdAt: toDateTime(c.createdAt),
      createdBy: c.createdBy,
    });
    return { ...c, scopes: [...c.scopes] };
  }

  get(clientId: string): Promise<OAuthClient | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, CLIENT_GET, { id: clientId });
      return record ? readOAuthClient(nodeFields(mapField(record, 'client'))) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<OAuthClient>> {
    return this.page(workspaceId, page);
  }

  listAll(page: PageRequest): Promise<Page<OAuthClient>> {
    return this.page(null, page);
  }

  delete(workspaceId: string, clientId: string): Promise<boolean> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, CLIENT_DELETE, { workspaceId, id: clientId });
      const deleted = countField(record, 'deleted') > 0;
      if (deleted) {
        for (const statement of CLIENT_CASCADE) {
          await runAll(tx, statement, { clientId });
        }
      }
      return deleted;
    });
  }

  private page(workspaceId: string | null, page: PageRequest): Promise<Page<OAuthClient>> {
    return this.client.read((tx) =>
      readPage(tx, { count: CLIENT_COUNT, list: CLIENT_LIST }, { workspaceId }, page, (r) =>
        readOAuthClient(nodeFields(mapField(r, 'client'))),
      ),
    );
  }
}
