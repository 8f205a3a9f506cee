import type { Expr, FunctionCall } from '../../../cypher/ast';
import { durationAsValueError } from '../../../cypher/errors';
import { RESERVED_PROPERTY_KEYS } from '../../../domain/properties';
import { quotePropertyKey } from '../identifiers';
import type { Scope } from './emit-context';
import {
  LIST_TYPE,
  NUMBER_TYPE,
  SCALAR_TYPE,
  TEXT_TYPE,
  type ExpressionEmitter,
} from './emit-expression';

/**
 * The text Neo4j's datetime() parses, as far as the subset reads it (docs/cypher.md, "Dates
 * and times"): a date, optionally a time and an offset. Text that does not match answers
 * null, as on SQLite, where Neo4j would stop the query with an error.
 */
export const DATE_TIME_TEXT =
  '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d([.]\\d+)?)?(Z|[+-]([01]\\d|2[0-3])(:?[0-5]\\d)?)?)?';

/**
 * The own fields of a node or relationship, stored beside its properties: what
 * properties() and keys() leave out (a node may have a property named `type`).
 */
const reserved = (kind: 'node' | 'relationship'): string[] => [
  ...RESERVED_PROPERTY_KEYS[kind === 'node' ? 'node' : 'edge'],
];

/** The function calls of the subset (src/cypher/functions.ts) in Cypher with SQLite's answers. */
export function emitCall(e: ExpressionEmitter, call: FunctionCall, scope: Scope): string {
  const arg = (i = 0): Expr => {
    const expr = call.args[i];
    if (!expr) {
      throw new Error(`${call.name}() lacks argument ${i}`);
    }
    return expr;
  };
  const value = (i = 0) => e.emit(arg(i), scope);
  const text = (i: number) => typedText(e, arg(i), scope);
  const kind = () => arg().type?.kind;
  const distinct = call.distinct ? 'DISTINCT ' : '';
  const graph = (k: 'node' | 'relationship' | 'path', text: (x: string) => string) =>
    kind() === k ? text(value()) : 'null';
  switch (call.name) {
    case 'count':
      return call.star ? 'count(*)' : `count(${distinct}${value()})`;
    case 'sum':
    case 'avg':
      // Values that are not numbers (a string property) count as null, not as an error.
      return `${call.name}(${distinct}${e.number(arg(), scope)})`;
    case 'min':
    case 'max':
    case 'collect':
      return `${call.name}(${distinct}${value()})`;
    case 'id':
    case 'elementid':
      // The record's id, as the API shows it (never Neo4j's internal ids).
      return kind() === 'node' || kind() === 'relationship' ? `${value()}.id` : 'null';
    case 'labels':
      return kind() === 'node'
        ? e.let(
            arg(),
            value(),
            (x) => `CASE WHEN ${x} IS NULL THEN null ELSE [${x}.entityType] END`,
          )
        : 'null';
    case 'type':
      return graph('relationship', (x) => `type(${x})`);
    case 'properties':
      if (kind() === 'map') {
        return value();
      }
      return kind() === 'node' || kind() === 'relationship'
        ? userProperties(value(), kind() as 'node' | 'relationship')
        : 'null';
    case 'keys':
      return keys(e, arg(), scope);
    case 'size':
      return `size(${e.typed(arg(), scope, kind() === 'list' || kind() === 'string', `${TEXT_TYPE} | ${LIST_TYPE}`)})`;
    case 'length':
      return graph('path', (x) => `length(${x})`);
    case 'nodes':
      return graph('path', (x) => `nodes(${x})`);
    case 'relationships':
      return graph('path', (x) => `relationships(${x})`);
    case 'startnode':
      return graph('relationship', (x) => `startNode(${x})`);
    case 'endnode':
      return graph('relationship', (x) => `endNode(${x})`);
    case 'coalesce':
      return `coalesce(${call.args.map((a) => e.emit(a, scope)).join(', ')})`;
    case 'tolower':
      return `toLower(${e.typed(arg(), scope, kind() === 'string', TEXT_TYPE)})`;
    case 'toupper':
      return `toUpper(${e.typed(arg(), scope, kind() === 'string', TEXT_TYPE)})`;
    case 'trim':
      return `trim(${e.typed(arg(), scope, kind() === 'string', TEXT_TYPE)})`;
    case 'tostring':
      return e.text(arg(), scope);
    case 'tointeger':
      return kind() === 'integer'
        ? value()
        : `toInteger(${e.typed(arg(), scope, kind() !== 'any', SCALAR_TYPE)})`;
    case 'tofloat':
      return `toFloat(${e.typed(arg(), scope, kind() !== 'any', `${TEXT_TYPE} | ${NUMBER_TYPE}`)})`;
    case 'abs':
      return `abs(${e.number(arg(), scope)})`;
    case 'round':
    case 'floor':
    case 'ceil':
    case 'sqrt':
    case 'sign':
      return `${call.name}(${e.number(arg(), scope)})`;
    case 'substring':
    case 'left':
    case 'right':
    case 'range':
      return counted(e, call, scope);
    case 'replace':
      return `replace(${call.args.map((_, i) => text(i)).join(', ')})`;
    case 'split':
      return `split(${text(0)}, ${text(1)})`;
    case 'ltrim':
    case 'rtrim':
      return `${call.name}(${text(0)})`;
    case 'reverse':
      return reverse(e, arg(), scope);
    case 'tail':
      return `tail(${e.typed(arg(), scope, kind() === 'list', LIST_TYPE)})`;
    case 'toboolean':
      return toBoolean(e, arg(), scope);
    case 'head':
    case 'last':
      return `${call.name}(${e.typed(arg(), scope, kind() === 'list', LIST_TYPE)})`;
    case 'date':
      if (kind() === 'date') {
        return value();
      }
      return kind() === 'datetime' ? `date(${value()})` : `date(${parseInstant(e, arg(), scope)})`;
    case 'datetime':
      return kind() === 'datetime' ? value() : parseInstant(e, arg(), scope);
    case 'duration':
      throw durationAsValueError(call.pos);
    default:
      throw new Error(`the Neo4j emitter has no function ${call.name}`);
  }
}

