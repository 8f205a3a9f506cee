import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { SqliteIndexOutbox } from '../../../src/adapters/sqlite/index-outbox';
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

describe('SqliteIndexOutbox kept counts', () => {
  it('sets the counts right once the outbox is empty, after a writer that skipped them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-outbox-heal-'));
    const db = openDatabase({ filename: path.join(dir, 'outbox.db') });
    try {
      const outbox = new SqliteIndexOutbox(db);
      // A script that wrote the outbox without its counts: one entry more counted than held.
      db.writer
        .prepare(`INSERT INTO search_outbox_counts (workspace_id, entries) VALUES ('w1', 3)`)
        .run();
      db.writer
        .prepare(
          `INSERT INTO search_outbox (workspace_id, node_id, enqueued_at) VALUES ('w1', 'a', 'now')`,
        )
        .run();
      expect(await outbox.pending('w1')).toBe(3);
      // Not empty: the counts are left as they are.
      expect(await outbox.peek(10)).toHaveLength(1);
      expect(await outbox.pending('w1')).toBe(3);
      await outbox.complete(await outbox.peek(10));
      expect(await outbox.pending('w1')).toBe(2);
      // Empty: the next look at it resets what is still counted.
      expect(await outbox.peek(10)).toEqual([]);
      expect(await outbox.pending('w1')).toBe(0);
      expect(await outbox.pendingAll()).toBe(0);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
