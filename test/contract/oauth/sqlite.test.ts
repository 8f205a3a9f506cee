import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteOAuthClientStore } from '../../../src/adapters/sqlite/oauth-client-store';
import { SqliteOAuthGrantStore } from '../../../src/adapters/sqlite/oauth-grant-store';
import { SqliteUserStore } from '../../../src/adapters/sqlite/user-store';
import { SqliteWorkspaceStore } from '../../../src/adapters/sqlite/workspace-store';
import { oauthStoreContract } from './oauth-store.contract';

oauthStoreContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-store-'));
  const db = openDatabase({ filename: path.join(dir, 'oauth.db') });
  const workspaces = new SqliteWorkspaceStore(db);
  return Promise.resolve({
    users: new SqliteUserStore(db),
    clients: new SqliteOAuthClientStore(db),
    // Small purge chunks, so the purge test goes through several of them.
    grants: new SqliteOAuthGrantStore(db, { purgeChunk: 2 }),
    createWorkspace: async (id: string) => {
      await workspaces.create({
        id,
        name: 'contract',
        plan: 'starter',
        limits: null,
        createdAt: new Date().toISOString(),
      });
    },
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
