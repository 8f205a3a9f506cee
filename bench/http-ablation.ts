/**
 * Diagnostic, not part of `npm run bench`: where does GET /api/me spend its time? Runs the
 * real app with one part of the stack removed at a time (and all of them at once), plus a
 * bare Express route with single parts added, in one rotating-order comparison; reports
 * req/s and server CPU per request against `full`.
 *
 *   npx tsx bench/http-ablation.ts        (same BENCH_* knobs as bench/http-overhead.ts)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareVariants, serverMicros, throughputs, type Variant } from './lib/compare';
import { envNumber } from './lib/env';
import {
  childEnv,
  freePort,
  installCleanup,
  startServer,
  stopAll,
  type ServerProcess,
} from './lib/processes';
import { formatFixed, formatInt, median, renderTable } from './lib/stats';

const MODES = [
  'full',
  '-log',
  '-metrics',
  '-ratelimit',
  '-auth-lookup',
  '-log,-metrics,-ratelimit,-auth-lookup',
  'bare',
  'bare+reqid',
  'bare+docs',
  'bare+chain',
];

const rounds = envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true });
const durationS = envNumber('BENCH_DURATION_S', 3, { min: 1, integer: true });
const warmupS = envNumber('BENCH_WARMUP_S', 2, { min: 0, integer: true });
const rewarmS = envNumber('BENCH_REWARM_S', 1, { min: 0, integer: true });
const connections = envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true });

const out = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const estimateS = 30 + MODES.length * (warmupS + rounds * (rewarmS + durationS));
  installCleanup((estimateS * 2 + 60) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ablation-'));
  try {
    const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const workspaceId = randomUUID();
    const servers = new Map<string, ServerProcess>();
    let shared: Record<string, string> = {};
    for (const mode of MODES) {
      const port = await freePort();
      const bare = mode.startsWith('bare');
      const server = await startServer({
        name: mode,
        script: path.join(__dirname, 'servers', 'ablation.ts'),
        port,
        stdout: path.join(tmp, `${servers.size}.log`),
        readyPath: '/api/me',
        readyHeaders: headers,
        env: childEnv({
          NODE_ENV: 'production',
          PORT: String(port),
          BENCH_MODE: mode,
          DATA_DIR: path.join(tmp, `data-${servers.size}`),
          LOG_LEVEL: 'info',
          BOOTSTRAP_API_KEY: apiKey,
          BOOTSTRAP_WORKSPACE_ID: workspaceId,
          BOOTSTRAP_PLAN: 'enterprise',
          ENTERPRISE_DEFAULT_PER_MINUTE: '1000000000',
          ENTERPRISE_DEFAULT_PER_DAY: '1000000000000',
          ...(bare ? shared : {}),
        }),
      });
      servers.set(mode, server);
      if (mode === 'full') {
        const body = (await (await fetch(`${server.baseUrl}/api/me`, { headers })).json()) as {
          data: unknown;
          requestId: string;
        };
        shared = { BENCH_DATA: JSON.stringify(body.data), BENCH_REQUEST_ID: body.requestId };
      }
    }
    const variants: Variant[] = MODES.map((mode) => {
      const server = servers.get(mode)!;
      return { name: mode, pid: server.pid, load: { url: `${server.baseUrl}/api/me`, headers } };
    });
    out(`ablation: ${MODES.length} variants, ${rounds} rounds of ${durationS} s, ~${estimateS} s`);
    const comparison = await compareVariants(variants, {
      rounds,
      connections,
      durationS,
      warmupS,
      rewarmS,
      retryNoisy: envNumber('BENCH_RETRY_NOISY', 6, { min: 0, integer: true }),
      log: out,
    });
    const fullRps = median(throughputs(comparison, 'full'));
    const fullCpu = median(serverMicros(comparison, 'full').map((v) => v ?? NaN));
    const rows = [['variant', 'median req/s', 'x full', 'server CPU us/req', 'us/req vs full']];
    for (const mode of MODES) {
      const rps = median(throughputs(comparison, mode));
      const cpu = median(serverMicros(comparison, mode).map((v) => v ?? NaN));
      rows.push([
        mode,
        formatInt(rps),
        formatFixed(rps / fullRps),
        formatInt(cpu),
        `${cpu - fullCpu >= 0 ? '+' : ''}${formatInt(cpu - fullCpu)}`,
      ]);
    }
    out();
    out(renderTable(rows));
  } finally {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`ablation failed: ${(error as Error).stack ?? String(error)}\n`);
    void stopAll(1000).finally(() => process.exit(1));
  },
);
