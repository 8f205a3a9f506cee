import { announceSkip, neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { indexOutboxContract } from './index-outbox.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the IndexOutbox contract', target.reason);
  describe('IndexOutbox contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  indexOutboxContract('neo4j', () => {
    const stores = target.open();
    const touched = new Set<string>();
    return Promise.resolve({
      graph: recordWorkspaces(stores.graph, touched),
      outbox: stores.indexOutbox,
      cleanup: async () => {
        await purge(stores.graph, touched);
        await stores.close();
      },
    });
  });
}
