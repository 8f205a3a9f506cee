import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { itOn } from '../../support/test-engine';

/** The script opens an SQLite file of its own whatever the project's engine: once is enough. */
const itOnce = itOn(['sqlite'], 'the script writes an SQLite file of its own on every project');

describe('the WAL bound (real process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  itOnce(
    'keeps a process whose write waits for a truncation alive until the write is done',
    async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'test/support/wal-bound-script.ts', path.join(dir, 'script.db')],
        { timeout: 60_000 },
      );
      expect(stdout.trim()).toBe('rows 5000');
    },
    70_000,
  );
});
