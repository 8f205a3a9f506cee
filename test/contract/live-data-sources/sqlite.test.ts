import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { SqliteLiveDataSourceStore } from '../../../src/adapters/sqlite/live-data-source-store';
import { liveDataSourceStoreContract } from './live-data-source-store.contract';

liveDataSourceStoreContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-data-sources-'));
  const db = openDatabase({ filename: path.join(dir, 'system.db') });
  const graph = new SqliteGraphStore(db);
  return Promise.resolve({
    graph,
    sources: new SqliteLiveDataSourceStore(db),
    cleanup: async () => {
      await graph.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});
