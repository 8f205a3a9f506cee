import { neo4jTarget, purge } from '../../support/neo4j';
import { systemStoresContract } from './system-stores.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('WorkspaceStore and ApiKeyStore', 'neo4j', target.reason);
} else {
  systemStoresContract('neo4j', () => {
    const stores = target.open();
    return Promise.resolve({
      workspaces: stores.workspaces,
      apiKeys: stores.apiKeys,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await stores.close();
      },
    });
  });
}
