/**
 * `npm run bench:sdk`: what the SDKs add to request latency. One service (embedded store, a
 * temp directory, 127.0.0.1); the same three calls (get a node by id, list a page of 50, a
 * CREATE_NODE command) made by the SDK and without it, alternating call by call (A B, B A,
 * ...): each round's side is the median of its BENCH_SDK_CALLS calls, a call's figure the
 * median of its rounds.
 *
 * - TypeScript: `@wos/sdk` (sdk/typescript, from its sources) against bare `fetch` sending the
 *   same headers (the key, the workspace, a JSON content type, an Idempotency-Key on commands).
 * - Python: `wos_sdk` against bare `httpx` (bench/sdk-python.py, run by sdk/python/.venv's
 *   interpreter; skipped, saying why, without it).
 *
 * Goal per language: the SDK's latency at most 1.05x bare on every call.
 * Knobs: BENCH_ROUNDS (7), BENCH_SDK_CALLS (300 per side per round; 20 under BENCH_SMOKE=1),
 * BENCH_ENTRY (compiled | tsx).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '../sdk/typescript/src';
import { envChoice, envFlag, envNumber } from './lib/env';
import { installCleanup, REPO_ROOT, stopAll } from './lib/processes';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, median, renderTable } from './lib/stats';

const GOAL = 1.05;
const SIDES = ['sdk', 'bare'] as const;
type Side = (typeof SIDES)[number];
/** Per call, per side, the median latency of each round (ms). */
type Rounds = Record<string, Record<Side, number[]>>;

const knobs = {
  rounds: envNumber('BENCH_ROUNDS', 7, { min: 1, integer: true }),
  calls: envNumber('BENCH_SDK_CALLS', envFlag('BENCH_SMOKE') ? 20 : 300, {
    min: 1,
    integer: true,
  }),
  entry: envChoice('BENCH_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
};

const PYTHON = path.join(REPO_ROOT, 'sdk', 'python', '.venv', 'bin', 'python');
const out = (line = '') => process.stdout.write(`${line}\n`);

/**
 * The median latency of each side over `knobs.calls` pairs of calls, in milliseconds. The
 * sides alternate call by call (A B, B A, ...), so both see the same store: in blocks of
 * calls in a row, a side's creates met the WAL and checkpoints its own burst had grown.
 */
async function interleavedMedians(
  sides: Record<Side, () => Promise<unknown>>,
): Promise<Record<Side, number>> {
  const times: Record<Side, number[]> = { sdk: [], bare: [] };
  for (let i = 0; i < knobs.calls; i += 1) {
    for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) {
      const start = performance.now();
      await sides[side]();
      times[side].push(performance.now() - start);
    }
  }
  return { sdk: median(times.sdk), bare: median(times.bare) };
}

/** The TypeScript half: the SDK client against fetch with the same headers. */
async function measureTypeScript(service: BenchService, nodeId: string): Promise<Rounds> {
  const client = createClient({
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    workspaceId: service.workspaceId,
  });
  const bare = async (url: string, init?: RequestInit) => {
    const response = await fetch(`${service.baseUrl}${url}`, {
      ...init,
      headers: { ...service.headers, ...(init?.headers as Record<string, string>) },
    });
    if (!response.ok) {
      throw new Error(`${url}: ${response.status} ${await response.text()}`);
    }
    return response.json();
  };
  const calls: Record<string, Record<Side, () => Promise<unknown>>> = {
    'get node': {
      sdk: () => client.nodes.get(nodeId),
      bare: () => bare(`/api/queries/nodes/${nodeId}`),
    },
    'list a page': {
      sdk: () => client.nodes.list({ limit: 50 }).firstPage(),
      bare: () => bare('/api/queries/nodes?limit=50'),
    },
    'create node': {
      sdk: () => client.nodes.create({ entityType: 'Probe', name: 'probe' }),
      bare: () =>
        bare('/api/commands/execute', {
          method: 'POST',
          headers: { 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            type: 'CREATE_NODE',
            payload: { entityType: 'Probe', name: 'probe' },
          }),
        }),
    },
  };
  const rounds: Rounds = {};
  for (const [name, sides] of Object.entries(calls)) {
    rounds[name] = { sdk: [], bare: [] };
    for (const side of SIDES) {
      await sides[side](); // warm the connection and the code path
    }
  }
  for (let round = 0; round < knobs.rounds; round += 1) {
    for (const [name, sides] of Object.entries(calls)) {
      const medians = await interleavedMedians(sides);
      for (const side of SIDES) {
        rounds[name]![side].push(medians[side]);
      }
    }
  }
  return rounds;
}

