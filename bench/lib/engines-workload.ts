import { randomUUID } from 'node:crypto';
import {
  httpReadProbe,
  secondsOf,
  serviceCreateProbe,
  type Built,
  type PhaseSeconds,
  type ReadRequests,
  type Side,
} from './engine-probes';
import { cypherTable } from './engines-cypher';
import {
  bareCreate,
  directGetNode,
  directLoad,
  directNeighbourhood,
  type DirectNeo4j,
} from './neo4j-direct';
import {
  allMeasurements,
  measurementProblems,
  rateRatios,
  ratesOf,
  runProbeRounds,
  type Probe,
  type ProbeRounds,
} from './probe-rounds';
import { ENTITY_TYPES, INDEXED_PROPERTY, RPM_VALUES } from './scale-build';
import { benchQueries } from './search-data';
import { waitForSearchQuiet } from './search-measures';
import { formatFixed, formatInt, median, renderTable } from './stats';

/**
 * The measurements of bench:engines on two built services (bench/engines.ts), and the
 * tables it ends with.
 */

export interface WorkloadKnobs {
  nodes: number;
  inflight: number;
  createNodes: number;
  cypherRuns: number;
  settleS: number;
  connections: number;
  durationS: number;
  warmupS: number;
  rewarmS: number;
  rounds: number;
}

/** The goals (service on Neo4j over Neo4j itself). */
const GOALS = { getRatio: 0.6, neighbourhoodRatio: 0.6, createRatio: 0.5 };
/** The neighbours route's node cap (GET /api/queries/nodes/{id}/neighbors). */
const NEIGHBOURHOOD_MAX_NODES = 500;
const PAGE = 50;

/** Runs every measurement and prints the tables and goals. */
export async function runWorkload(
  built: Built,
  direct: DirectNeo4j,
  knobs: WorkloadKnobs,
  out: (line?: string) => void,
): Promise<void> {
  const seconds: PhaseSeconds = {
    warmUp: knobs.warmupS,
    rewarm: knobs.rewarmS,
    measure: knobs.durationS,
  };
  const sides = [
    { name: 'embedded', side: built.embedded },
    { name: 'neo4j', side: built.neo4j },
  ] as const;
  const numbers = spread(knobs.nodes, 1000);
  const read = (name: string, side: Side, requests: ReadRequests): Probe =>
    httpReadProbe({
      name,
      service: side.service,
      pids: side.pids,
      requests,
      connections: knobs.connections,
      seconds,
    });
  const reads = (requests: (side: Side) => ReadRequests) =>
    sides.map(({ name, side }) => read(name, side, requests(side)));
  const driver = (work: Parameters<typeof directLoad>[1]['work']): Probe => ({
    name: 'neo4j-driver',
    unit: 'tx/s',
    pids: built.jvmPids,
    run: async (phase) => {
      const durationS = secondsOf(phase, seconds);
      return durationS > 0
        ? directLoad(direct, { connections: knobs.connections, durationS, work })
        : null;
    },
  });
  const rounds = (title: string, probes: Probe[]) => {
    out(`\n${title}`);
    return runProbeRounds(probes, { rounds: knobs.rounds, log: out });
  };
  const neo4jWs = built.neo4j.service.workspaceId;
  const neo4jIds = built.neo4j.ids;

  const get = await rounds('get by id: GET /api/queries/nodes/{id} (neo4j-driver: NODE_GET)', [
    ...reads((side) => ({
      kind: 'get',
      paths: numbers.map((n) => `/api/queries/nodes/${side.ids[n]}`),
    })),
    driver((tx, k) => directGetNode(tx, neo4jWs, neo4jIds[numbers[k % numbers.length]!]!)),
  ]);
  const filtered = await rounds(
    `filtered page: entityType + ${INDEXED_PROPERTY} range + sort=-createdAt, ${PAGE} a page, count=false`,
    reads(() => ({ kind: 'get', paths: filteredPaths() })),
  );
  await checkSameNeighbourhoods(built.neo4j, direct, numbers.slice(0, 5), out);
  const hops = await rounds(
    "2-hop neighbourhood: GET /api/queries/nodes/{id}/neighbors?depth=2&direction=both (neo4j-driver: the adapter's statements)",
    [
      ...reads((side) => ({
        kind: 'get',
        paths: numbers.map(
          (n) => `/api/queries/nodes/${side.ids[n]}/neighbors?depth=2&direction=both`,
        ),
      })),
      driver((tx, k) =>
        directNeighbourhood(
          tx,
          neo4jWs,
          neo4jIds[numbers[k % numbers.length]!]!,
          2,
          NEIGHBOURHOOD_MAX_NODES,
        ),
      ),
    ],
  );
  const bodies = benchQueries(200).map((query) => JSON.stringify({ query, topK: 10 }));
  const search = await rounds(
    'search: POST /api/rag/search, topK 10, 200 distinct queries',
    reads(() => ({ kind: 'post', path: '/api/rag/search', bodies })),
  );
  const cypher = await cypherTable(built, knobs, out);

  const settle = async () => {
    for (const { side } of sides) {
      await waitForSearchQuiet(side.service, knobs.settleS * 1000, 1000);
    }
  };
  const bareWorkspace = randomUUID();
  let bareNext = knobs.nodes;
  const create = await rounds(
    `batch create: ${formatInt(knobs.createNodes)} nodes per measurement, 1,000 a request or transaction, ${knobs.inflight} in flight; search settled before each`,
    [
      ...sides.map(({ name, side }) =>
        serviceCreateProbe({
          name,
          service: side.service,
          pids: side.pids,
          count: knobs.createNodes,
          inflight: knobs.inflight,
          firstNumber: knobs.nodes,
          settle,
        }),
      ),
      {
        name: 'neo4j-bare',
        unit: 'nodes/s',
        pids: built.jvmPids,
        settle,
        run: async (phase) => {
          if (phase === 'rewarm') {
            return null;
          }
          const count = phase === 'warm-up' ? 1000 : knobs.createNodes;
          bareNext += count;
          return bareCreate(
            direct,
            bareWorkspace,
            { from: bareNext - count, to: bareNext },
            knobs.inflight,
          );
        },
      },
    ],
  );

  out('\nEngines side by side (medians over the rounds; neo4j/embedded above 1: Neo4j faster)');
  const sideRows = [['measure', 'embedded', 'neo4j', 'neo4j/embedded', 'per round']];
  const rateRow = (measure: string, r: ProbeRounds, unit: string) => {
    const perRound = rateRatios(r, 'neo4j', 'embedded');
    sideRows.push([
      measure,
      `${formatInt(median(ratesOf(r, 'embedded')))} ${unit}`,
      `${formatInt(median(ratesOf(r, 'neo4j')))} ${unit}`,
      formatFixed(median(perRound)),
      perRound.map((v) => formatFixed(v)).join(' '),
    ]);
  };
  rateRow('get by id', get, 'req/s');
  rateRow('filtered page', filtered, 'req/s');
  rateRow('2-hop neighbourhood', hops, 'req/s');
  rateRow('search', search, 'req/s');
  for (const row of cypher) {
    sideRows.push(row);
  }
  rateRow('batch create', create, 'nodes/s');
  out(renderTable(sideRows));

  out('\nThe service on Neo4j against Neo4j itself (same statements, same concurrency)');
  const goals = [['goal', 'measured (per round)', 'bound', 'result']];
  const engineRows = [['measure', 'service', 'neo4j alone', 'service/alone']];
  const against = (
    measure: string,
    r: ProbeRounds,
    engine: string,
    bound: number,
    unit: string,
  ) => {
    const perRound = rateRatios(r, 'neo4j', engine);
    const value = median(perRound);
    engineRows.push([
      measure,
      `${formatInt(median(ratesOf(r, 'neo4j')))} ${unit}`,
      `${formatInt(median(ratesOf(r, engine)))} ${engine === 'neo4j-bare' ? 'nodes/s' : 'tx/s'}`,
      formatFixed(value),
    ]);
    goals.push([
      `${measure}: service on Neo4j / ${engine}`,
      `${formatFixed(value)} (${perRound.map((v) => formatFixed(v)).join(' ')})`,
      `>= ${bound}`,
      value >= bound ? 'met' : 'NOT met',
    ]);
  };
  against('get by id', get, 'neo4j-driver', GOALS.getRatio, 'req/s');
  against('2-hop neighbourhood', hops, 'neo4j-driver', GOALS.neighbourhoodRatio, 'req/s');
  against('batch create', create, 'neo4j-bare', GOALS.createRatio, 'nodes/s');
  out(renderTable(engineRows));

  const measurements = [get, filtered, hops, search, create].flatMap(allMeasurements);
  const noisy = measurements.filter((m) => measurementProblems(m).length > 0).length;
  const other = median(measurements.map((m) => m.cpu.foreign ?? 0));
  out(
    `\ncalibration: ${noisy} of ${measurements.length} measurements flagged (other processes above 0.15 cores, steal, or errors); median other-process CPU ${formatFixed(other)} cores${noisy > 0 ? ' (noisy run: repeat on a quiet machine before trusting the ratios)' : ''}`,
  );
  out();
  out(renderTable(goals));
}

