import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emitCypher } from '../../../src/adapters/neo4j/cypher/emit-query';
import { SqliteCypherEngine } from '../../../src/adapters/sqlite/cypher/runtime/engine';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { CypherService } from '../../../src/cypher/cypher-service';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';
import { AppError } from '../../../src/errors';
import { CORPUS_NOW, FIXTURE_EDGES, FIXTURE_NODES, loadGraph } from './fixture-graph';
import { generate, type Input } from './generate';
import { generateValues } from './generate-values';
import { KNOWN_DIFFERENCES, type KnownDifference } from './known-differences';
import { CypherOracle, type Answer, type Verdict } from './oracle';
import { announceSkip, neo4jTarget } from '../../support/neo4j';

/**
 * Generated queries: the corpus and hostile queries, each changed in one to three random
 * places (a function swapped for another, a value of another type, a property name every
 * object has, an argument more or less, deep nesting, a token dropped or doubled, odd
 * parameter values), run through the whole analyst path on both engines' sides: the
 * embedded engine on the fixture graph, and the Cypher written for Neo4j.
 *
 * Whatever the input, the answer must be rows or a 4xx error: anything else (a TypeError, a
 * RangeError past the service, a 5xx) would reach a client as a 500. The random numbers
 * are seeded, so every run tries the same inputs and a failure names the one that broke.
 * Fuzzing with this generator over about 800,000 inputs found 18 such defects, fixed since;
 * this keeps a bounded sample of it in the suite.
 */

/** Inputs per run (a few seconds on the embedded engine). */
const INPUTS = 6000;
const SEED = 20261128;
const WORKSPACE = 'ws-generated';

interface Defect extends Input {
  stage: 'embedded engine' | 'Neo4j emitter';
  error: string;
}

/** A 4xx in the envelope: what a client may be answered whatever it sends. */
function isClientError(error: unknown): boolean {
  return error instanceof AppError && error.status >= 400 && error.status < 500;
}

function errorText(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}`.slice(0, 300)
    : String(error).slice(0, 300);
}

describe('generated queries (seeded mutations of the corpus and the hostile cases)', () => {
  let dir: string;
  let engine: SqliteCypherEngine;
  let service: CypherService;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-generated-'));
    const filename = path.join(dir, 'graph.db');
    const db = openDatabase({ filename });
    await loadGraph(new SqliteGraphStore(db), WORKSPACE, FIXTURE_NODES, FIXTURE_EDGES);
    db.close();
    engine = new SqliteCypherEngine({ filename, indexedKeys: new Set(['status']), threads: 2 });
    service = new CypherService(
      engine,
      { now: () => CORPUS_NOW },
      { limits: DEFAULT_CYPHER_LIMITS, rowLimit: 100, timeoutMs: 2000 },
    );
  });

  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates varied inputs, most of them runnable', () => {
    const inputs = generate(INPUTS, SEED);
    expect(new Set(inputs.map((i) => i.query)).size).toBeGreaterThan(INPUTS * 0.8);
    const accepted = inputs.filter((input) => {
      try {
        prepareCypher(input.query, input.parameters, DEFAULT_CYPHER_LIMITS, CORPUS_NOW);
        return true;
      } catch {
        return false;
      }
    });
    // Enough of them get past the analyzer to exercise both engines' sides.
    expect(accepted.length).toBeGreaterThan(INPUTS * 0.2);
  });

  it(`answers each of ${INPUTS} inputs with rows or a 4xx error, on both engines' sides`, async () => {
    const defects: Defect[] = [];
    for (const input of generate(INPUTS, SEED)) {
      try {
        await service.run(WORKSPACE, input.query, input.parameters);
      } catch (error) {
        if (!isClientError(error)) {
          defects.push({ ...input, stage: 'embedded engine', error: errorText(error) });
        }
      }
      let analyzed: ReturnType<typeof prepareCypher> | null = null;
      try {
        analyzed = prepareCypher(input.query, input.parameters, DEFAULT_CYPHER_LIMITS, CORPUS_NOW);
      } catch {
        // Refused by the analyzer: the embedded run above checked that it is a 4xx.
      }
      if (analyzed) {
        try {
          emitCypher(analyzed, { rowLimit: 100, indexedKeys: new Set(['status']) });
        } catch (error) {
          // The service answers a RangeError (too large to compile) with a 400.
          if (!isClientError(error) && !(error instanceof RangeError)) {
            defects.push({ ...input, stage: 'Neo4j emitter', error: errorText(error) });
          }
        }
      }
    }
    expect(defects.slice(0, 5)).toEqual([]);
  }, 180_000);
});