/**
 * substring(), left(), right() and range(), whose integer arguments Neo4j refuses when null
 * or out of range (a negative start, length or count, a step of 0): null then, as on SQLite,
 * and a substring starting past the end is empty. Each argument is evaluated once.
 */
function counted(e: ExpressionEmitter, call: FunctionCall, scope: Scope): string {
  const isRange = call.name === 'range';
  const operands = call.args.map((expr, i) =>
    isRange || i > 0
      ? e.typed(expr, scope, expr.type?.kind === 'integer', 'INTEGER NOT NULL')
      : typedText(e, expr, scope),
  );
  const names: string[] = [];
  const bind = (i: number): string => {
    const expr = call.args[i];
    if (expr) {
      return e.let(expr, operands[i]!, (x) => {
        names[i] = x;
        return bind(i + 1);
      });
    }
    const integers = isRange ? names : names.slice(1);
    const bad = isRange
      ? [...integers.map((n) => `${n} IS NULL`), ...(integers[2] ? [`${integers[2]} = 0`] : [])]
      : integers.map((n) => `${n} IS NULL OR ${n} < 0`);
    // Values travel as parameters, the empty string too.
    const past =
      call.name === 'substring'
        ? ` WHEN ${names[1]} > size(${names[0]}) THEN ${e.ctx.bind('')}`
        : '';
    return `CASE WHEN ${bad.join(' OR ')} THEN null${past} ELSE ${call.name}(${names.join(', ')}) END`;
  };
  return bind(0);
}

/**
 * A function's argument whose type the query does not fix: null for the null literal (its
 * value is not emitted), else `use` on the argument's value, bound once, where `use` tests
 * the type at run time.
 */
function checkedAtRunTime(
  e: ExpressionEmitter,
  arg: Expr,
  value: () => string,
  use: (x: string) => string,
): string {
  return arg.type?.kind === 'null' ? 'null' : e.let(arg, value(), use);
}

/**
 * toBoolean(): text is read trimmed and in any case (`' TRUE '` is true), as on SQLite;
 * booleans and integers as Neo4j reads them; any other value is null.
 */
