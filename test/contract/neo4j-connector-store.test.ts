import { Neo4jConnectorStore } from '../../src/adapters/neo4j/connector-store';
import type { ConnectorStore } from '../../src/ports/connector-store';
import { announceSkip, neo4jTarget, purge, recordWorkspaces } from '../support/neo4j';
import { connectorSecretsContract } from './connector-secrets.contract';
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
  describe('ConnectorStore secrets at rest: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  connectorSecretsContract('neo4j', () => {
    const stores = target.open();
    const seen = new Set<string>();
    return Promise.resolve({
      storeWith: (box) => recording(new Neo4jConnectorStore(stores.client, box), seen),
      // The node's properties as anyone with read access to the database sees them.
      readStored: (ref) =>
        stores.client.read(async (tx) => {
          const result = await tx.run(
            `MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $id})
             RETURN c.secret AS secret, c.previousSecret AS previousSecret`,
            ref,
          );
          const record = result.records[0];
          if (!record) {
            throw new Error(`no node for connector ${ref.id}`);
          }
          return {
            secret: record.get('secret') as string,
            previousSecret: record.get('previousSecret') as string | null,
          };
        }),
      writeStored: async (ref, secrets) => {
        await stores.client.write((tx) =>
          tx.run(
            `MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $id})
             SET c.secret = $secret, c.previousSecret = $previousSecret`,
            { ...ref, ...secrets },
          ),
        );
      },
      cleanup: async () => {
        await purge(stores.graph, seen);
        await stores.close();
      },
    });
  });

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
