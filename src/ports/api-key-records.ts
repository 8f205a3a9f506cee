import type { ApiKey } from '../domain/api-key';
import type { Scope } from '../domain/scopes';
import type { RecordFields } from './record-fields';

/**
 * The API key of a stored record (the secret's hash is never read back), shared by every
 * engine: each engine only reads its fields (`RecordFields`).
 */
export function readApiKey(r: RecordFields): ApiKey {
  return {
    id: r.text('id'),
    workspaceId: r.text('workspaceId'),
    name: r.text('name'),
    prefix: r.text('prefix'),
    scopes: r.textList('scopes') as Scope[],
    createdAt: r.time('createdAt'),
    expiresAt: r.optionalTime('expiresAt'),
    revokedAt: r.optionalTime('revokedAt'),
    createdBy: r.optionalText('createdBy'),
  };
}
