import type { ConnectorStore } from '../../src/ports/connector-store';
import { announceSkip, neo4jTarget, purge } from '../support/neo4j';
import { connectorStoreContract } from './connector-store.contract';

const target = neo4jTarget();

/** `store`, noting the workspaces a run writes to, for cleaning exactly those up. */
function recording(store: ConnectorStore, seen: Set<string>): ConnectorStore {
  return Object.assign(Object.create(store) as ConnectorStore, {
    createConnector: (c: Parameters<ConnectorStore['createConnector']>[0]) => (
      seen.add(c.workspaceId),
      store.createConnector(c)
    ),
    claimDelivery: (d: Parameters<ConnectorStore['claimDelivery']>[0]) => (
      seen.add(d.workspaceId),
      store.claimDelivery(d)
    ),
    recordRejected: (a: Parameters<ConnectorStore['recordRejected']>[0]) => (
      seen.add(a.workspaceId),
      store.recordRejected(a)
    ),
  });
}

if (!target.available) {
  announceSkip('the ConnectorStore contract', target.reason);
  describe('ConnectorStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  connectorStoreContract('neo4j', () => {
    const stores = target.open();
    const seen = new Set<string>();
    return Promise.resolve({
      store: recording(stores.connectors, seen),
      cleanup: async () => {
        await purge(stores.graph, seen);
        await stores.close();
      },
    });
  });
}
