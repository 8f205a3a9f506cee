import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/database';

/** Polls `check` on every event-loop turn until it holds (bounded by the test timeout). */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('background WAL checkpoints', () => {
  let dir: string;
  let db: SqliteDatabase;
  let filename: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-'));
    filename = path.join(dir, 'store.db');
    db = openDatabase({ filename, migrations: [] });
  });

  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves committed pages into the database file without the writer checkpointing', async () => {
    expect(db.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await db.exclusive(() => {
      db.writer.exec('CREATE TABLE blob (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      const insert = db.writer.prepare('INSERT INTO blob (body) VALUES (?)');
      db.writer.transaction(() => {
        for (let i = 0; i < 500; i += 1) {
          insert.run('x'.repeat(4000));
        }
      })();
    });
    const before = fs.statSync(filename).size;
    // About 2 MB went to the WAL; the worker copies it into the database file.
    await eventually(() => fs.statSync(filename).size > before + 1_000_000);
    expect((db.reader.prepare('SELECT COUNT(*) AS n FROM blob').get() as { n: number }).n).toBe(
      500,
    );
  });

  it('closes its own connection first on close, so the writer closes last and removes the WAL', async () => {
    await db.exclusive(() => db.writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)'));
    expect(fs.existsSync(`${filename}-wal`)).toBe(true);
    // Synchronous: once close() returns, the files are settled (a caller may delete them).
    db.close();
    expect(fs.existsSync(`${filename}-wal`)).toBe(false);
    expect(fs.existsSync(`${filename}-shm`)).toBe(false);
    db = openDatabase({ filename, migrations: [] });
  });

  it('is off when asked, leaving SQLite to checkpoint inside commits', () => {
    const other = openDatabase({
      filename: path.join(dir, 'plain.db'),
      migrations: [],
      backgroundCheckpoints: false,
    });
    try {
      expect(other.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      other.close();
    }
  });
});
