import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, SqliteHealthCheck } from '../../../src/adapters/sqlite/database';
import { healthCheckContract } from './health-check.contract';

/** A database in a temp dir: open, or already closed (the store is gone). */
function database(closed: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-check-'));
  const db = openDatabase({ filename: path.join(dir, 'health.db') });
  if (closed) {
    db.close();
  }
  return Promise.resolve({
    check: new SqliteHealthCheck(db),
    cleanup: () => {
      if (!closed) {
        db.close();
      }
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
}

healthCheckContract('sqlite', {
  reachable: () => database(false),
  unreachable: () => database(true),
});
