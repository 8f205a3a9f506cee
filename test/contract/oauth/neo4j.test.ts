import type { UserStore } from '../../../src/ports/user-store';
import { neo4jTarget, purge } from '../../support/neo4j';
import { oauthStoreContract } from './oauth-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

/** `users`, noting the users a run creates, for removing exactly those. */
function recording(users: UserStore, seen: Set<string>): UserStore {
  return Object.assign(Object.create(users) as UserStore, {
    create: (user: Parameters<UserStore['create']>[0]) => (seen.add(user.id), users.create(user)),
  });
}

if (!target.available) {
  skipEngine('OAuth stores', 'neo4j', target.reason);
} else {
  oauthStoreContract('neo4j', () => {
    const stores = target.open();
    const workspaceIds = new Set<string>();
    const userIds = new Set<string>();
    return Promise.resolve({
      users: recording(stores.users, userIds),
      clients: stores.oauthClients,
      grants: stores.oauthGrants,
      createWorkspace: async (id: string) => {
        workspaceIds.add(id);
        await stores.workspaces.create({
          id,
          name: 'contract',
          plan: 'starter',
          limits: null,
          createdAt: new Date().toISOString(),
        });
      },
      cleanup: async () => {
        await purge(stores.graph, workspaceIds);
        await stores.users.purge([...userIds]);
        await stores.close();
      },
    });
  });
}
