import { announceSkip, neo4jTarget, purge } from '../../support/neo4j';
import { changeLogContract } from './change-log.contract';

const target = neo4jTarget();

if (!target.available) {
  announceSkip('the ChangeLog contract', target.reason);
  describe('ChangeLog contract: neo4j', () => {
    it.skip(`runs against Neo4j (skipped: ${target.reason})`, () => undefined);
  });
} else {
  changeLogContract('neo4j', () => {
    const stores = target.open();
    return Promise.resolve({
      graph: stores.graph,
      changeLog: stores.changeLog,
      cleanup: async (workspaceIds) => {
        await purge(stores.graph, workspaceIds);
        await stores.close();
      },
    });
  });
}
