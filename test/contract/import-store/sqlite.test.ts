import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { SqliteImportStore } from '../../../src/adapters/sqlite/import-store';
import { importStoreContract } from './import-store.contract';

importStoreContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  const db = openDatabase({ filename: path.join(dir, 'system.db') });
  const graph = new SqliteGraphStore(db);
  return Promise.resolve({
    graph,
    imports: new SqliteImportStore(db),
    cleanup: async () => {
      await graph.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});