/** The Python half, in its own process; null with the reason when it cannot run. */
async function measurePython(
  service: BenchService,
  nodeId: string,
): Promise<{ rounds: Rounds } | { skipped: string }> {
  if (!fs.existsSync(PYTHON)) {
    return {
      skipped:
        `${path.relative(REPO_ROOT, PYTHON)} is missing (python3 -m venv sdk/python/.venv && ` +
        `sdk/python/.venv/bin/pip install -e sdk/python)`,
    };
  }
  const { stdout } = await promisify(execFile)(PYTHON, [path.join(__dirname, 'sdk-python.py')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      PYTHONDONTWRITEBYTECODE: '1',
      BASE: service.baseUrl,
      KEY: service.apiKey,
      WS: service.workspaceId,
      ROUNDS: String(knobs.rounds),
      CALLS: String(knobs.calls),
      NODE_ID: nodeId,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { rounds: JSON.parse(stdout) as Rounds };
}

/** The table of one language and its goal line. */
function report(language: string, sdkName: string, bareName: string, rounds: Rounds): void {
  const rows = [['call', `${sdkName} ms`, `${bareName} ms`, 'SDK/bare']];
  let met = true;
  for (const [name, sides] of Object.entries(rounds)) {
    const sdk = median(sides.sdk);
    const bare = median(sides.bare);
    met &&= sdk <= bare * GOAL;
    rows.push([name, formatFixed(sdk, 3), formatFixed(bare, 3), formatFixed(sdk / bare, 3)]);
  }
  out(
    `${language}: median of ${knobs.rounds} rounds, each the median of ${knobs.calls} calls a side, alternating`,
  );
  out(renderTable(rows));
  out(`goal ${language} SDK latency <= ${GOAL}x bare: ${met ? 'met' : 'NOT met'}`);
  out();
}

async function main(): Promise<void> {
  installCleanup((120 + knobs.rounds * knobs.calls * 2) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sdk-'));
  try {
    const service = await startBenchService({
      tmp,
      name: 'service',
      entry: knobs.entry,
      dataDir: path.join(tmp, 'data'),
      stdout: 'ignore',
    });
    const seed = createClient({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      workspaceId: service.workspaceId,
    });
    const batch = seed.commands.newBatch();
    for (let i = 0; i < 100; i += 1) {
      batch.createNode({ entityType: 'Pump', name: `pump ${i}`, properties: { rpm: i * 10 } });
    }
    await seed.commands.batch(batch);
    const { id: nodeId } = await seed.nodes.create({ entityType: 'Pump', name: 'read me' });
    out(`SDK latency against bare HTTP, one service (${knobs.entry}, embedded store)`);
    out();
    report('TypeScript', '@wos/sdk', 'fetch', await measureTypeScript(service, nodeId));
    const python = await measurePython(service, nodeId);
    if ('skipped' in python) {
      out(`Python: skipped: ${python.skipped}`);
      out('goal Python SDK latency <= 1.05x bare: not measured');
    } else {
      report('Python', 'wos_sdk', 'httpx', python.rounds);
    }
  } finally {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  void stopAll(1000).finally(() => process.exit(1));
});
