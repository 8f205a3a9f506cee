import type { Scope } from './scopes';

/** How a caller proved who it is. OAuth access tokens are the second kind. */
export type CredentialKind = 'api_key' | 'oauth_token';

/**
 * The authenticated caller. `workspaces` maps every workspace the credential may act in
 * to the scopes it holds there; an API key has exactly one entry, an OAuth token one per
 * membership of its user.
 */
export interface Principal {
  kind: CredentialKind;
  /** Stable id of the actor (API key id or user id); undo/redo history is kept per actor. */
  actorId: string;
  /** Id of the credential itself (API key id or token id). */
  credentialId: string;
  /** Human-readable label (key name or user email). */
  displayName: string;
  workspaces: ReadonlyMap<string, readonly Scope[]>;
  /** The workspace used for global routes' rate limiting when no header is sent. */
  homeWorkspaceId: string | null;
}
