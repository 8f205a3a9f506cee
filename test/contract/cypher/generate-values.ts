import { seededRandom } from '../../support/seeded-random';
import type { Input } from './generate';

/**
 * Generated queries aimed at where the engines' answers came apart when Neo4j was first
 * made the oracle of the embedded engine: values known only when the query runs
 * (properties of every kind, lists stored as properties, items of lists of several types)
 * through functions and operators, sorted, grouped and made DISTINCT, also after a
 * variable-length relationship, and tested with IN and label predicates. Unlike the
 * mutations of generate.ts, nearly every one is a valid query, so nearly every one is
 * compared.
 */

type Pick = <T>(values: readonly T[]) => T;

/** Run-time values the variable `v` may be read as (its properties, and literals). */
const NODE_VALUES = [
  'v.rpm',
  'v.level',
  'v.capacity',
  'v.status',
  'v.tags',
  'v.limits',
  'v.offsets',
  'v.active',
  'v.code',
  'v.type',
  'v.nope',
  'v.name',
  'v.entityType',
  'v.version',
  'v.createdAt',
  'coalesce(v.rpm, v.status, v.tags, v.level)',
  'coalesce(v.tags, v.limits, v.offsets, v.code)',
];

const RELATIONSHIP_VALUES = ['r.flow', 'r.overflow', 'r.nope', 'r.id', 'type(r)'];

const CONSTANTS = [
  '0',
  '-1',
  '2',
  '1.5',
  '2.0',
  '-0.5',
  "''",
  "'a'",
  "'north'",
  "'2026-01-05'",
  "' 7 '",
  'true',
  'false',
  'null',
  '[1, 2]',
  "['north', null]",
  '[]',
  '{k: 1}',
  '$i',
  '$f',
  '$s',
  '$l',
];

/** Parameters every generated query may read. */
const PARAMETERS = { i: 3, f: 0.25, s: 'critical', l: ['north', 1, 2.5, null] };

/** One-argument functions that take a value of any kind. */
const UNARY = [
  'toString',
  'toInteger',
  'toFloat',
  'toBoolean',
  'toLower',
  'toUpper',
  'trim',
  'ltrim',
  'rtrim',
  'size',
  'head',
  'last',
  'tail',
  'reverse',
  'abs',
  'round',
  'floor',
  'ceil',
  'sqrt',
  'sign',
  'keys',
];

const BINARY = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  'IN',
  'STARTS WITH',
  'ENDS WITH',
  'CONTAINS',
  'AND',
  'OR',
  'XOR',
];

/** Lists known only when the query runs, and list literals. */
const LISTS = [
  'v.tags',
  'v.limits',
  'v.offsets',
  '$l',
  '[1, 2]',
  "['north', null]",
  '[]',
  'keys(v)',
];

/** An expression over `leaves`, `depth` operations deep. */
function expression(
  pick: Pick,
  random: () => number,
  leaves: readonly string[],
  depth: number,
): string {
  // Mostly values known only when the query runs: the analyzer refuses many constants.
  const leaf = () => (random() < 0.8 ? pick(leaves) : pick(CONSTANTS));
  const list = () => pick(LISTS).replaceAll(/\bv\b/g, leaves[0]!.split('.')[0]!);
  if (depth === 0) {
    return leaf();
  }
  const sub = () => expression(pick, random, leaves, depth - 1);
  switch (Math.floor(random() * 13)) {
    case 0:
    case 1:
    case 2:
      return `${pick(UNARY)}(${sub()})`;
    case 3:
    case 4:
    case 5:
      return `(${sub()} ${pick(BINARY)} ${leaf()})`;
    case 6:
      return `(${sub()} IN ${random() < 0.5 ? list() : sub()})`;
    case 7:
      return `${pick(['substring', 'left', 'right'])}(${sub()}, ${pick(['0', '1', '2', '-1', '$i'])})`;
    case 8:
      return `${pick(['split', 'coalesce'])}(${sub()}, ${pick(["'o'", "' '", "''", '$s', '1'])})`;
    case 9:
      return `${random() < 0.5 ? list() : sub()}[${pick(['0', '1', '-1', '$i', '5'])}]`;
    case 10:
      return `CASE WHEN ${sub()} IS NULL THEN ${leaf()} WHEN ${leaf()} > ${sub()} THEN ${sub()} ELSE ${leaf()} END`;
    case 11: {
      const source = random() < 0.5 ? list() : sub();
      return `[y IN ${source} WHERE y ${pick(['>', '<>', '='])} ${leaf()} | ${pick(UNARY)}(y)]`;
    }
    default: {
      const source = random() < 0.5 ? list() : sub();
      return `${pick(['any', 'all', 'none', 'single'])}(y IN ${source} WHERE y ${pick(['>', '=', 'STARTS WITH'])} ${leaf()})`;
    }
  }
}

