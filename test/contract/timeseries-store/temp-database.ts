import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqliteDatabase } from '../../../src/adapters/sqlite/database';

/** An SQLite file of its own in a temporary folder, and how to remove both. */
export function tempDatabase(): { db: SqliteDatabase; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeseries-'));
  const db = openDatabase({ filename: path.join(dir, 'ts.db') });
  return {
    db,
    remove: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
