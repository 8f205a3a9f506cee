import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceProcess } from '../../support/service-process';
import { engineEnv } from '../../support/test-engine';

/**
 * A failure at start-up that no check foresaw (here a store file that is not a database)
 * ends the real process with exit code 1 and a fatal log line naming the error, never as
 * an unhandled rejection (a bare stack trace on stderr and no log line).
 */
describe('an unforeseen start-up failure (real process)', () => {
  let scratch: string;
  let service: ServiceProcess | undefined;

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-startup-failure-'));
  });
  afterEach(async () => {
    if (service) {
      service.kill('SIGKILL');
      await service.exited;
      service = undefined;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('is one fatal log line naming the error, nothing on stderr; exit 1', async () => {
    const dataDir = path.join(scratch, 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'ontology.db'), Buffer.alloc(4096, 'x'));
    service = new ServiceProcess({
      ...engineEnv(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
    });
    expect(await service.exited).toEqual({ code: 1, signal: null });
    const fatal = service.logs().filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]?.msg).toBe('start-up failed: file is not a database');
    expect(fatal[0]?.err).toMatchObject({ code: 'SQLITE_NOTADB' });
    expect(service.stderr).toBe('');
  }, 30_000);
});
