import { neo4jTarget, purge } from '../../support/neo4j';
import { liveDataSourceStoreContract } from './live-data-source-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('LiveDataSourceStore', 'neo4j', target.reason);
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
