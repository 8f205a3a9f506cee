import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway Redis on 127.0.0.1, without persistence, with its own temp dir. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); `start` brings it back, empty, on the same port. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Stops it and removes its dir. */
  destroy(): Promise<void>;
}

/** Why Redis tests cannot run here, or null when `redis-server` is on the PATH. */
export function redisUnavailableReason(): string | null {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return "redis-server is not on the PATH (CI installs Debian's redis-server package; locally: apt-get install redis-server)";
  }
  return null;
}

/** A port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** True once something accepts connections on 127.0.0.1:`port` and answers PING. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString('utf8').startsWith('+PONG')));
  });
}

/**
 * Starts a throwaway `redis-server` bound to 127.0.0.1 on a free port: no RDB snapshots, no
 * append-only file (`--save '' --appendonly no`), its working dir in a temp dir, no
 * daemonising. Waits until it answers PING.
 */
export async function startRedis(): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  const start = async (): Promise<void> => {
    output = '';
    const proc = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    proc.stdout?.on('data', collect);
    proc.stderr?.on('data', collect);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) {
        throw new Error(`redis-server exited with ${proc.exitCode}:\n${output}`);
      }
      if (await answersPing(port)) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    throw new Error(`redis-server did not answer PING within 15 s:\n${output}`);
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
      return;
    }
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    destroy: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
