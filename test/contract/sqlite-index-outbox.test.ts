import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import { SqliteIndexOutbox } from '../../src/adapters/sqlite/index-outbox';
import { indexOutboxContract } from './index-outbox.contract';

indexOutboxContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-outbox-'));
  const db = openDatabase({ filename: path.join(dir, 'outbox.db') });
  return Promise.resolve({
    graph: new SqliteGraphStore(db),
    outbox: new SqliteIndexOutbox(db),
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
