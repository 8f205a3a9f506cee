import { announceSkip, neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { ontologyStoreContract } from './ontology-store.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the OntologyStore contract', target.reason);
  describe('OntologyStore contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
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