/** A query around an expression `e(v)` of the variable `v`. */
const SHAPES: readonly ((e: (v: string) => string, pick: Pick) => string)[] = [
  (e) => `MATCH (v) RETURN v.id AS id, ${e('v')} AS x ORDER BY id`,
  (e) => `MATCH (v) WHERE ${e('v')} RETURN v.id AS id ORDER BY id`,
  (e) => `MATCH (v) RETURN DISTINCT ${e('v')} AS x`,
  (e) => `MATCH (v) RETURN ${e('v')} AS x, count(*) AS c`,
  (e) => `MATCH (v) WITH v, ${e('v')} AS x ORDER BY x, v.id RETURN v.id AS id, x`,
  (e) => `MATCH (v) RETURN ${e('v')} AS x ORDER BY x DESC`,
  (e) =>
    `MATCH (v) RETURN count(DISTINCT ${e('v')}) AS n, min(${e('v')}) AS lo, max(${e('v')}) AS hi`,
  (e) => `MATCH (v) WITH ${e('v')} AS x WHERE x IS NOT NULL RETURN sum(x) AS s, avg(x) AS a`,
  (e, pick) =>
    `MATCH (a {id: '${pick(['p1', 't2', 'site'])}'})-[*1..2]-(v) RETURN DISTINCT ${e('v')} AS x`,
  (e) =>
    `MATCH (v) WHERE v.id IN [${e('v')}, 'p1'] OR ${e('v')} IN $l RETURN v.id AS id ORDER BY id`,
  (e) =>
    `MATCH (v) OPTIONAL MATCH (v)-[r]->(w:Tank) RETURN v.id AS id, ${e('w')} AS x, w:Tank:Pump AS both ORDER BY id, x`,
  (e) =>
    `MATCH (v) RETURN v.id AS id, properties(v).id AS own, ${e('v')} + v.tags AS x ORDER BY id`,
  (e) => `UNWIND $l + [v IN [1, 'b', [2], {k: 3}, true] | v] AS v RETURN ${e('v')} AS x`,
];

/** `count` queries over the fixture graph, drawn with `seed`: the same on every run. */
export function generateValues(count: number, seed: number): Input[] {
  const random = seededRandom(seed);
  const pick: Pick = (values) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, () => {
    const depth = 1 + Math.floor(random() * 3);
    const shape = pick(SHAPES);
    // A query over every node may read a relationship to it too, some of the time.
    const bare = shape(() => '', pick);
    const relationship = random() < 0.25 && bare.startsWith('MATCH (v) ') && !bare.includes('[r]');
    const expr = (v: string) => {
      const leaves = NODE_VALUES.map((leaf) => leaf.replaceAll(/\bv\./g, `${v}.`));
      return expression(
        pick,
        random,
        relationship ? [...leaves, ...RELATIONSHIP_VALUES] : leaves,
        depth,
      );
    };
    const query = shape(expr, pick);
    return {
      query: relationship ? query.replace(/^MATCH \(v\)/, 'MATCH ()-[r]->(v)') : query,
      parameters: { ...PARAMETERS },
    };
  });
}
