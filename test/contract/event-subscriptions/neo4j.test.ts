import { announceSkip, neo4jTarget, purge } from '../../support/neo4j';
import { eventSubscriptionStoreContract } from './event-subscription-store.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the EventSubscriptionStore contract', target.reason);
  describe('EventSubscriptionStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  eventSubscriptionStoreContract('neo4j', () => {
    const stores = target.open();
    const others: ReturnType<typeof target.open>[] = [];
    return Promise.resolve({
      subscriptions: stores.eventSubscriptions,
      storeWith: (box) => {
        const opened = target.open(box);
        others.push(opened);
        return opened.eventSubscriptions;
      },
      graph: stores.graph,
      changeLog: stores.changeLog,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await Promise.all([stores, ...others].map((s) => s.close()));
      },
    });
  });
}
