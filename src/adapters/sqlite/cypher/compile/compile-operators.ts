import type { BinaryOp } from '../../../../cypher/ast';
import { containsAggregate } from '../../../../cypher/ast-utils';
import { CypherLimitError } from '../../../../cypher/errors';
import { ANY, isNumeric, type CyType } from '../../../../cypher/types';
import type { ExpressionCompiler } from './compile-expression';
import type { Frame } from './frame';
import { jsonText, jsonType, scalar, type Compiled } from './representation';

/*
 * Comparison and arithmetic operators in SQL (ExpressionCompiler.binary), with Cypher's
 * rules where SQLite's differ: values of different kinds never compare, a boolean is not
 * the number 1, a value known only at run time is decided by its JSON type per row.
 */

/** Longest SQL of the two operands of one arithmetic operator (about 1,000 terms' worth). */
const MAX_OPERAND_SQL = 200_000;

const JSON_CATEGORY = (t: string) =>
  `(CASE ${t} WHEN 'integer' THEN 'n' WHEN 'real' THEN 'n' WHEN 'text' THEN 's' WHEN 'true' THEN 'b' WHEN 'false' THEN 'b' END)`;

/** The kind `=` compares within, of a JSON type: lists and maps have theirs too. */
const EQUALITY_CATEGORY = (t: string) =>
  `(CASE ${t} WHEN 'integer' THEN 'n' WHEN 'real' THEN 'n' WHEN 'text' THEN 's' WHEN 'true' THEN 'b' WHEN 'false' THEN 'b' WHEN 'array' THEN 'l' WHEN 'object' THEN 'm' END)`;

/** One operand of arithmetic: its scalar, its JSON type, and the value as JSON. */
interface Side {
  value: string;
  kind: string;
  json: string;
}

/** The operand `c` as arithmetic reads it (its SQL written once per use). */
function sideOf(c: Compiled): Side {
  if (c.type.kind === 'any') {
    return { value: scalar(c), kind: jsonType(c), json: c.sql };
  }
  const kinds: Partial<Record<CyType['kind'], string>> = {
    integer: "'integer'",
    float: "'real'",
    number: `typeof(${c.sql})`,
    string: "'text'",
    list: "'array'",
    map: "'object'",
    properties: "'object'",
    boolean: `(CASE ${c.sql} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END)`,
  };
  return { value: c.sql, kind: kinds[c.type.kind] ?? "'other'", json: jsonText(c) };
}

/** The comparison category of a statically typed value, or null for `any`. */
function category(type: CyType): string | null {
  if (isNumeric(type)) {
    return 'n';
  }
  switch (type.kind) {
    case 'string':
    case 'datetime':
    case 'date':
      return 's';
    case 'boolean':
      return 'b';
    default:
      return null;
  }
}

