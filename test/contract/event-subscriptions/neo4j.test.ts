import { neo4jTarget, purge } from '../../support/neo4j';
import { eventSubscriptionStoreContract } from './event-subscription-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('EventSubscriptionStore', 'neo4j', target.reason);
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
