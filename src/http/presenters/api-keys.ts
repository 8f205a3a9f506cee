import type { ApiKey } from '../../domain/api-key';

/** An API key as the API lists it (openapi `ApiKey`): never the secret or its hash. */
export type ApiKeyView = Pick<
  ApiKey,
  | 'id'
  | 'name'
  | 'prefix'
  | 'workspaceId'
  | 'scopes'
  | 'createdAt'
  | 'expiresAt'
  | 'revokedAt'
  | 'createdBy'
>;

/** The public shape of a key. */
export function presentApiKey(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    workspaceId: key.workspaceId,
    scopes: key.scopes,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    createdBy: key.createdBy,
  };
}
