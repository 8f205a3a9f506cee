/**
 * Engines benchmark: the same workload on the embedded default and on Neo4j in one run,
 * side by side with ratios, and the service's cost over Neo4j itself. Prints every goal as
 * met or NOT met (a report: exits 0 either way; non-zero only when it could not run).
 * Method and results: bench/README.md, "bench:engines".
 *
 * 1. A throwaway Neo4j (test/support/neo4j-server.ts) and two services, compiled as
 *    `npm start` runs them, embeddings from the stub, NODE_PROPERTY_INDEXES=rpm: `embedded`
 *    on its SQLite store, `neo4j` with NEO4J_URI on that server.
 * 2. Each is built with BENCH_ENGINES_NODES nodes and twice as many edges through
 *    POST /api/commands/batch (bench/lib/scale-build.ts), and its search index left to settle.
 * 3. Rotating rounds (bench/lib/probe-rounds.ts) of get by id, a filtered page, the 2-hop
 *    neighbourhood and search on both services, get by id and the neighbourhood also as the
 *    adapter's own statements sent straight through neo4j-driver (bench/lib/neo4j-direct.ts),
 *    ten corpus Cypher queries one request at a time, then batch creates on both services and
 *    a bare `UNWIND ... CREATE` of the same rows on the same Neo4j.
 *
 * Knobs (env): BENCH_ENGINES_NODES (100000), BENCH_ENGINES_EDGES (2 x nodes),
 * BENCH_ENGINES_INFLIGHT (2), BENCH_ENGINES_EDGE_INFLIGHT (2), BENCH_ENGINES_CREATE_NODES (20000),
 * BENCH_ENGINES_CYPHER_RUNS (5), BENCH_ENGINES_NEO4J_HEAP (2g), BENCH_ENGINES_SETTLE_S (900), BENCH_CONNECTIONS (10),
 * BENCH_DURATION_S (5), BENCH_WARMUP_S (2), BENCH_REWARM_S (1), BENCH_ROUNDS (3),
 * BENCH_FULL_ENTRY (compiled | tsx), BENCH_KEEP_TMP (1).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNeo4jTestServer, type Neo4jTestServer } from '../test/support/neo4j-server';
import { startEmbeddingsStub } from './lib/embeddings-stub';
import { envChoice, envFlag, envNumber } from './lib/env';
import { openDirectNeo4j, childPidOf, type DirectNeo4j } from './lib/neo4j-direct';
import { compileService, installCleanup, REPO_ROOT, stopAll } from './lib/processes';
import { createEdges, createNodes, INDEXED_PROPERTY, type BuildRate } from './lib/scale-build';
import { waitForSearchQuiet } from './lib/search-measures';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, formatInt } from './lib/stats';
import type { Built } from './lib/engine-probes';
import { runWorkload } from './lib/engines-workload';

const knobs = {
  nodes: envNumber('BENCH_ENGINES_NODES', 100_000, { min: 1000, integer: true }),
  edges: envNumber('BENCH_ENGINES_EDGES', -1, { min: -1, integer: true }),
  inflight: envNumber('BENCH_ENGINES_INFLIGHT', 2, { min: 1, integer: true }),
  edgeInflight: envNumber('BENCH_ENGINES_EDGE_INFLIGHT', 2, { min: 1, integer: true }),
  createNodes: envNumber('BENCH_ENGINES_CREATE_NODES', 20_000, { min: 1000, integer: true }),
  cypherRuns: envNumber('BENCH_ENGINES_CYPHER_RUNS', 5, { min: 1, integer: true }),
  neo4jHeap: process.env.BENCH_ENGINES_NEO4J_HEAP?.trim() || '2g',
  settleS: envNumber('BENCH_ENGINES_SETTLE_S', 900, { min: 1 }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 5, { min: 0.2 }),
  warmupS: envNumber('BENCH_WARMUP_S', 2, { min: 0 }),
  rewarmS: envNumber('BENCH_REWARM_S', 1, { min: 0 }),
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true }),
  entry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};
const edges = knobs.edges < 0 ? 2 * knobs.nodes : knobs.edges;

const out = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  if (knobs.nodes % 1000 !== 0 || knobs.createNodes % 1000 !== 0) {
    throw new Error(
      'BENCH_ENGINES_NODES and BENCH_ENGINES_CREATE_NODES must be multiples of 1,000',
    );
  }
  // The build on Neo4j is the long part (hundreds of records/s); the rest is bounded by knobs.
  installCleanup(((knobs.nodes + edges) / 100 + 2 * knobs.settleS + 1800) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-engines-'));
  const stub = await startEmbeddingsStub();
  // Neo4j boots in its own JVM while the service compiles (a synchronous tsc run).
  const neo4jStarting = startNeo4jTestServer({ heap: knobs.neo4jHeap });
  let neo4j: Neo4jTestServer | null = null;
  let direct: DirectNeo4j | null = null;
  try {
    if (knobs.entry === 'compiled') {
      compileService(path.join(tmp, 'dist'));
      // The Neo4j adapter reads cypher/schema beside dist/, as in a deployment.
      fs.symlinkSync(path.join(REPO_ROOT, 'cypher'), path.join(tmp, 'cypher'));
    }
    neo4j = await neo4jStarting;
    direct = openDirectNeo4j(neo4j.uri, neo4j.password);
    const jvmPid = childPidOf('java');
    const version = await direct.read(async (tx) => {
      const result = await tx.run('CALL dbms.components() YIELD versions RETURN versions[0] AS v');
      return String(result.records[0]?.get('v') ?? '?');
    });
    header(version);

    const env = {
      EMBEDDINGS_URL: stub.url,
      EMBEDDINGS_MODEL: 'bench-stub',
      NODE_PROPERTY_INDEXES: INDEXED_PROPERTY,
      CYPHER_TIMEOUT_MS: '60000',
    };
    const start = (name: string, extra: Record<string, string> = {}) =>
      startBenchService({
        tmp,
        name,
        entry: knobs.entry,
        dataDir: path.join(tmp, name),
        env: { ...env, ...extra },
      });
    const embedded = await start('embedded');
    const onNeo4j = await start('neo4j', {
      NEO4J_URI: neo4j.uri,
      NEO4J_PASSWORD: neo4j.password,
      SECRETS_KEY: randomBytes(32).toString('base64'),
    });

    out(
      `\nBuild through POST /api/commands/batch: nodes ${knobs.inflight} requests in flight, edges ${knobs.edgeInflight}`,
    );
    const built: Built = {
      embedded: { service: embedded, pids: [embedded.pid], ids: await build(embedded) },
      neo4j: {
        service: onNeo4j,
        pids: jvmPid === null ? [onNeo4j.pid] : [onNeo4j.pid, jvmPid],
        ids: await build(onNeo4j),
      },
      jvmPids: jvmPid === null ? [] : [jvmPid],
    };
    for (const side of [built.embedded, built.neo4j]) {
      const settled = await waitForSearchQuiet(side.service, knobs.settleS * 1000);
      out(
        `  search index, ${side.service.name}: ${formatInt(settled.status.indexed ?? 0)} nodes indexed, ${settled.status.pending} pending, settled after ${formatFixed(settled.ms / 1000, 1)} s`,
      );
    }
    await runWorkload(built, direct, knobs, out);
  } finally {
    await direct?.close();
    await stopAll();
    await (neo4j ?? (await neo4jStarting.catch(() => null)))?.stop();
    await stub.close();
    if (knobs.keepTmp) {
      out(`kept ${tmp}`);
    } else {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
}

function header(neo4jVersion: string): void {
  out(
    `Engines: the embedded default against Neo4j, ${formatInt(knobs.nodes)} nodes and ${formatInt(edges)} edges in one workspace each`,
  );
  out(
    `  ${os.cpus().length} x ${os.cpus()[0]?.model.trim() ?? '?'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  out(
    `  services ${knobs.entry === 'compiled' ? 'compiled as npm start runs them' : 'run through tsx'}, embeddings from the stub, NODE_PROPERTY_INDEXES=${INDEXED_PROPERTY}, CYPHER_TIMEOUT_MS=60000`,
  );
  out(
    `  Neo4j ${neo4jVersion} Community, heap ${knobs.neo4jHeap}, started by the benchmark on 127.0.0.1`,
  );
  out(
    `  reads: ${knobs.connections} connections, ${knobs.durationS} s measured per variant per round, ${knobs.rounds} rounds (rotating order), warm-up ${knobs.warmupS} s once + ${knobs.rewarmS} s before each measurement`,
  );
}

/** Nodes, then edges, through batches; returns the node ids by number. */
async function build(service: BenchService): Promise<string[]> {
  const nodes = await createNodes(service, { from: 0, to: knobs.nodes }, knobs.inflight);
  const edgeRate = await createEdges(service, nodes.ids, edges, knobs.edgeInflight);
  out(
    `  ${service.name.padEnd(9)} nodes ${formatInt(knobs.nodes)} at ${rate(nodes.rate)}; edges ${formatInt(edges)} at ${rate(edgeRate)}`,
  );
  return nodes.ids;
}

function rate(r: BuildRate): string {
  return `${formatInt(r.perSecond)}/s (${formatFixed(r.seconds, 1)} s, ${r.serverCpuUs === null ? '?' : formatInt(r.serverCpuUs)} us service CPU each)`;
}

main().catch(async (error: unknown) => {
  const describe = (e: unknown) =>
    e instanceof Error ? (e.stack ?? e.message) : (JSON.stringify(e) ?? String(e));
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : null;
  process.stderr.write(
    `${describe(error)}\n${cause === null ? '' : `cause: ${describe(cause)}\n`}`,
  );
  await stopAll();
  process.exit(1);
});
