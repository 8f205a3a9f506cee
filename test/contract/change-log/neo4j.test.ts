import { neo4jTarget, purge } from '../../support/neo4j';
import { changeLogContract } from './change-log.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

if (!target.available) {
  skipEngine('ChangeLog', 'neo4j', target.reason);
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
