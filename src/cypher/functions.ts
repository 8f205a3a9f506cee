import {
  ANY,
  BOOLEAN,
  DATE,
  DATETIME,
  DURATION,
  FLOAT,
  INTEGER,
  NODE,
  NUMBER,
  PROPERTIES,
  STRING,
  describeType,
  elementOf,
  isNumeric,
  listOf,
  RELATIONSHIP,
  unify,
  withArticle,
  type CyType,
  type TypeKind,
} from './types';

/**
 * The functions of the subset (docs/cypher.md, "Functions"): name, number of arguments,
 * whether it aggregates, and its result type from its argument types. A call to any other
 * function is refused as unsupported; a wrong argument is a semantic error.
 */
export interface FunctionSpec {
  aggregate: boolean;
  minArgs: number;
  /** Infinity for coalesce. */
  maxArgs: number;
  /** What each argument may be (the last entry covers further arguments); null: anything. */
  accepts: readonly (readonly TypeKind[] | null)[];
  result(args: readonly CyType[]): CyType;
}

/** Kinds a value known only at run time (`any`) or a null may always take. */
const DYNAMIC: readonly TypeKind[] = ['any', 'null'];
const ENTITY: readonly TypeKind[] = ['node', 'relationship', ...DYNAMIC];
const SCALAR: readonly TypeKind[] = [
  'string',
  'integer',
  'float',
  'number',
  'boolean',
  'datetime',
  'date',
  ...DYNAMIC,
];
const NUMBERS: readonly TypeKind[] = ['integer', 'float', 'number', ...DYNAMIC];
const TEXT: readonly TypeKind[] = ['string', ...DYNAMIC];
const LISTS: readonly TypeKind[] = ['list', ...DYNAMIC];
const INTEGERS: readonly TypeKind[] = ['integer', ...DYNAMIC];

const fixed = (
  accepts: readonly (readonly TypeKind[] | null)[],
  result: CyType | ((args: readonly CyType[]) => CyType),
): FunctionSpec => ({
  aggregate: false,
  minArgs: accepts.length,
  maxArgs: accepts.length,
  accepts,
  result: typeof result === 'function' ? result : () => result,
});

const aggregate = (
  accepts: readonly TypeKind[] | null,
  result: (arg: CyType) => CyType,
): FunctionSpec => ({
  aggregate: true,
  minArgs: 1,
  maxArgs: 1,
  accepts: [accepts],
  result: (args) => result(args[0] ?? ANY),
});

const first = (args: readonly CyType[]): CyType => args[0] ?? ANY;

