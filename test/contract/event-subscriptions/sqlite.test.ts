import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteChangeLogStore } from '../../../src/adapters/sqlite/change-log';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteEventSubscriptionStore } from '../../../src/adapters/sqlite/event-subscription-store';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { boxOf, KEY_A } from '../../support/secrets';
import { eventSubscriptionStoreContract } from './event-subscription-store.contract';

eventSubscriptionStoreContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'subscriptions-'));
  const db = openDatabase({ filename: path.join(dir, 'ontology.db') });
  const graph = new SqliteGraphStore(db);
  return Promise.resolve({
    subscriptions: new SqliteEventSubscriptionStore(db, boxOf(KEY_A)),
    storeWith: (box) => new SqliteEventSubscriptionStore(db, box),
    graph,
    changeLog: new SqliteChangeLogStore(db),
    cleanup: async () => {
      await graph.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});