const SQL_COMPARE: Readonly<Record<string, string>> = {
  '=': '=',
  '<>': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** `=`, `<>` and the orderings, with Cypher's rule that values of different kinds never compare. */
export function comparison(op: string, left: Compiled, right: Compiled): string {
  if (left.type.kind === 'null' || right.type.kind === 'null') {
    return 'NULL';
  }
  const sqlOp = SQL_COMPARE[op] ?? '=';
  const containers = ['list', 'map', 'path', 'properties'];
  if (containers.includes(left.type.kind) || containers.includes(right.type.kind)) {
    if (op === '=' || op === '<>') {
      // Item by item, with Cypher's nulls and numbers (`[1] = [1.0]`), not as JSON text.
      const equal = `cy_equals(${jsonText(left)}, ${jsonText(right)})`;
      return op === '=' ? equal : `(1 - ${equal})`;
    }
    return `(json(${jsonText(left)}) ${sqlOp} json(${jsonText(right)}))`;
  }
  const l = scalar(left);
  const r = scalar(right);
  const lc = category(left.type);
  const rc = category(right.type);
  if (op === '=' || op === '<>') {
    if (lc !== null && rc !== null && lc !== rc) {
      // Values of different kinds are not equal, and a null is still null.
      return `(CASE WHEN ${l} IS NULL OR ${r} IS NULL THEN NULL ELSE ${op === '=' ? 0 : 1} END)`;
    }
    const [anyL, anyR] = [left.type.kind === 'any', right.type.kind === 'any'];
    if ((anyL || anyR) && (anyL || lc !== null) && (anyR || rc !== null)) {
      // A value known only at run time equals only a value of its own kind: SQLite reads
      // JSON true as 1, which must not equal the number 1. The value test comes first, so
      // an index on the property still serves `n.key = $value`.
      const lcat = anyL ? EQUALITY_CATEGORY(jsonType(left)) : `'${lc}'`;
      const rcat = anyR ? EQUALITY_CATEGORY(jsonType(right)) : `'${rc}'`;
      // A null on either side makes null, not false (SQL's NULL AND false is false).
      const known = `${l} IS NOT NULL AND ${r} IS NOT NULL`;
      return op === '='
        ? `(${l} = ${r} AND (${lcat} = ${rcat} OR NOT (${known})))`
        : `(${l} <> ${r} OR (${lcat} <> ${rcat} AND ${known}))`;
    }
    return `(${l} ${sqlOp} ${r})`;
  }
  if (lc !== null && rc !== null) {
    return lc === rc ? `(${l} ${sqlOp} ${r})` : 'NULL';
  }
  const lcat = lc === null ? JSON_CATEGORY(jsonType(left)) : `'${lc}'`;
  const rcat = rc === null ? JSON_CATEGORY(jsonType(right)) : `'${rc}'`;
  return `(CASE WHEN ${lcat} = ${rcat} THEN ${l} ${sqlOp} ${r} END)`;
}

/**
 * Arithmetic operators: numbers, list concatenation, string joins and date arithmetic, with
 * Cypher's nulls and its errors on integer division by zero.
 */
export function arithmetic(compiler: ExpressionCompiler, expr: BinaryOp, frame: Frame): string {
  const type = expr.type ?? ANY;
  if (type.kind === 'datetime' || type.kind === 'date') {
    // The duration is a constant (the analyzer folded it): only the other side is SQL.
    const durationFirst = expr.left.type?.kind === 'duration';
    const moved = compiler.compile(durationFirst ? expr.right : expr.left, frame);
    const d = (durationFirst ? expr.left : expr.right).folded;
    if (!d || d.kind !== 'duration') {
      throw new Error('a duration that was not folded reached the SQLite compiler');
    }
    const sign = expr.op === '-' ? -1 : 1;
    return `cy_add(${moved.sql}, ${compiler.sql.bind(d.months)}, ${compiler.sql.bind(d.days)}, ${compiler.sql.bind(d.millis)}, ${sign}, ${type.kind === 'date' ? 1 : 0})`;
  }
  const left = compiler.compile(expr.left, frame);
  const right = compiler.compile(expr.right, frame);
  if (left.sql.length + right.sql.length > MAX_OPERAND_SQL) {
    throw new CypherLimitError(
      'size',
      MAX_OPERAND_SQL,
      'The expression is too large to run (its operands compile to more than ' +
        `${MAX_OPERAND_SQL} characters of SQL); split it, or compute part of it in a WITH`,
      expr.pos,
    );
  }
  if (type.kind === 'list') {
    // A side known only at run time (a property) is spread when it holds a list.
    const spread = (c: Compiled) =>
      c.type.kind === 'list' ? '1' : c.type.kind === 'any' ? `(${jsonType(c)} = 'array')` : '0';
    return `cy_concat(${jsonText(left)}, ${jsonText(right)}, ${spread(left)}, ${spread(right)})`;
  }
  if (type.kind === 'string') {
    return `(${textOf(left)} || ${textOf(right)})`;
  }
  const numeric = (a: string, b: string): string => {
    switch (expr.op) {
      case '+':
        return `(${a} + ${b})`;
      case '-':
        return `(${a} - ${b})`;
      case '*':
        return `(${a} * ${b})`;
      case '/':
        return `(${a} / ${b})`;
      case '%':
        return `mod(${a}, ${b})`;
      default:
        return `pow(${a}, ${b})`;
    }
  };
  // Cypher's integer division and modulo by zero are errors (SQLite answers null); a
  // float one is not (IEEE), and needs no check.
  const integral = (expr.op === '/' || expr.op === '%') && type.kind !== 'float';
  const checked = (a: string, b: string): string =>
    integral
      ? `(CASE WHEN typeof(${a}) = 'integer' AND typeof(${b}) = 'integer' AND ${b} = 0 THEN cy_value_error('/ by zero') ELSE ${numeric(a, b)} END)`
      : numeric(a, b);
  const dynamic = left.type.kind === 'any' || right.type.kind === 'any';
  if (!dynamic && !integral) {
    return numeric(scalar(left), scalar(right));
  }
  // A side known only at run time counts by its JSON type (`integer`, `real`, `text`,
  // `true`, `array`...), read per row: a number in text ('080'), a boolean or a list is
  // no number. A typed side has its type's.
  const decided = (a: Side, b: Side): string => {
    const numbers = `${a.kind} IN ('integer', 'real') AND ${b.kind} IN ('integer', 'real')`;
    if (type.kind !== 'any') {
      return dynamic
        ? `(CASE WHEN ${numbers} THEN ${checked(a.value, b.value)} END)`
        : checked(a.value, b.value);
    }
    // `any + any`: null if either is; lists concatenate (a list and a value: the value is
    // appended or prepended), numbers add, a string with a string or a number joins.
    const joined =
      expr.op === '+'
        ? `WHEN ${a.kind} = 'array' OR ${b.kind} = 'array' THEN cy_concat(${a.json}, ${b.json}, ${a.kind} = 'array', ${b.kind} = 'array') ` +
          `WHEN (${a.kind} = 'text' OR ${b.kind} = 'text') AND ${a.kind} IN ('text', 'integer', 'real') AND ${b.kind} IN ('text', 'integer', 'real') THEN json_quote(${a.value} || ${b.value}) `
        : '';
    return `(CASE WHEN ${a.value} IS NULL OR ${b.value} IS NULL THEN NULL ${joined}WHEN ${numbers} THEN json_quote(${checked(a.value, b.value)}) END)`;
  };
  // A property read, a parameter or a column costs nothing to read again; an aggregate
  // must stay in this query's select list: operands written out in full.
  const cheap = (c: Compiled) => c.property !== undefined || /^@?[\w.]+$/.test(c.sql);
  if (
    (cheap(left) && cheap(right)) ||
    containsAggregate(expr.left) ||
    containsAggregate(expr.right)
  ) {
    return decided(sideOf(left), sideOf(right));
  }
  // Each operand computed once, in a one-row subquery, rather than written out at every
  // use: in a chain (`n.a + 1 + 1 ...`) the text would grow exponentially.
  const selects: string[] = [];
  const once = (c: Compiled): Side => {
    const alias = compiler.sql.alias('v');
    selects.push(`${c.type.kind === 'any' ? c.sql : scalar(c)} AS ${alias}`);
    return sideOf({ ...c, sql: alias, property: undefined });
  };
  const [a, b] = [once(left), once(right)];
  return `(SELECT ${decided(a, b)} FROM (SELECT ${selects.join(', ')}))`;
}

/** A value as text for `+` with a string (Cypher's toString). */
export function textOf(c: Compiled): string {
  switch (c.type.kind) {
    case 'string':
    case 'datetime':
    case 'date':
      return c.sql;
    case 'boolean':
      return `(CASE ${c.sql} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END)`;
    case 'integer':
      return `CAST(${c.sql} AS TEXT)`;
    default:
      return `cy_to_string(${scalar(c)}, ${c.type.kind === 'any' ? jsonType(c) : `'${c.type.kind}'`})`;
  }
}
