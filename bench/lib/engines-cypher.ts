import { CORPUS } from '../../test/contract/cypher/corpus';
import type { BenchService } from './service';
import type { Built, Side } from './engine-probes';
import { formatFixed, median } from './stats';

/**
 * Ten queries of the Cypher corpus (test/contract/cypher/corpus.ts: cypher/examples
 * rewritten for POST /api/queries/cypher) on both engines of bench:engines, one request at
 * a time. The examples that do work on the benchmark's graph are chosen; those naming the
 * corpus fixture's own types or properties (ex09, ex12) would find nothing, and ex06 (every
 * shortest path) can explode on a random graph.
 */

/** The corpus queries timed on both engines: the examples that do work on this graph. */
const CYPHER_QUERIES = [
  'ex01',
  'ex02',
  'ex03',
  'ex04',
  'ex05',
  'ex07',
  'ex08',
  'ex10',
  'ex11',
  'ex13',
];

/** POST /api/queries/cypher once; milliseconds to the whole answer. Throws unless 200. */
export async function timeCypher(
  service: BenchService,
  query: string,
  parameters: Record<string, unknown>,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${service.baseUrl}/api/queries/cypher`, {
    method: 'POST',
    headers: service.headers,
    body: JSON.stringify({ query, parameters }),
  });
  const text = await res.text();
  if (res.status !== 200) {
    throw new Error(`Cypher answered ${res.status} on ${service.name}: ${text.slice(0, 300)}`);
  }
  return performance.now() - started;
}

/** One Cypher query on each engine: the median latency per round, by engine name. */
export interface CypherRounds {
  rounds: Map<string, number>[];
}

/**
 * Sends the query once per engine to warm up, then in each of `rounds` rounds (engine order
 * rotated) `runs` times per engine, one request at a time; keeps each round's median.
 */
export async function cypherRounds(
  engines: readonly { name: string; service: BenchService; parameters: Record<string, unknown> }[],
  query: string,
  options: { rounds: number; runs: number },
): Promise<CypherRounds> {
  for (const engine of engines) {
    await timeCypher(engine.service, query, engine.parameters);
  }
  const result: CypherRounds = { rounds: [] };
  for (let r = 0; r < options.rounds; r += 1) {
    const medians = new Map<string, number>();
    for (let i = 0; i < engines.length; i += 1) {
      const engine = engines[(i + r) % engines.length]!;
      const times: number[] = [];
      for (let k = 0; k < options.runs; k += 1) {
        times.push(await timeCypher(engine.service, query, engine.parameters));
      }
      medians.set(engine.name, median(times));
    }
    result.rounds.push(medians);
  }
  return result;
}

/**
 * Times the ten queries on both engines, printing a line per query; returns their rows of
 * the side-by-side table (latency, and the engines' speed ratio per round).
 */
export async function cypherTable(
  built: Built,
  knobs: { nodes: number; rounds: number; cypherRuns: number },
  out: (line?: string) => void,
): Promise<string[][]> {
  const middle = Math.floor(knobs.nodes / 2);
  const far = await nodeTwoHopsFrom(built.embedded, middle);
  const parameters = (side: Side): Record<string, Record<string, unknown>> => ({
    ex03: { nodeId: side.ids[middle] },
    ex04: { nodeId: side.ids[middle], types: ['FEEDS', 'PART_OF'] },
    ex05: { fromId: side.ids[middle], toId: side.ids[far] },
  });
  out(
    `\nCypher: 10 corpus queries through POST /api/queries/cypher, one at a time, the median of ${knobs.cypherRuns} run(s) per engine per round (ex03-ex05 from node ${middle}, ex05 to node ${far})`,
  );
  const rows: string[][] = [];
  for (const prefix of CYPHER_QUERIES) {
    const query = CORPUS.find((q) => q.name.startsWith(`${prefix} `));
    if (!query) {
      throw new Error(`the Cypher corpus has no ${prefix}`);
    }
    const result = await cypherRounds(
      [
        {
          name: 'embedded',
          service: built.embedded.service,
          parameters: parameters(built.embedded)[prefix] ?? {},
        },
        {
          name: 'neo4j',
          service: built.neo4j.service,
          parameters: parameters(built.neo4j)[prefix] ?? {},
        },
      ],
      query.query,
      { rounds: knobs.rounds, runs: knobs.cypherRuns },
    );
    const ms = (engine: string) => median(result.rounds.map((r) => r.get(engine)!));
    const perRound = result.rounds.map((r) => r.get('embedded')! / r.get('neo4j')!);
    out(
      `  ${query.name.padEnd(34)} embedded ${formatFixed(ms('embedded'), 1).padStart(7)} ms  neo4j ${formatFixed(ms('neo4j'), 1).padStart(7)} ms  neo4j/embedded ${formatFixed(median(perRound))} (${perRound.map((v) => formatFixed(v)).join(' ')})`,
    );
    rows.push([
      `Cypher ${query.name}`,
      `${formatFixed(ms('embedded'), 1)} ms`,
      `${formatFixed(ms('neo4j'), 1)} ms`,
      formatFixed(median(perRound)),
      perRound.map((v) => formatFixed(v)).join(' '),
    ]);
  }
  return rows;
}

/**
 * The number of a node two hops from node `from` (the last its 2-hop neighbourhood lists),
 * read back from its name (`... unit <number>`, bench/lib/scale-build.ts); the next node
 * when there is none.
 */
async function nodeTwoHopsFrom(side: Side, from: number): Promise<number> {
  const res = await fetch(
    `${side.service.baseUrl}/api/queries/nodes/${side.ids[from]}/neighbors?depth=2&direction=both`,
    { headers: side.service.headers },
  );
  const body = (await res.json()) as { data?: { nodes?: { name: string }[] } };
  const last = body.data?.nodes?.at(-1)?.name.match(/unit (\d+)$/);
  return last ? Number(last[1]) : (from + 1) % side.ids.length;
}
