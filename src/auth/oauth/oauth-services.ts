import type { Clock } from '../../ports/clock';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { OAuthGrantStore } from '../../ports/oauth-grant-store';
import type { UserStore } from '../../ports/user-store';
import type { WorkspaceStore } from '../../ports/workspace-store';
import { UserService } from '../user-service';
import { OAuthAccessTokenVerifier } from './access-token-verifier';
import { AuthorizationFlow } from './authorization-flow';
import { OAuthClientService } from './client-service';
import { OAuthMaintenance } from './maintenance';
import { SignInThrottle } from './sign-in-throttle';
import type { CounterStore } from '../../ports/counter-store';
import { TokenEndpoint } from './token-endpoint';

/** The stores OAuth runs on; the container picks the engine. */
export interface OAuthStores {
  users: UserStore;
  clients: OAuthClientStore;
  grants: OAuthGrantStore;
}

/** Users, client applications and the authorization server, ready for the HTTP layer and the CLI. */
export interface OAuthServices {
  users: UserService;
  clients: OAuthClientService;
  flow: AuthorizationFlow;
  tokens: TokenEndpoint;
  /** The second kind of REST credential, for the Authenticator. */
  verifier: OAuthAccessTokenVerifier;
  /** The purge of expired records; the container runs it periodically. */
  maintenance: OAuthMaintenance;
  /** PUBLIC_URL, the issuer; derived from each request when unset. */
  publicUrl: string | undefined;
}

/** Wires the OAuth services over any engine's stores. */
export function createOAuthServices(
  stores: OAuthStores,
  workspaces: WorkspaceStore,
  clock: Clock,
  publicUrl: string | undefined,
  /** Where failed sign-ins are counted (shared by every instance with REDIS_URL). */
  counters: CounterStore,
): OAuthServices {
  const users = new UserService(stores.users, workspaces, clock);
  return {
    users,
    clients: new OAuthClientService(stores.clients, clock),
    flow: new AuthorizationFlow({
      clients: stores.clients,
      grants: stores.grants,
      userStore: stores.users,
      users,
      workspaces,
      clock,
      throttle: new SignInThrottle(counters),
    }),
    tokens: new TokenEndpoint({
      clients: stores.clients,
      grants: stores.grants,
      users: stores.users,
      clock,
    }),
    verifier: new OAuthAccessTokenVerifier(stores.grants, stores.users, clock),
    maintenance: new OAuthMaintenance(stores.grants, clock),
    publicUrl,
  };
}
