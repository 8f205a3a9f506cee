import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteCypherEngine } from '../../../src/adapters/sqlite/cypher/runtime/engine';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { CypherService } from '../../../src/cypher/cypher-service';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';
import { AppError } from '../../../src/errors';
import type { GraphStore } from '../../../src/ports/graph-store';
import { neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { CORPUS_NOW, FIXTURE_EDGES, FIXTURE_NODES, loadGraph } from './fixture-graph';

/**
 * Neo4j as the oracle of the embedded engine: the same query, on the same graph, through
 * the endpoint's whole path (CypherService) on both engines, and the answers compared in a
 * canonical form (canonicalRows). The fixture graph is loaded twice into each engine, in
 * its own order and reversed: a query whose answer changes with the order the records were
 * written in (a LIMIT without ORDER BY, ties in ORDER BY, collect() of unordered rows) has
 * no one right answer, and is counted as such instead of compared.
 */

/** One input: a query and its parameters. */
export interface OracleInput {
  query: string;
  parameters: Record<string, unknown>;
}

/** What one engine answered: rows, or a 4xx (its code), or anything else (a defect). */
export type Answer =
  { rows: unknown[][]; truncated: boolean } | { code: string; limit?: string } | { defect: string };

export type EngineName = 'sqlite' | 'neo4j';

/** The outcome of comparing one input. */
export type Verdict =
  | { kind: 'same' }
  /** The analyzer refused it, before either engine: the same 400 on both by construction. */
  | { kind: 'refused' }
  /** An engine stopped it at the time limit: nothing to compare. */
  | { kind: 'timedOut' }
  /**
   * The answer depends on the order the records were written in, on one engine or both, or
   * the engines returned different ones of several shortest paths of the same length.
   */
  | { kind: 'indeterminate' }
  /**
   * The same rows in another order, sorted by a key that is not a column (so rows tied on
   * it may come in either order): the order is not compared.
   */
  | { kind: 'orderUnchecked' }
  | { kind: 'different'; sqlite: Answer; neo4j: Answer };

/** Rows asked for: enough for every fixture answer, small enough for a product of nodes. */
const ROW_LIMIT = 200;
/** Generous: the comparison is about answers; a query past it is not compared. */
const TIMEOUT_MS = 5000;

interface EngineUnderTest {
  service: CypherService;
  /** The fixture loaded in its order, and reversed. */
  workspaces: [string, string];
}

/** Both engines with the fixture loaded twice, and how to run and compare one input. */
export class CypherOracle {
  private constructor(
    private readonly engines: Record<EngineName, EngineUnderTest>,
    private readonly cleanups: (() => Promise<void>)[],
  ) {}

  /** Null when no Neo4j is configured (the reason is in `neo4jTarget()`). */
  static async open(): Promise<CypherOracle | null> {
    const target = neo4jTarget();
    if (!target.available) {
      return null;
    }
    const cleanups: (() => Promise<void>)[] = [];
    const options = { limits: DEFAULT_CYPHER_LIMITS, rowLimit: ROW_LIMIT, timeoutMs: TIMEOUT_MS };
    const clock = { now: () => CORPUS_NOW };

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-oracle-'));
    const filename = path.join(dir, 'graph.db');
    const db = openDatabase({ filename });
    const sqliteWorkspaces = await loadTwice(new SqliteGraphStore(db));
    db.close();
    const sqliteEngine = new SqliteCypherEngine({
      filename,
      indexedKeys: new Set(['status']),
      threads: 2,
    });
    cleanups.push(async () => {
      await sqliteEngine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const stores = target.open();
    const touched = new Set<string>();
    const neo4jWorkspaces = await loadTwice(recordWorkspaces(stores.graph, touched));
    cleanups.push(async () => {
      await purge(stores.graph, touched);
      await stores.close();
    });

    return new CypherOracle(
      {
        sqlite: {
          service: new CypherService(sqliteEngine, clock, options),
          workspaces: sqliteWorkspaces,
        },
        neo4j: {
          service: new CypherService(stores.cypher, clock, options),
          workspaces: neo4jWorkspaces,
        },
      },
      cleanups,
    );
  }

  async close(): Promise<void> {
    for (const cleanup of this.cleanups) {
      await cleanup();
    }
  }

  /** What `engine` answers to `input` over the fixture (`reversed`: written backwards). */
  async answer(engine: EngineName, input: OracleInput, reversed = false): Promise<Answer> {
    const { service, workspaces } = this.engines[engine];
    try {
      const result = await service.run(workspaces[reversed ? 1 : 0], input.query, input.parameters);
      return { rows: result.rows, truncated: result.meta.truncated };
    } catch (error) {
      if (error instanceof AppError && error.status >= 400 && error.status < 500) {
        const limit = (error.details as { limit?: unknown } | undefined)?.limit;
        return typeof limit === 'string' ? { code: error.code, limit } : { code: error.code };
      }
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { defect: text.slice(0, 300) };
    }
  }

  /** Runs `input` on both engines and compares the answers. */
  async compare(input: OracleInput): Promise<Verdict> {
    let order: Order;
    try {
      const analyzed = prepareCypher(
        input.query,
        input.parameters,
        DEFAULT_CYPHER_LIMITS,
        CORPUS_NOW,
      );
      const last = analyzed.query.clauses.at(-1);
      const sorts = last?.kind === 'return' ? last.projection.orderBy : [];
      order =
        sorts.length === 0
          ? 'none'
          : sorts.every((sort) => sort.item !== undefined)
            ? sorts.map((sort) => sort.item!)
            : 'rows';
    } catch {
      // Refused before any engine sees it: the same answer on both, by construction.
      return { kind: 'refused' };
    }
    const [sqlite, neo4j] = await Promise.all([
      this.answer('sqlite', input),
      this.answer('neo4j', input),
    ]);
    if (timedOut(sqlite) || timedOut(neo4j)) {
      return { kind: 'timedOut' };
    }
    const same = sameAnswer(sqlite, neo4j, order);
    if (same === true) {
      return { kind: 'same' };
    }
    if (
      /\bshortestPath\s*\(/i.test(input.query) &&
      sameAnswer(pathEnds(sqlite), pathEnds(neo4j), order) === true
    ) {
      // Several shortest paths of one length: which one is returned is left open by Cypher.
      return { kind: 'indeterminate' };
    }
    const [sqliteAgain, neo4jAgain] = await Promise.all([
      this.answer('sqlite', input, true),
      this.answer('neo4j', input, true),
    ]);
    if (
      sameAnswer(sqlite, sqliteAgain, order) !== true ||
      sameAnswer(neo4j, neo4jAgain, order) !== true
    ) {
      return { kind: 'indeterminate' };
    }
    return same === 'order' ? { kind: 'orderUnchecked' } : { kind: 'different', sqlite, neo4j };
  }
}

/** The answer with each path as its ends and length: what tied shortest paths share. */
function pathEnds(answer: Answer): Answer {
  if (!('rows' in answer)) {
    return answer;
  }
  const map = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.map(map);
    }
    if (
      typeof value === 'object' &&
      value !== null &&
      'nodes' in value &&
      'relationships' in value
    ) {
      const { nodes, relationships } = value as {
        nodes: { id: unknown }[];
        relationships: unknown[];
      };
      return { start: nodes[0]?.id, end: nodes.at(-1)?.id, length: relationships.length };
    }
    return value;
  };
  return { ...answer, rows: answer.rows.map((row) => row.map(map)) };
}

async function loadTwice(store: GraphStore): Promise<[string, string]> {
  const forward = randomUUID();
  const backward = randomUUID();
  await loadGraph(store, forward, FIXTURE_NODES, FIXTURE_EDGES);
  await loadGraph(store, backward, [...FIXTURE_NODES].reverse(), [...FIXTURE_EDGES].reverse());
  return [forward, backward];
}

function timedOut(answer: Answer): boolean {
  return 'code' in answer && answer.limit === 'timeMs';
}

/**
 * How the rows of an answer are ordered: not at all; by columns (their indexes), so that
 * rows tied on them may come in any order; or by keys that are not all columns.
 */
export type Order = 'none' | number[] | 'rows';

/**
 * True when both are the same 4xx code, or the same rows: as multisets, and in order as
 * far as `order` fixes it. 'order' when the rows are the same but in another order that
 * ties on a sort key that is not a column could explain.
 */
export function sameAnswer(a: Answer, b: Answer, order: Order): boolean | 'order' {
  if ('rows' in a && 'rows' in b) {
    if (a.truncated !== b.truncated || a.rows.length !== b.rows.length) {
      return false;
    }
    const left = canonicalRows(a.rows);
    const right = canonicalRows(b.rows);
    if (Array.isArray(order)) {
      const keys = (row: unknown[]) => order.map((i) => row[i]);
      if (!left.every((row, i) => sameValue(keys(row), keys(right[i]!)))) {
        return false;
      }
    }
    if (order === 'rows' && left.every((row, i) => sameValue(row, right[i]))) {
      return true;
    }
    const sameRows = sameValue([...left].sort(byKey), [...right].sort(byKey));
    return sameRows && order === 'rows' ? 'order' : sameRows;
  }
  if ('code' in a && 'code' in b) {
    return a.code === b.code && a.limit === b.limit;
  }
  return false;
}

/**
 * Rows in a canonical form: a node record becomes `{node: id}`, a relationship record
 * `{relationship: id}` (a path is a map of lists of them), a map's keys are sorted, and
 * everything else stays as the API answered it. JSON does not tell 1.0 from 1: a number is
 * a number, compared with a relative tolerance (floats computed in another order differ in
 * their last bits).
 */
export function canonicalRows(rows: readonly unknown[][]): unknown[][] {
  return rows.map((row) => row.map(canonical));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (isRecord(record, NODE_KEYS)) {
      return { node: record.id };
    }
    if (isRecord(record, EDGE_KEYS)) {
      return { relationship: record.id };
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      Object.defineProperty(out, key, { value: canonical(record[key]), enumerable: true });
    }
    return out;
  }
  return value;
}

const NODE_KEYS = ['createdAt', 'entityType', 'id', 'name', 'properties', 'updatedAt', 'version'];
const EDGE_KEYS = [
  'createdAt',
  'id',
  'properties',
  'sourceId',
  'targetId',
  'type',
  'updatedAt',
  'version',
];

function isRecord(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value).sort();
  return own.length === keys.length && own.every((key, i) => key === keys[i]);
}

/** A sort key for rows compared as multisets: numbers rounded past the tolerance. */
function key(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'number' ? Number(v.toPrecision(9)) : v,
  );
}

function byKey(a: unknown, b: unknown): number {
  const [ka, kb] = [key(a), key(b)];
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Deep equality; numbers equal within a relative 1e-9. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    if (Array.isArray(a) || Array.isArray(b)) {
      return false;
    }
    const [ka, kb] = [Object.keys(a), Object.keys(b)];
    return (
      ka.length === kb.length &&
      ka.every(
        (k, i) =>
          k === kb[i] &&
          sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return a === b;
}
