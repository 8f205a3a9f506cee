import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway InfluxDB 1.x server on 127.0.0.1, with its own temp data dir. */
export interface Influxd {
  /** `http://127.0.0.1:<port>`, for INFLUX_URL. */
  url: string;
  /** Stops the server (SIGTERM, then SIGKILL) and keeps its data: `start` brings it back. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and data (after `stop`). */
  start(): Promise<void>;
  /** Stops it and removes its data dir. */
  destroy(): Promise<void>;
}

/** Why InfluxDB tests cannot run here, or null when `influxd` is on the PATH. */
export function influxdUnavailableReason(): string | null {
  const probe = spawnSync('influxd', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return "influxd is not on the PATH (CI installs Debian's influxdb package; locally: apt-get install influxdb)";
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

/**
 * A minimal config written from scratch (not Debian's sample, whose `[udp]` section needs
 * double brackets): everything bound to 127.0.0.1 on free ports (the HTTP API and the RPC
 * service used for backups, which listens on 8088 by default), reporting to InfluxData off,
 * no `_internal` monitor database, quiet logs.
 */
function configText(dir: string, httpPort: number, rpcPort: number): string {
  return [
    'reporting-disabled = true',
    `bind-address = "127.0.0.1:${rpcPort}"`,
    '[meta]',
    `  dir = "${path.join(dir, 'meta')}"`,
    '[data]',
    `  dir = "${path.join(dir, 'data')}"`,
    `  wal-dir = "${path.join(dir, 'wal')}"`,
    '  query-log-enabled = false',
    '[http]',
    `  bind-address = "127.0.0.1:${httpPort}"`,
    '  log-enabled = false',
    '[monitor]',
    '  store-enabled = false',
    '[logging]',
    '  level = "warn"',
    '',
  ].join('\n');
}

/** Starts a throwaway `influxd` and waits until /ping answers. */
export async function startInfluxd(): Promise<Influxd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'influxd-'));
  const httpPort = await freePort();
  const rpcPort = await freePort();
  const configPath = path.join(dir, 'influxd.conf');
  fs.writeFileSync(configPath, configText(dir, httpPort, rpcPort));
  const url = `http://127.0.0.1:${httpPort}`;
  let child: ChildProcess | undefined;
  let output = '';

  const start = async (): Promise<void> => {
    output = '';
    const proc = spawn('influxd', ['-config', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    proc.stdout?.on('data', collect);
    proc.stderr?.on('data', collect);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) {
        throw new Error(`influxd exited with ${proc.exitCode}:\n${output}`);
      }
      try {
        const res = await fetch(`${url}/ping`, { signal: AbortSignal.timeout(1000) });
        if (res.status === 204) {
          return;
        }
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    throw new Error(`influxd did not answer /ping within 30 s:\n${output}`);
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
      return;
    }
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url,
    stop,
    start,
    destroy: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
