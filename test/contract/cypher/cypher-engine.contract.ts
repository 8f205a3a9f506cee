import { randomUUID } from 'node:crypto';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';
import { AppError } from '../../../src/errors';
import type { CypherEngine } from '../../../src/ports/cypher-engine';
import type { GraphStore } from '../../../src/ports/graph-store';
import { CORPUS } from './corpus';
import {
  CORPUS_NOW,
  DECOY_EDGES,
  DECOY_NODES,
  FIXTURE_EDGES,
  FIXTURE_NODES,
  loadGraph,
} from './fixture-graph';
import { HOSTILE, OTHER_WORKSPACE } from './hostile';
import { contractCases, type CaseSkips } from '../skips';

/** An engine under test, with the graph store it reads. */
export interface CypherEngineUnderTest {
  store: GraphStore;
  engine: CypherEngine;
  cleanup: () => Promise<void>;
}

const canonical = (row: unknown[]): string => JSON.stringify(row);

/**
 * The contract every CypherEngine meets: the analyst corpus answers as expected over the
 * fixture graph, and hostile queries are refused or confined to the workspace. Each run
 * loads the fixture into a fresh workspace, next to a decoy workspace holding the same ids.
 */
export function cypherEngineContract(
  name: string,
  setup: () => Promise<CypherEngineUnderTest>,
  /** Cases this engine does not run, each with the reason (see ../skips.ts). */
  skips: CaseSkips = {},
): void {
  describe(`CypherEngine contract: ${name}`, () => {
    const it = contractCases(name, skips);
    let t: CypherEngineUnderTest;
    const workspaceId = randomUUID();
    const otherWorkspaceId = randomUUID();

    const run = async (query: string, parameters: Record<string, unknown> = {}) =>
      t.engine.run(prepareCypher(query, parameters, DEFAULT_CYPHER_LIMITS, CORPUS_NOW), {
        workspaceId,
        rowLimit: 1000,
        timeoutMs: 10_000,
      });

    beforeAll(async () => {
      t = await setup();
      await loadGraph(t.store, workspaceId, FIXTURE_NODES, FIXTURE_EDGES);
      await loadGraph(t.store, otherWorkspaceId, DECOY_NODES, DECOY_EDGES);
    }, 60_000);
    afterAll(() => t.cleanup());

    it('holds at least 60 analyst queries', () => {
      expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    });

    describe('corpus', () => {
      it.each(CORPUS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
        const result = await run(c.query, c.parameters);
        expect(result.columns).toEqual(c.columns);
        expect(result.truncated).toBe(false);
        if (c.unordered) {
          expect(result.rows.map(canonical).sort()).toEqual(c.rows.map(canonical).sort());
        } else {
          expect(result.rows).toEqual(c.rows);
        }
      });
    });

    describe('hostile queries', () => {
      it.each(HOSTILE.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
        const parameters = Object.fromEntries(
          Object.entries(c.parameters ?? {}).map(([k, v]) => [
            k,
            v === OTHER_WORKSPACE ? otherWorkspaceId : v,
          ]),
        );
        if ('rows' in c) {
          expect((await run(c.query, parameters)).rows).toEqual(c.rows);
          return;
        }
        const error = await run(c.query, parameters).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ status: 400, code: c.code, details: c.details });
      });
    });

    it('answers an integer division or modulo by zero with 400 CYPHER_SEMANTIC_ERROR, as Neo4j does', async () => {
      for (const query of [
        'RETURN 1 / 0 AS x',
        "MATCH (p:Pump {id: 'p1'}) RETURN p.rpm % (p.rpm - p.rpm) AS x",
        'UNWIND [2, 1, 0] AS d RETURN 10 / d AS x',
      ]) {
        const error = await run(query).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ status: 400, code: 'CYPHER_SEMANTIC_ERROR' });
      }
      expect((await run('UNWIND [2, 1] AS d RETURN 10 / d AS x, 7 % d AS m')).rows).toEqual([
        [5, 1],
        [10, 0],
      ]);
    });

    it('answers toInteger of text beyond the 64-bit integers with 400 CYPHER_SEMANTIC_ERROR, as Neo4j does', async () => {
      for (const query of [
        "RETURN toInteger('9223372036854775808') AS x",
        "RETURN toInteger('-99999999999999999999') AS x",
        "RETURN toInteger('1e19') AS x",
        "UNWIND ['1', '99999999999999999999'] AS s RETURN toInteger(s) AS x",
      ]) {
        const error = await run(query).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ status: 400, code: 'CYPHER_SEMANTIC_ERROR' });
        expect((error as AppError).message).toContain('is too large');
      }
      // The bounds themselves convert; as JSON numbers they read as the nearest double.
      expect(
        (
          await run(
            "UNWIND ['9223372036854775807', '-9223372036854775808', '1e3', ' 7'] AS s RETURN toInteger(s) AS x",
          )
        ).rows,
      ).toEqual([[2 ** 63], [-(2 ** 63)], [1000], [null]]);
    });

    it('cuts the rows at the row limit and says so', async () => {
      const analyzed = prepareCypher(
        'MATCH (n) RETURN n.id AS id ORDER BY id',
        {},
        DEFAULT_CYPHER_LIMITS,
        CORPUS_NOW,
      );
      const result = await t.engine.run(analyzed, { workspaceId, rowLimit: 4, timeoutMs: 10_000 });
      expect(result).toEqual({
        columns: ['id'],
        rows: [['p1'], ['p2'], ['p3'], ['s1']],
        truncated: true,
      });
    });

    it('stops a runaway query at its time limit', async () => {
      const analyzed = prepareCypher(
        'MATCH (a), (b), (c), (d), (e), (f), (g), (h) RETURN count(*) AS n',
        {},
        DEFAULT_CYPHER_LIMITS,
        CORPUS_NOW,
      );
      const error = await t.engine
        .run(analyzed, { workspaceId, rowLimit: 10, timeoutMs: 200 })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({
        status: 400,
        code: 'CYPHER_LIMIT_EXCEEDED',
        details: { limit: 'timeMs', max: 200 },
      });
    }, 20_000);
  });
}
