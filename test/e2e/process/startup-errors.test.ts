import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ServiceProcess } from '../../support/service-process';
import { engineEnv } from '../../support/test-engine';

/**
 * Operator mistakes at start-up end the real process (`node --import tsx src/main.ts`) with
 * exit code 1 and one line that names the setting, the value and the reason; no stack trace.
 */
describe('start-up errors (real process)', () => {
  let scratch: string;
  let service: ServiceProcess | undefined;

  const start = (env: Record<string, string>) => {
    service = new ServiceProcess({
      ...engineEnv(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    });
    return service;
  };

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-startup-'));
  });
  afterEach(async () => {
    if (service) {
      service.kill('SIGKILL');
      await service.exited;
      service = undefined;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  describe('an unusable DATA_DIR', () => {
    const file = () => {
      const filePath = path.join(scratch, 'a-file');
      fs.writeFileSync(filePath, 'not a directory');
      return filePath;
    };

    it.each([
      ['is a file', () => file(), () => 'not a directory'],
      [
        'is under a file',
        () => path.join(file(), 'data'),
        () => `not a directory (${path.join(scratch, 'a-file')} is a file)`,
      ],
      [
        'holds an ontology.db that is a directory',
        () => {
          fs.mkdirSync(path.join(scratch, 'data', 'ontology.db'), { recursive: true });
          return path.join(scratch, 'data');
        },
        () => 'ontology.db is not a regular file',
      ],
    ])(
      '%s: one line naming DATA_DIR, the path and the reason; exit 1',
      async (_case, dir, reason) => {
        const dataDir = dir();
        const svc = start({ DATA_DIR: dataDir });
        expect(await svc.exited).toEqual({ code: 1, signal: null });
        expect(svc.stderr).toBe(`DATA_DIR=${dataDir}: ${reason()}\n`);
        expect(svc.stdout).toBe('');
      },
      30_000,
    );
  });

  it('a port in use: one fatal line naming HOST:PORT and the cause, no "listening"; exit 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const svc = start({ DATA_DIR: path.join(scratch, 'data'), PORT: String(port) });
      expect(await svc.exited).toEqual({ code: 1, signal: null });
      const logs = svc.logs();
      expect(logs.filter((l) => l.msg === 'listening')).toEqual([]);
      const fatal = logs.filter((l) => l.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatchObject({ code: 'EADDRINUSE', address: `127.0.0.1:${port}` });
      expect(fatal[0]?.msg).toMatch(
        new RegExp(`^cannot listen on 127\\.0\\.0\\.1:${port}: address already in use`),
      );
      expect(svc.stderr).toBe('');
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 30_000);
});
