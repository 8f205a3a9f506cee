import type { Scope } from './scopes';

/** An API key as stored and shown; the secret itself is never stored, only its hash. */
export interface ApiKey {
  id: string;
  workspaceId: string;
  name: string;
  /** First characters of the secret, for recognising a key in listings. */
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
}

/** Why a presented key cannot be used, or null if it can. */
export function apiKeyUnusableReason(key: ApiKey, nowMs: number): 'revoked' | 'expired' | null {
  if (key.revokedAt !== null) {
    return 'revoked';
  }
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= nowMs) {
    return 'expired';
  }
  return null;
}
