import type { OAuthClient } from '../../domain/oauth';

/** A client application as the API shows it (openapi `OAuthClient`); its id is `clientId`. */
export type OAuthClientView = Pick<
  OAuthClient,
  'name' | 'redirectUri' | 'scopes' | 'workspaceId' | 'createdAt' | 'createdBy'
> & { clientId: string };

/** The public shape of a client application. */
export function presentOAuthClient(client: OAuthClient): OAuthClientView {
  return {
    clientId: client.id,
    name: client.name,
    redirectUri: client.redirectUri,
    scopes: client.scopes,
    workspaceId: client.workspaceId,
    createdAt: client.createdAt,
    createdBy: client.createdBy,
  };
}
