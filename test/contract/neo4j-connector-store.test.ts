import type { ConnectorStore } from '../../src/ports/connector-store';
import { announceSkip, neo4jTarget, purge, recordWorkspaces } from '../support/neo4j';
import { connectorStoreContract } from './connector-store.contract';

const target = neo4jTarget();

/** `store`, noting the workspaces a run writes to, for cleaning exactly those up. */
function recording(store: ConnectorStore, seen: Set<string>): ConnectorStore {
  return Object.assign(Object.create(store) as ConnectorStore, {
    createConnector: (c: Parameters<ConnectorStore['createConnector']>[0]) => (
      seen.add(c.workspaceId),
      store.createConnector(c)
    ),
    claimDeliveryIn: (
      uow: Parameters<ConnectorStore['claimDeliveryIn']>[0],
      d: Parameters<ConnectorStore['claimDeliveryIn']>[1],
    ) => (seen.add(d.workspaceId), store.claimDeliveryIn(uow, d)),
    recordFailure: (
      d: Parameters<ConnectorStore['recordFailure']>[0],
      reason: string,
      at: string,
    ) => (seen.add(d.workspaceId), store.recordFailure(d, reason, at)),
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
      // The graph store on the same client: its units of work are the connector store's.
      graph: recordWorkspaces(stores.graph, seen),
      cleanup: async () => {
        await purge(stores.graph, seen);
        await stores.close();
      },
    });
  });
}