/**
 * Makes sure the driver's traversal does the route's work: for each sample node, the route
 * on Neo4j and `directNeighbourhood` must reach the same number of nodes.
 */
async function checkSameNeighbourhoods(
  side: Side,
  direct: DirectNeo4j,
  numbers: readonly number[],
  out: (line?: string) => void,
): Promise<void> {
  const counts: number[] = [];
  for (const n of numbers) {
    const id = side.ids[n]!;
    const res = await fetch(
      `${side.service.baseUrl}/api/queries/nodes/${id}/neighbors?depth=2&direction=both`,
      { headers: side.service.headers },
    );
    const body = (await res.json()) as { meta?: { nodeCount?: number } };
    const reached = await direct.read((tx) =>
      directNeighbourhood(tx, side.service.workspaceId, id, 2, NEIGHBOURHOOD_MAX_NODES),
    );
    if (body.meta?.nodeCount !== reached) {
      throw new Error(
        `the route reached ${body.meta?.nodeCount} nodes from node ${n} but the driver ${reached}`,
      );
    }
    counts.push(reached);
  }
  out(
    `\nsame work: the route and the driver's statements reach the same nodes from ${numbers.length} sample nodes (${counts.join(', ')})`,
  );
}

/** `count` node numbers spread over 0..nodes-1. */
function spread(nodes: number, count: number): number[] {
  const step = Math.max(1, Math.floor(nodes / count));
  return Array.from({ length: Math.min(count, nodes) }, (_, i) => (i * step + (i % step)) % nodes);
}

/** Five rpm ranges of 100 values per entity type, as bench:scale's filtered page. */
function filteredPaths(): string[] {
  return ENTITY_TYPES.flatMap((type, t) =>
    [0, 1, 2, 3, 4].map((k) => {
      const low = ((t * 5 + k) * 397) % (RPM_VALUES - 100);
      return `/api/queries/nodes?entityType=${type}&filter[properties.${INDEXED_PROPERTY}][gte]=${low}&filter[properties.${INDEXED_PROPERTY}][lt]=${low + 100}&sort=-createdAt&limit=${PAGE}&count=false`;
    }),
  );
}
