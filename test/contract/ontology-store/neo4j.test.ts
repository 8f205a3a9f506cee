import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { ontologyStoreContract } from './ontology-store.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('OntologyStore', 'neo4j', target.reason);
} else {
  ontologyStoreContract('neo4j', () => {
    const stores = target.open();
    const touched = new Set<string>();
    return Promise.resolve({
      graph: recordWorkspaces(stores.graph, touched),
      ontology: stores.ontology,
      cleanup: async () => {
        await purge(stores.graph, touched);
        await stores.close();
      },
    });
  });
}
