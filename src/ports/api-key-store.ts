import type { ApiKey } from '../domain/api-key';
import type { Page, PageRequest } from './paging';

export interface NewApiKey extends Omit<ApiKey, 'revokedAt'> {
  /** SHA-256 of the secret, hex. */
  secretHash: string;
}

/** Persistence of API keys; keys are looked up by the hash of their secret only. */
export interface ApiKeyStore {
  create(key: NewApiKey): Promise<ApiKey>;
  findBySecretHash(secretHash: string): Promise<ApiKey | null>;
  /**
   * The key a cache in front of the store holds for this hash, without a read; undefined
   * when it holds none (then ask `findBySecretHash`). Lets a request whose credential is
   * cached be let in without a promise (see `admitNow`).
   */
  cachedBySecretHash?(secretHash: string): ApiKey | undefined;
  get(workspaceId: string, id: string): Promise<ApiKey | null>;
  list(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>>;
  /** Marks the key revoked (idempotent); returns the key, or null if it does not exist. */
  revoke(workspaceId: string, id: string, revokedAt: string): Promise<ApiKey | null>;
}
