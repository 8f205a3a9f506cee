import { announceSkip, neo4jTarget, purge } from '../../support/neo4j';
import { importStoreContract } from './import-store.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the ImportStore contract', target.reason);
  describe('ImportStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
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
