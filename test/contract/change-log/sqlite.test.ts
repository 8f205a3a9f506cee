import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteChangeLogStore } from '../../../src/adapters/sqlite/change-log';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { changeLogContract } from './change-log.contract';

changeLogContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-log-'));
  const db = openDatabase({ filename: path.join(dir, 'ontology.db') });
  const graph = new SqliteGraphStore(db);
  return Promise.resolve({
    graph,
    changeLog: new SqliteChangeLogStore(db),
    cleanup: async () => {
      await graph.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});
