/**
 * A script that writes through SqliteDatabase with tiny WAL bounds and nothing else to keep
 * its process alive, then prints how many rows landed: a write that waits for the checkpoint
 * worker's truncation must not let the process end early (test/e2e/process/wal-bound.test.ts).
 *
 *   node --import tsx test/support/wal-bound-script.ts <database file>
 */
import { openDatabase } from '../../src/adapters/sqlite/database';

async function main(): Promise<void> {
  const MB = 1024 * 1024;
  const db = openDatabase({
    filename: process.argv[2]!,
    migrations: [],
    walLimits: { limitBytes: 1 * MB, drainBytes: 2 * MB, truncateWaitMs: 200, retryMs: 300 },
  });
  await db.exclusive(() =>
    db.writer.exec('CREATE TABLE blob (id INTEGER PRIMARY KEY, body TEXT NOT NULL)'),
  );
  const insert = db.writer.prepare('INSERT INTO blob (body) VALUES (?)');
  for (let i = 0; i < 200; i += 1) {
    await db.transaction(() => {
      for (let k = 0; k < 25; k += 1) {
        insert.run('x'.repeat(4000));
      }
      return Promise.resolve();
    });
  }
  const rows = db.reader.prepare('SELECT COUNT(*) FROM blob').pluck().get();
  db.close();
  process.stdout.write(`rows ${String(rows)}\n`);
}

void main();
