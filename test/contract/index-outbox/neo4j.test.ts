import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { indexOutboxContract } from './index-outbox.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('IndexOutbox', 'neo4j', target.reason);
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
