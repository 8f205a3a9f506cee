import { announceSkip, neo4jTarget, purge } from '../../support/neo4j';
import { systemStoresContract } from './system-stores.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the WorkspaceStore and ApiKeyStore contract', target.reason);
  describe('WorkspaceStore and ApiKeyStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
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
