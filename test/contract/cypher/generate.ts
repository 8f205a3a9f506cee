import { FUNCTIONS } from '../../../src/cypher/functions';
import { seededRandom } from '../../support/seeded-random';
import { CORPUS } from './corpus';
import { HOSTILE } from './hostile';

/**
 * The generator of analyst queries for the suites that run many of them
 * (generated-queries.test.ts): the corpus and hostile queries, each changed in one to three
 * seeded random places.
 */

/** A generated query and its parameters. */
export interface Input {
  query: string;
  parameters: Record<string, unknown>;
}

const TOKEN =
  /\s+|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|\$\w+|\d+(?:\.\d+)?(?:e[+-]?\d+)?|\w+|<>|<=|>=|=~|\.\.|[\s\S]/giy;

type TokenKind = 'space' | 'string' | 'number' | 'parameter' | 'word' | 'other';

interface Token {
  kind: TokenKind;
  text: string;
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(query); match; match = TOKEN.exec(query)) {
    const text = match[0];
    const kind: TokenKind = /^\s/.test(text)
      ? 'space'
      : /^['"]/.test(text)
        ? 'string'
        : /^\d/.test(text)
          ? 'number'
          : text.startsWith('$')
            ? 'parameter'
            : /^[\w`]/.test(text)
              ? 'word'
              : 'other';
    tokens.push({ kind, text });
  }
  return tokens;
}

const FUNCTION_NAMES = [
  ...Object.keys(FUNCTIONS),
  // Names every JavaScript object has, and names outside the subset.
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'exists',
  'reduce',
  'apoc.text.join',
];

const PROPERTY_KEYS = [
  'id',
  'name',
  'entityType',
  'createdAt',
  'rpm',
  'status',
  'tags',
  'flow',
  'year',
  'epochMillis',
  'nope',
  'constructor',
  '__proto__',
  'toString',
  'length',
];

const EXPRESSIONS = [
  'null',
  'true',
  '0',
  '-1',
  '1.5',
  '9007199254740991',
  '-9223372036854775808',
  '1e308',
  '5e-324',
  "''",
  "'x'",
  "'é😀'",
  "'2026-01-15'",
  "'P1D'",
  '[]',
  "[1, 'a']",
  '[[1], [2]]',
  '{}',
  '{a: 1}',
  '{days: 7}',
  "date('2026-01-15')",
  "datetime('9999-12-31T23:59:59.999Z')",
  'duration({days: 1})',
  "duration('PT1.5S')",
  'range(1, 5)',
  '[x IN range(1, 3) | x * 2]',
  'count(*)',
  'collect(1)',
  'n',
  'n.tags',
  'r',
  'p',
  '$p',
];

const PARAMETER_NAMES = ['p', 'q', 'id', 'constructor', '__proto__', 'toString'];

/** JSON values of every shape, as a client can send them as parameters. */
function oddValue(random: () => number, depth = 0): unknown {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  switch (Math.floor(random() * (depth > 2 ? 6 : 9))) {
    case 0:
      return null;
    case 1:
      return pick([0, -1, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e308, 5e-324, 1e21, true, false]);
    case 2:
      return pick([
        '',
        'x',
        'p1',
        '\u0000',
        '\ud800',
        'a'.repeat(5000),
        '2026-01-15',
        'P1D',
        ' TRUE ',
      ]);
    case 3:
      return pick([
        { kind: 'duration' },
        { kind: 'datetime', iso: 5 },
        { days: 1e300 },
        { years: 1e9 },
      ]);
    case 4:
      return pick([JSON.parse('{"__proto__": {"a": 1}}'), { constructor: 1 }, { '': 2 }, {}]);
    case 5:
      return pick([[], [null], ['p1', 't1'], Array.from({ length: 300 }, (_, i) => i)]);
    case 6: {
      let value: unknown = 1;
      for (let i = Math.floor(random() * 60); i > 0; i -= 1) {
        value = random() < 0.5 ? [value] : { a: value };
      }
      return value;
    }
    default:
      return Array.from({ length: Math.floor(random() * 4) }, () => oddValue(random, depth + 1));
  }
}

/** A word that is not a keyword (the seeds write keywords in capitals). */
function isOperand(token: Token): boolean {
  return token.kind === 'word' && !/^[A-Z_]+$/.test(token.text);
}

/** One seed changed in one to three places. */
function mutate(seed: Input, random: () => number): Input {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const tokens = tokenize(seed.query);
  const parameters: Record<string, unknown> = { ...seed.parameters };
  const nextSolid = (i: number): Token | undefined =>
    tokens.slice(i + 1).find((t) => t.kind !== 'space');
  const previousSolid = (i: number): Token | undefined =>
    tokens
      .slice(0, i)
      .reverse()
      .find((t) => t.kind !== 'space');
  // A variable in a pattern, `(n)`, `(n:Pump)`, `[r:FEEDS]`: no expression may stand there.
  const inPattern = (i: number): boolean =>
    ['(', '['].includes(previousSolid(i)?.text ?? '') &&
    [')', ':', '{', ']', '*'].includes(nextSolid(i)?.text ?? '');
  // Where a value can stand: not a label, key, function or column name, nor in a pattern.
  const isValueSpot = (i: number): boolean => {
    const token = tokens[i]!;
    return (
      (isOperand(token) || ['number', 'string', 'parameter'].includes(token.kind)) &&
      !inPattern(i) &&
      ![':', '.', 'AS'].includes(previousSolid(i)?.text ?? '') &&
      !['(', ':'].includes(nextSolid(i)?.text ?? '')
    );
  };
  const where = (test: (token: Token, i: number) => boolean): number | undefined => {
    const found = tokens.flatMap((token, i) => (test(token, i) ? [i] : []));
    return found.length > 0 ? pick(found) : undefined;
  };
  const replace = (i: number | undefined, text: string): void => {
    if (i !== undefined) {
      tokens[i] = { kind: 'other', text };
    }
  };
  for (let changes = 1 + Math.floor(random() * 3); changes > 0; changes -= 1) {
    switch (Math.floor(random() * 9)) {
      case 0: // another function
        replace(
          where((t, i) => isOperand(t) && nextSolid(i)?.text === '('),
          pick(FUNCTION_NAMES),
        );
        break;
      case 1: // a value of another type
        replace(
          where((t) => t.kind === 'string' || t.kind === 'number'),
          pick(EXPRESSIONS),
        );
        break;
      case 2: // another property
        replace(
          where((t, i) => t.kind === 'word' && previousSolid(i)?.text === '.'),
          pick(PROPERTY_KEYS),
        );
        break;
      case 3: {
        // a value or variable passed to a function, with an extra argument at times
        const i = where((_, j) => isValueSpot(j));
        if (i !== undefined) {
          const extra = random() < 0.4 ? `, ${pick(EXPRESSIONS)}` : '';
          replace(i, `${pick(FUNCTION_NAMES)}(${tokens[i]!.text}${extra})`);
        }
        break;
      }
      case 4: {
        // another parameter, with an odd value
        const name = pick(PARAMETER_NAMES);
        const i = where((t) => t.kind === 'parameter');
        replace(i ?? where((t) => t.kind === 'number' || t.kind === 'string'), `$${name}`);
        if (random() < 0.8) {
          parameters[name] = oddValue(random);
        }
        break;
      }
      case 5: {
        // deep nesting
        const i = where((_, j) => isValueSpot(j));
        if (i !== undefined) {
          const depth = 2 + Math.floor(random() * 14);
          const [open, close] = random() < 0.5 ? ['reverse(', ')'] : ['[', ']'];
          replace(i, `${open.repeat(depth)}${tokens[i]!.text}${close.repeat(depth)}`);
        }
        break;
      }
      case 6: // a token dropped
        replace(
          where((t) => t.kind !== 'space'),
          '',
        );
        break;
      case 7: {
        // a token doubled
        const i = where((t) => t.kind !== 'space');
        if (i !== undefined) {
          replace(i, `${tokens[i]!.text} ${tokens[i]!.text}`);
        }
        break;
      }
      default: {
        // an existing parameter given an odd value
        const names = Object.keys(parameters);
        if (names.length > 0) {
          parameters[pick(names)] = oddValue(random);
        }
      }
    }
  }
  return { query: tokens.map((t) => t.text).join(''), parameters };
}

/** `count` inputs drawn with `seed`: the same ones on every run. */
export function generate(count: number, seed: number): Input[] {
  const random = seededRandom(seed);
  const asInput = (c: Input | (typeof HOSTILE)[number]): Input => ({
    query: c.query,
    parameters: c.parameters ?? {},
  });
  const corpus = CORPUS.map(asInput);
  const hostile = HOSTILE.map(asInput);
  // Mostly queries that run: most hostile ones are refused whatever is changed in them.
  return Array.from({ length: count }, () => {
    const seeds = random() < 0.8 ? corpus : hostile;
    return mutate(seeds[Math.floor(random() * seeds.length)]!, random);
  });
}
