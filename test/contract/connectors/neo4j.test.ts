import { Neo4jConnectorStore } from '../../../src/adapters/neo4j/connector-store';
import type { ConnectorStore } from '../../../src/ports/connector-store';
import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { connectorSecretsContract } from './connector-secrets.contract';
import { connectorStoreContract } from './connector-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

/** `store`, noting the workspaces a run writes to, for cleaning exactly those up. */
function recording(store: ConnectorStore, seen: Set<string>): ConnectorStore {
  // Each wrapper passes every argument on: a dropped optional one would change what is tested.
  return Object.assign(Object.create(store) as ConnectorStore, {
    createConnector: (...args: Parameters<ConnectorStore['createConnector']>) => (
      seen.add(args[0].workspaceId),
      store.createConnector(...args)
    ),
    claimDeliveryIn: (...args: Parameters<ConnectorStore['claimDeliveryIn']>) => (
      seen.add(args[1].workspaceId),
      store.claimDeliveryIn(...args)
    ),
    recordFailure: (...args: Parameters<ConnectorStore['recordFailure']>) => (
      seen.add(args[0].workspaceId),
      store.recordFailure(...args)
    ),
    recordRejected: (...args: Parameters<ConnectorStore['recordRejected']>) => (
      seen.add(args[0].workspaceId),
      store.recordRejected(...args)
    ),
  });
}

if (!target.available) {
  skipEngine('ConnectorStore', 'neo4j', target.reason);
  skipEngine('ConnectorStore secrets at rest', 'neo4j', target.reason);
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
