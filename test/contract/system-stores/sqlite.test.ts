import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteApiKeyStore } from '../../../src/adapters/sqlite/api-key-store';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteWorkspaceStore } from '../../../src/adapters/sqlite/workspace-store';
import { systemStoresContract } from './system-stores.contract';

systemStoresContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-stores-'));
  const db = openDatabase({ filename: path.join(dir, 'system.db') });
  return Promise.resolve({
    workspaces: new SqliteWorkspaceStore(db),
    apiKeys: new SqliteApiKeyStore(db),
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
