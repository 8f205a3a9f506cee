import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../../../src/adapters/sqlite/database';
import { WalSync } from '../../../../src/adapters/sqlite/wal-sync';

type SyncCallback = (error: NodeJS.ErrnoException | null) => void;

/**
 * Durability of the embedded store: commits use synchronous=NORMAL and a caller is answered
 * only after an fdatasync of the WAL, which runs off the event loop and is shared by
 * concurrent callers.
 */
describe('deferred WAL sync', () => {
  let dir: string;
  let pending: SyncCallback[];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'));
    pending = [];
    // Hold every fdatasync until the test releases it.
    const holdSync = (_fd: number, callback: SyncCallback) => {
      pending.push(callback);
    };
    jest.spyOn(fs, 'fdatasync').mockImplementation(holdSync);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const turns = async (n = 5) => {
    for (let i = 0; i < n; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  describe('SqliteDatabase', () => {
    let db: SqliteDatabase;
    beforeEach(() => {
      db = openDatabase({ filename: path.join(dir, 'store.db'), migrations: [] });
      db.writer.exec('CREATE TABLE item (id TEXT PRIMARY KEY)');
    });
    afterEach(() => db.close());

    it('commits with synchronous=NORMAL', () => {
      expect(db.writer.pragma('synchronous', { simple: true })).toBe(1);
    });

    it('answers a transaction only after the WAL sync; later ones wait for it together', async () => {
      const insert = (id: string) =>
        db.transaction(() =>
          Promise.resolve(db.writer.prepare('INSERT INTO item VALUES (?)').run(id)),
        );
      const count = () => db.reader.prepare('SELECT COUNT(*) AS n FROM item').get();
      let answered = false;
      const first = insert('a').then(() => (answered = true));
      await turns();
      expect(pending).toHaveLength(1);
      expect(answered).toBe(false);
      // Committed (readers see it) while the sync is in flight.
      expect(count()).toEqual({ n: 1 });
      // Durable transactions arriving meanwhile would wait for a later sync anyway: they
      // collect into one group that commits once the running sync ends.
      let laterDone = 0;
      const later = [insert('b'), insert('c')].map((p) => p.then(() => (laterDone += 1)));
      await turns();
      expect(count()).toEqual({ n: 1 });
      expect(pending).toHaveLength(1);
      pending.shift()!(null);
      await first;
      expect(answered).toBe(true);
      await turns();
      expect(count()).toEqual({ n: 3 });
      expect(laterDone).toBe(0);
      // One COMMIT for both, so one sync.
      expect(pending).toHaveLength(1);
      pending.shift()!(null);
      await Promise.all(later);
      expect(laterDone).toBe(2);
    });

    it('answers a non-durable write at commit, and a later flush covers it', async () => {
      const write = db.transaction(
        () => Promise.resolve(db.writer.prepare("INSERT INTO item VALUES ('n')").run()),
        { durable: false },
      );
      await write;
      expect(pending).toHaveLength(0);
      let flushed = false;
      const flush = db.flush().then(() => (flushed = true));
      await turns();
      expect(flushed).toBe(false);
      pending.shift()!(null);
      await flush;
    });

    it('rejects the callers when the sync fails', async () => {
      const write = db.exclusive(() => db.writer.prepare("INSERT INTO item VALUES ('c')").run());
      await turns();
      const error = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      pending.shift()!(error);
      await expect(write).rejects.toThrow('EIO');
    });

    it('syncs inside COMMIT instead with syncMode full', async () => {
      const full = openDatabase({
        filename: path.join(dir, 'full.db'),
        migrations: [],
        syncMode: 'full',
      });
      try {
        expect(full.writer.pragma('synchronous', { simple: true })).toBe(2);
        full.writer.exec('CREATE TABLE item (id TEXT PRIMARY KEY)');
        await full.transaction(() =>
          Promise.resolve(full.writer.prepare("INSERT INTO item VALUES ('a')").run()),
        );
        expect(pending).toHaveLength(0);
      } finally {
        full.close();
      }
    });
  });

  describe('WalSync', () => {
    it('shares one queued sync among every caller that arrives while one runs', async () => {
      const wal = path.join(dir, 'x.db-wal');
      fs.writeFileSync(wal, 'frames');
      const sync = new WalSync(wal);
      const a = sync.flush();
      const b = sync.flush();
      const c = sync.flush();
      expect(b).toBe(c);
      expect(pending).toHaveLength(1);
      pending.shift()!(null);
      await a;
      await turns();
      expect(pending).toHaveLength(1);
      pending.shift()!(null);
      await Promise.all([b, c]);
      sync.close();
    });

    it('has nothing to sync before the WAL file exists', async () => {
      const sync = new WalSync(path.join(dir, 'missing.db-wal'));
      await expect(sync.flush()).resolves.toBeUndefined();
      expect(pending).toHaveLength(0);
      sync.close();
    });
  });
});