export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  count: { ...aggregate(null, () => INTEGER), minArgs: 0 },
  sum: aggregate(NUMBERS, (t) => (t.kind === 'integer' || t.kind === 'float' ? t : NUMBER)),
  avg: aggregate(NUMBERS, () => FLOAT),
  min: aggregate(SCALAR, (t) => t),
  max: aggregate(SCALAR, (t) => t),
  collect: aggregate(null, (t) => listOf(t.kind === 'null' ? ANY : t)),
  id: fixed([ENTITY], STRING),
  elementid: fixed([ENTITY], STRING),
  labels: fixed([['node', ...DYNAMIC]], listOf(STRING)),
  type: fixed([['relationship', ...DYNAMIC]], STRING),
  properties: fixed([['node', 'relationship', 'map', ...DYNAMIC]], (args) =>
    first(args).kind === 'map' ? first(args) : PROPERTIES,
  ),
  keys: fixed([['node', 'relationship', 'map', 'properties', ...DYNAMIC]], listOf(STRING)),
  size: fixed([['list', 'string', ...DYNAMIC]], INTEGER),
  length: fixed([['path', ...DYNAMIC]], INTEGER),
  nodes: fixed([['path', ...DYNAMIC]], listOf(NODE)),
  relationships: fixed([['path', ...DYNAMIC]], listOf(RELATIONSHIP)),
  startnode: fixed([['relationship', ...DYNAMIC]], NODE),
  endnode: fixed([['relationship', ...DYNAMIC]], NODE),
  coalesce: {
    aggregate: false,
    minArgs: 1,
    maxArgs: Infinity,
    accepts: [null],
    result: (args) => args.reduce((a, b) => unify(a, b)),
  },
  tolower: fixed([TEXT], STRING),
  toupper: fixed([TEXT], STRING),
  trim: fixed([TEXT], STRING),
  tostring: fixed([SCALAR], STRING),
  tointeger: fixed([['string', 'integer', 'float', 'number', 'boolean', ...DYNAMIC]], INTEGER),
  tofloat: fixed([['string', 'integer', 'float', 'number', ...DYNAMIC]], FLOAT),
  abs: fixed([NUMBERS], (args) => (isNumeric(first(args)) ? first(args) : NUMBER)),
  head: fixed([LISTS], (args) => elementOf(first(args))),
  last: fixed([LISTS], (args) => elementOf(first(args))),
  tail: fixed([LISTS], (args) => (first(args).kind === 'list' ? first(args) : listOf(ANY))),
  reverse: fixed([['string', 'list', ...DYNAMIC]], (args) => {
    const kind = first(args).kind;
    return kind === 'string' || kind === 'list' ? first(args) : ANY;
  }),
  range: {
    aggregate: false,
    minArgs: 2,
    maxArgs: 3,
    accepts: [INTEGERS],
    result: () => listOf(INTEGER),
  },
  round: fixed([NUMBERS], FLOAT),
  floor: fixed([NUMBERS], FLOAT),
  ceil: fixed([NUMBERS], FLOAT),
  sqrt: fixed([NUMBERS], FLOAT),
  sign: fixed([NUMBERS], INTEGER),
  substring: {
    aggregate: false,
    minArgs: 2,
    maxArgs: 3,
    accepts: [TEXT, INTEGERS],
    result: () => STRING,
  },
  left: fixed([TEXT, INTEGERS], STRING),
  right: fixed([TEXT, INTEGERS], STRING),
  replace: fixed([TEXT, TEXT, TEXT], STRING),
  split: fixed([TEXT, TEXT], listOf(STRING)),
  ltrim: fixed([TEXT], STRING),
  rtrim: fixed([TEXT], STRING),
  toboolean: fixed([['boolean', 'string', 'integer', ...DYNAMIC]], BOOLEAN),
  date: {
    aggregate: false,
    minArgs: 0,
    maxArgs: 1,
    accepts: [['string', 'datetime', 'date', ...DYNAMIC]],
    result: () => DATE,
  },
  datetime: {
    aggregate: false,
    minArgs: 0,
    maxArgs: 1,
    accepts: [['string', 'datetime', ...DYNAMIC]],
    result: () => DATETIME,
  },
  duration: fixed([['string', 'map', ...DYNAMIC]], DURATION),
};

/** Functions people reach for that are not in the subset, with what to use instead. */
export const FUNCTION_HINTS: Readonly<Record<string, string>> = {
  exists: 'use IS NOT NULL for a property, or EXISTS { pattern } for a pattern',
  reduce: 'reduce() is not supported',
  timestamp: 'use datetime()',
  randomuuid: 'the endpoint is read-only and deterministic',
  rand: 'the endpoint is deterministic',
};

/** `true` when `kind` is allowed where `accepts` says. */
export function accepted(accepts: readonly TypeKind[] | null, type: CyType): boolean {
  return accepts === null || accepts.includes(type.kind);
}

/** How an argument's expected kinds read in messages, with its article ("an integer or float"). */
export function describeAccepts(accepts: readonly TypeKind[]): string {
  const names = accepts
    .filter((k) => k !== 'any' && k !== 'null')
    // A kind, not a type: a list of anything (describeType needs the element's type).
    .map((k) => (k === 'list' ? 'list' : describeType({ kind: k } as CyType)));
  return withArticle(names.join(' or '));
}

/** Aggregating function names (for checks that do not need the whole table). */
export function isAggregate(name: string): boolean {
  return Object.hasOwn(FUNCTIONS, name) && FUNCTIONS[name]?.aggregate === true;
}
