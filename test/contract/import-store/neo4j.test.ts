import { neo4jTarget, purge } from '../../support/neo4j';
import { importStoreContract } from './import-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('ImportStore', 'neo4j', target.reason);
} else {
  importStoreContract('neo4j', () => {
    const stores = target.open();
    return Promise.resolve({
      graph: stores.graph,
      imports: stores.imports,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await stores.close();
      },
    });
  });
}