function toBoolean(e: ExpressionEmitter, arg: Expr, scope: Scope): string {
  const value = e.emit(arg, scope);
  switch (arg.type?.kind) {
    case 'string':
      return `toBoolean(toLower(trim(${value})))`;
    case 'boolean':
    case 'integer':
      return `toBoolean(${value})`;
    default:
      return checkedAtRunTime(
        e,
        arg,
        () => value,
        (x) =>
          `CASE WHEN (${x} IS :: STRING NOT NULL) THEN toBoolean(toLower(trim(${x}))) WHEN (${x} IS :: BOOLEAN NOT NULL | INTEGER NOT NULL) THEN toBoolean(${x}) END`,
      );
  }
}

/**
 * reverse() of a list is written as the reverse of a copy of it (`[x IN list | x]`): Neo4j
 * 5 refuses a list stored as a property (an array) in reverse() with a type error, where
 * every other list function takes it.
 */
function reverse(e: ExpressionEmitter, arg: Expr, scope: Scope): string {
  const copied = (x: string) => {
    const item = e.ctx.variable();
    return `reverse([${item} IN ${x} | ${item}])`;
  };
  switch (arg.type?.kind) {
    case 'string':
      return `reverse(${e.emit(arg, scope)})`;
    case 'list':
      return copied(e.emit(arg, scope));
    default:
      return checkedAtRunTime(
        e,
        arg,
        () => e.emit(arg, scope),
        (x) =>
          `CASE WHEN (${x} IS :: ${TEXT_TYPE}) THEN reverse(${x}) WHEN (${x} IS :: ${LIST_TYPE}) THEN ${copied(x)} END`,
      );
  }
}

function typedText(e: ExpressionEmitter, expr: Expr, scope: Scope): string {
  return e.typed(expr, scope, expr.type?.kind === 'string', TEXT_TYPE);
}

/**
 * `properties(x)` as the API shows it: the stored map without the record's own fields.
 * Cypher cannot drop keys from a map, so they are set to null (no property is ever null)
 * and the renderer leaves them out.
 */
function userProperties(x: string, kind: 'node' | 'relationship'): string {
  const own = reserved(kind).map((key) => `${quotePropertyKey(key)}: null`);
  return `${x} {.*, ${own.join(', ')}}`;
}

/**
 * keys(), in the order of the keys' code points as on the embedded store (Neo4j lists a
 * record's keys in an order of its own): sorted by insertion, `reduce()` over the few keys.
 */
function keys(e: ExpressionEmitter, arg: Expr, scope: Scope): string {
  const kind = arg.type?.kind;
  const value = e.emit(arg, scope);
  const k = e.ctx.variable();
  const sorted = (list: string) => {
    const [acc, key, item] = [e.ctx.variable(), e.ctx.variable(), e.ctx.variable()];
    return (
      `reduce(${acc} = [], ${key} IN ${list} | [${item} IN ${acc} WHERE ${item} < ${key}] + ` +
      `[${key}] + [${item} IN ${acc} WHERE ${item} >= ${key}])`
    );
  };
  switch (kind) {
    case 'node':
    case 'relationship':
      return sorted(`[${k} IN keys(${value}) WHERE NOT ${k} IN ${e.ctx.bindJson(reserved(kind))}]`);
    case 'map':
      return sorted(`keys(${value})`);
    case 'properties':
      // Not `x[k] IS NOT NULL`: Neo4j 5 reads a key a map projection set to null as the
      // record's own value.
      return sorted(
        `[${k} IN keys(${value}) WHERE NOT ${k} IN ${e.ctx.bindJson(reserved('node'))}]`,
      );
    default:
      return checkedAtRunTime(
        e,
        arg,
        () => value,
        (x) => `CASE WHEN (${x} IS :: MAP NOT NULL) THEN ${sorted(`keys(${x})`)} END`,
      );
  }
}

/**
 * An instant read from text, in UTC with millisecond precision as SQLite keeps it (Neo4j
 * would keep the written offset and nanoseconds); null for text it cannot read.
 */
function parseInstant(e: ExpressionEmitter, arg: Expr, scope: Scope): string {
  const pattern = e.ctx.bind(DATE_TIME_TEXT);
  return e.let(
    arg,
    e.emit(arg, scope),
    (x) =>
      `CASE WHEN ${x} =~ ${pattern} THEN datetime({epochMillis: datetime(${x}).epochMillis}) END`,
  );
}
