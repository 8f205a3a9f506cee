import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { seedGraph, benchQueries } from './lib/search-data';
import { startBenchService } from './lib/service';
import { waitForIndex, searchLoad } from './lib/search-measures';
import { stopAll } from './lib/processes';
(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
  const dataDir = path.join(tmp, 'd');
  fs.mkdirSync(dataDir);
  const ws = randomUUID();
  const N = Number(process.env.N ?? 20000);
  await seedGraph(path.join(dataDir, 'ontology.db'), ws, N);
  const s = await startBenchService({
    tmp,
    name: 'p',
    entry: 'compiled',
    dataDir,
    workspaceId: ws,
    nodeArgs: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof/out'] : [],
  });
  const t0 = performance.now();
  await waitForIndex(s, N, 600000, console.log);
  console.log('indexing nodes/s', ((N * 1000) / (performance.now() - t0)).toFixed(0));
  if (process.env.SKIP_SEARCH) {
    await s.stop();
    await stopAll();
    return;
  }
  await new Promise((r) => setTimeout(r, 3000));
  const r = await searchLoad(s, '/api/rag/search', benchQueries(4000), {
    connections: 10,
    durationS: 10,
    warmupS: 2,
  });
  console.log(r, 'requests approx', Math.round(r.rps * 10));
  await s.stop();
  await stopAll();
})();
