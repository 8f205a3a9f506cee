/**
 * `npm run bench`: every benchmark in turn, each in its own process (so one's children,
 * timers or failures cannot affect the next). Add new benchmarks to BENCHMARKS.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHMARKS = [
  'http-overhead.ts',
  'http-redis.ts',
  'ontology.ts',
  'live-data.ts',
  'webhooks.ts',
  'search.ts',
  'sdk.ts',
];

let failed = 0;
for (const file of BENCHMARKS) {
  process.stdout.write(`\n=== bench/${file} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    process.stdout.write(`bench/${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed ? 1 : 0);
