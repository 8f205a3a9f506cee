/**
 * Summarises a V8 .cpuprofile (e.g. from BENCH_CPU_PROF=<dir> npm run bench:http):
 * self time by package/area, self time by function, and inclusive time of the project's
 * own functions (src/...), i.e. "how much of the request is spent under this function".
 * Samples before the first HTTP request (start-up) are left out.
 *
 *   npx tsx bench/profile-summary.ts [--requests N] <file.cpuprofile> [top=25]
 *
 * With --requests (the number of requests the server answered, printed by the benchmark
 * when profiling), every figure is also given in microseconds per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/processes';
import { formatFixed, renderTable } from './lib/stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
let requests: number | undefined;
const requestsAt = args.indexOf('--requests');
if (requestsAt >= 0) {
  requests = Number(args[requestsAt + 1]);
  args.splice(requestsAt, 2);
}
const [file, topArg] = args;
if (!file || (requests !== undefined && !(requests > 0))) {
  process.stderr.write(
    'usage: tsx bench/profile-summary.ts [--requests N] <file.cpuprofile> [top]\n',
  );
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) {
  for (const child of node.children ?? []) {
    parent.set(child, node.id);
  }
}

/** Which package or area a frame belongs to. */
function area(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  }
  if (url.startsWith('node:')) {
    return url.replace(/^node:(internal\/)?/, 'node:').replace(/\/.*$/, '');
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    return pkg[1]!;
  }
  return ownFile(url) ?? url.replace(/^file:\/\//, '');
}

/**
 * `src/<file>.ts` for the project's own code, run from src/ (tsx) or compiled (dist/ or
 * the benchmark's temporary build); null for anything else.
 */
function ownFile(url: string): string | null {
  const local = url.replace(/^file:\/\//, '');
  if (local.includes('/node_modules/')) {
    return null;
  }
  const inRepo = path.relative(REPO_ROOT, local);
  const match = /(?:^|\/)(?:src|dist)\/(.+?)(?:\.[cm]?[jt]s)?$/.exec(
    inRepo.startsWith('..') ? local : inRepo,
  );
  return match ? `src/${match[1]}.ts` : null;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${area(node)}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

const selfByArea = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const inclusiveOwn = new Map<string, number>();
let total = 0;
let idle = 0;

/** True when the sample's stack is inside the HTTP server's request handling. */
function inRequest(id: number): boolean {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    if (byId.get(cur)?.callFrame.functionName === 'parserOnIncoming') {
      return true;
    }
  }
  return false;
}

// Start-up (module loading, migrations) is not request cost: skip samples before the first
// request was handled.
const firstRequest = profile.samples.findIndex(inRequest);
const skippedUs = profile.timeDeltas
  .slice(0, Math.max(0, firstRequest))
  .reduce((sum, dt) => sum + dt, 0);

profile.samples.forEach((id, i) => {
  if (i < firstRequest) {
    return;
  }
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id);
  if (!node) {
    return;
  }
  total += dt;
  if (node.callFrame.functionName === '(idle)') {
    idle += dt;
    return;
  }
  selfByArea.set(area(node), (selfByArea.get(area(node)) ?? 0) + dt);
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur)!;
    if (ownFile(frame.callFrame.url)) {
      const name = label(frame);
      if (!seen.has(name)) {
        seen.add(name);
        inclusiveOwn.set(name, (inclusiveOwn.get(name) ?? 0) + dt);
      }
    }
  }
});

const busy = total - idle;
const pct = (us: number) => `${formatFixed((100 * us) / busy, 1)}%`;
const perRequest = (us: number) => (requests ? [formatFixed(us / requests, 1)] : []);
const rows = (map: Map<string, number>, heading: string) =>
  renderTable([
    [heading, 'ms', '% of busy', ...(requests ? ['us/req'] : [])],
    ...[...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => [name, formatFixed(us / 1000, 0), pct(us), ...perRequest(us)]),
  ]);

process.stdout.write(
  `${file}\nskipped ${formatFixed(skippedUs / 1e6, 1)} s of start-up; ` +
    `then sampled ${formatFixed(total / 1e6, 1)} s, busy ${formatFixed(busy / 1e6, 1)} s ` +
    `(idle ${formatFixed((100 * idle) / total, 1)}%)` +
    (requests ? `; ${formatFixed(busy / requests, 1)} us busy per request\n\n` : '\n\n') +
    `${rows(selfByArea, 'self time by area')}\n\n` +
    `${rows(selfByFunction, 'self time by function')}\n\n` +
    `${rows(inclusiveOwn, 'inclusive time of src/ functions')}\n`,
);