/** Of the inputs above, those also compared with Neo4j (the first ones, a seeded sample). */
const COMPARED_INPUTS = 1500;
/** Queries aimed at values known only at run time (generate-values.ts). */
const VALUE_INPUTS = 1200;
const VALUES_SEED = 7;
/** Queries compared at once (each runs on both engines). */
const CONCURRENCY = 6;

interface Difference extends Input {
  sqlite: Answer;
  neo4j: Answer;
}

/**
 * Neo4j as the oracle: the same inputs, and queries aimed at where the engines came apart,
 * on the same graph through the endpoint's path on both engines (cypher/oracle.ts), the
 * answers compared in a canonical form. A difference is a defect unless it is one of the
 * known differences (cypher/known-differences.ts, docs/cypher.md).
 */
const target = neo4jTarget();
if (!target.available) {
  announceSkip('the comparison of generated queries', target.reason);
}
describe('generated queries answer as on Neo4j', () => {
  let oracle: CypherOracle | null = null;

  beforeAll(async () => {
    oracle = target.available ? await CypherOracle.open() : null;
  }, 60_000);
  afterAll(() => oracle?.close());

  const compare = target.available ? it : it.skip;

  /** The known difference that explains the answers to `input`, if one does. */
  const explained = async (
    input: Input,
    sqlite: Answer,
    neo4j: Answer,
  ): Promise<KnownDifference | undefined> => {
    const onNeo4j = (query: string) =>
      oracle!.answer('neo4j', { query, parameters: input.parameters });
    for (const difference of KNOWN_DIFFERENCES) {
      if (await difference.explains(input, sqlite, neo4j, onNeo4j)) {
        return difference;
      }
    }
    return undefined;
  };

  compare('shows each known difference in its witness query', async () => {
    for (const difference of KNOWN_DIFFERENCES) {
      const verdict = await oracle!.compare(difference.witness);
      expect({ docs: difference.docs, kind: verdict.kind }).toEqual({
        docs: difference.docs,
        kind: 'different',
      });
      if (verdict.kind === 'different') {
        expect(await explained(difference.witness, verdict.sqlite, verdict.neo4j)).toBe(difference);
      }
    }
  });

  compare(
    `answers ${COMPARED_INPUTS} mutated and ${VALUE_INPUTS} value queries as Neo4j does, but for the known differences`,
    async () => {
      const o = oracle!;
      const inputs = [
        ...generate(INPUTS, SEED).slice(0, COMPARED_INPUTS),
        ...generateValues(VALUE_INPUTS, VALUES_SEED),
      ];
      const counts: Partial<Record<Verdict['kind'] | 'known', number>> = {};
      const unexplained: Difference[] = [];
      let next = 0;
      const worker = async (): Promise<void> => {
        for (let i = next++; i < inputs.length; i = next++) {
          const input = inputs[i]!;
          const verdict = await o.compare(input);
          let kind: Verdict['kind'] | 'known' = verdict.kind;
          if (verdict.kind === 'different') {
            if (await explained(input, verdict.sqlite, verdict.neo4j)) {
              kind = 'known';
            } else {
              unexplained.push({ ...input, sqlite: verdict.sqlite, neo4j: verdict.neo4j });
            }
          }
          counts[kind] = (counts[kind] ?? 0) + 1;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      console.info(`Compared with Neo4j in ${seconds} s: ${JSON.stringify(counts)}`);
      expect(unexplained.slice(0, 5)).toEqual([]);
      // Enough inputs ran on both engines.
      expect((counts.same ?? 0) + (counts.known ?? 0)).toBeGreaterThan(800);
      // At most a few answers depend on the order the records were written in.
      expect((counts.indeterminate ?? 0) + (counts.orderUnchecked ?? 0)).toBeLessThan(50);
    },
    300_000,
  );
});
