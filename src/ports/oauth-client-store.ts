import type { OAuthClient } from '../domain/oauth';
import type { Page, PageRequest } from './paging';

/**
 * Persistence of registered OAuth client applications. Implemented by every system-store
 * engine; `test/contract/oauth/oauth-store.contract.ts` is the behaviour each must show.
 */
export interface OAuthClientStore {
  create(client: OAuthClient): Promise<OAuthClient>;
  /** Any client by its client_id (the authorization server looks clients up globally). */
  get(clientId: string): Promise<OAuthClient | null>;
  /** Clients registered by one workspace, oldest first (ties by id). */
  list(workspaceId: string, page: PageRequest): Promise<Page<OAuthClient>>;
  /** Every client (operators' CLI), oldest first (ties by id). */
  listAll(page: PageRequest): Promise<Page<OAuthClient>>;
  /**
   * Deletes a client of the workspace together with its pending requests, codes and
   * tokens (they stop working at once). False when the workspace has no such client.
   */
  delete(workspaceId: string, clientId: string): Promise<boolean>;
}
