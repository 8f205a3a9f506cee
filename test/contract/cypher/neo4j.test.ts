import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { cypherEngineContract } from './cypher-engine.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('CypherEngine', 'neo4j', target.reason);
} else {
  // The same corpus, hostile queries and limits as the embedded engine, against the
  // Neo4j engine reading what the Neo4j graph store wrote.
  cypherEngineContract('neo4j', () => {
    const stores = target.open();
    const touched = new Set<string>();
    return Promise.resolve({
      store: recordWorkspaces(stores.graph, touched),
      engine: stores.cypher,
      cleanup: async () => {
        await purge(stores.graph, touched);
        await stores.close();
      },
    });
  });
}
