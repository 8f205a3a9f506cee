import { announceSkip, neo4jTarget, purge } from '../../support/neo4j';
import { liveDataSourceStoreContract } from './live-data-source-store.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the LiveDataSourceStore contract', target.reason);
  describe('LiveDataSourceStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  liveDataSourceStoreContract('neo4j', () => {
    const stores = target.open();
    return Promise.resolve({
      graph: stores.graph,
      sources: stores.liveDataSources,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await stores.close();
      },
    });
  });
}
