import type { BinaryOp, Expr, PatternElement, PatternPart } from '../../../cypher/ast';
import { containsAggregate } from '../../../cypher/ast-utils';
import { durationAsValueError } from '../../../cypher/errors';
import { TEMPORAL_FIELDS } from '../../../cypher/temporal';
import { isNumeric, type CyType } from '../../../cypher/types';
import { RESERVED_PROPERTY_KEYS } from '../../../domain/properties';
import { quotePropertyKey } from '../identifiers';
import { emitCall } from './emit-functions';
import { temporalValue, toDriverValue, type EmitContext, type Scope } from './emit-context';

/** What expressions need from the pattern emitter (patterns inside expressions). */
export interface PatternText {
  /** `EXISTS { MATCH ... }` or `COUNT { MATCH ... }` of patterns (and a WHERE). */
  subquery(
    patterns: readonly PatternPart[],
    where: Expr | null,
    scope: Scope,
    mode: 'exists' | 'count',
  ): string;
  /** A pattern used as a predicate. */
  predicate(element: PatternElement, scope: Scope): string;
}

/** Type predicates (`x IS :: ...`) of the values an operation accepts. */
export const NUMBER_TYPE = 'INTEGER NOT NULL | FLOAT NOT NULL';
export const TEXT_TYPE = 'STRING NOT NULL';
export const LIST_TYPE = 'LIST<ANY> NOT NULL';
export const SCALAR_TYPE = 'STRING NOT NULL | INTEGER NOT NULL | FLOAT NOT NULL | BOOLEAN NOT NULL';

/** Text that costs nothing to repeat: a variable, a parameter, null, or a property read. */
const SIMPLE_TEXT = /^(?:\$?\w+)(?:\[\$\w+\]|\.\w+)?$/;

/** The record's own fields, stored under these names beside the properties. */
const OWN_FIELDS: Readonly<Record<'node' | 'relationship', ReadonlySet<string>>> = {
  node: new Set(['id', 'name', 'entityType', 'version', 'createdAt', 'updatedAt']),
  relationship: new Set(['id', 'version', 'createdAt', 'updatedAt']),
};

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);

/**
 * Emits expressions as Cypher with the answers of the SQLite engine: every value a
 * parameter; where Neo4j would stop the query with a type error and SQLite answers null (a
 * string lowered that is a number, `+` of a boolean), the operand is
 * tested first with a type predicate and the result is null. Such a test reads its operand
 * once, through a one-item list comprehension, so nested guards do not repeat text; an
 * operand holding an aggregation (which Neo4j refuses inside a comprehension) is repeated
 * instead.
 */
export class ExpressionEmitter {
  patterns!: PatternText;
  /** While ORDER BY is emitted: the variables of the projection's columns. */
  columns: readonly string[] | null = null;

  constructor(
    readonly ctx: EmitContext,
    private readonly indexedKeys: ReadonlySet<string>,
  ) {}

  emit(expr: Expr, scope: Scope): string {
    if (expr.folded) {
      if (expr.folded.kind === 'duration') {
        throw durationAsValueError(expr.pos);
      }
      return this.ctx.bind(temporalValue(expr.folded));
    }
    switch (expr.kind) {
      case 'literal':
        if (expr.value === null) {
          return 'null';
        }
        // A float literal stays a FLOAT even when whole (`1.0`): the driver sends JS numbers so.
        return expr.float === true ? this.ctx.bind(expr.value) : this.ctx.bindJson(expr.value);
      case 'param':
        return this.ctx.analystParam(expr.name);
      case 'var': {
        const column = expr.item === undefined ? undefined : this.columns?.[expr.item];
        return column ?? this.variable(expr.name, scope);
      }
      case 'prop':
        return this.property(expr.target, expr.key, scope);
      case 'index': {
        const list = this.typed(expr.target, scope, expr.target.type?.kind === 'list', LIST_TYPE);
        const index = this.typed(
          expr.index,
          scope,
          expr.index.type?.kind === 'integer',
          'INTEGER NOT NULL',
        );
        return `${list}[${index}]`;
      }
      case 'list':
      case 'map': {
        // A literal of constants is one parameter: Neo4j plans thousands of them slowly.
        const constant = constantValue(expr);
        if (constant) {
          return this.ctx.bind(constant.value);
        }
        if (expr.kind === 'list') {
          return `[${expr.items.map((item) => this.emit(item, scope)).join(', ')}]`;
        }
        return `{${expr.entries.map((e) => `${quotePropertyKey(e.key)}: ${this.emit(e.value, scope)}`).join(', ')}}`;
      }
      case 'unary':
        if (expr.op === 'not') {
          return `(NOT ${this.boolean(expr.operand, scope)})`;
        }
        return expr.op === '-'
          ? `(-${this.number(expr.operand, scope)})`
          : this.number(expr.operand, scope);
      case 'binary': {
        // Arithmetic on number literals is one parameter: Neo4j plans a chain of a hundred
        // `+` for longer than a short time limit.
        const constant = constantArithmetic(expr);
        if (constant) {
          return constant.float ? this.ctx.bind(constant.value) : this.ctx.bindJson(constant.value);
        }
        return this.binary(expr, scope);
      }
      case 'isNull':
        return `(${this.emit(expr.operand, scope)} IS ${expr.negated ? 'NOT ' : ''}NULL)`;
      case 'labels': {
        const node = this.emit(expr.target, scope);
        const tests = this.entityTypeTests(
          node,
          expr.labels.filter((label) => label !== 'Entity'),
        );
        // A null node answers null, as any other test of it would.
        return tests.length > 0 ? `(${tests.join(' AND ')})` : `(${node} IS NOT NULL OR null)`;
      }
      case 'call':
        return emitCall(this, expr, scope);
      case 'case': {
        const subject = expr.subject ? this.emit(expr.subject, scope) : null;
        const whens = expr.whens.map(
          ({ when, then }) =>
            `WHEN ${subject === null ? this.boolean(when, scope) : this.emit(when, scope)} THEN ${this.emit(then, scope)}`,
        );
        const otherwise = expr.otherwise ? ` ELSE ${this.emit(expr.otherwise, scope)}` : '';
        return `CASE${subject === null ? '' : ` ${subject}`} ${whens.join(' ')}${otherwise} END`;
      }
      case 'listComprehension': {
        const source = this.typed(expr.source, scope, expr.source.type?.kind === 'list', LIST_TYPE);
        const name = this.ctx.variable();
        const inner = new Map(scope).set(expr.variable, name);
        const where = expr.where ? ` WHERE ${this.boolean(expr.where, inner)}` : '';
        const map = expr.map ? ` | ${this.emit(expr.map, inner)}` : '';
        return `[${name} IN ${source}${where}${map}]`;
      }
      case 'quantifier': {
        const source = this.typed(expr.source, scope, expr.source.type?.kind === 'list', LIST_TYPE);
        const name = this.ctx.variable();
        const inner = new Map(scope).set(expr.variable, name);
        // An item whose test is null counts as not passing (never as "unknown"), as on SQLite.
        return `${expr.quantifier}(${name} IN ${source} WHERE coalesce(${this.boolean(expr.where, inner)}, false))`;
      }
      case 'patternPredicate':
        return this.patterns.predicate(expr.element, scope);
      case 'subquery':
        return this.patterns.subquery(expr.patterns, expr.where, scope, expr.mode);
    }
  }

  /** A predicate: a value only known at run time counts when it is a boolean, else null. */
  boolean(expr: Expr, scope: Scope): string {
    return this.typed(expr, scope, expr.type?.kind !== 'any', 'BOOLEAN NOT NULL');
  }

  /** A number, or null when a value known only at run time is not one. */
  number(expr: Expr, scope: Scope): string {
    const kind = expr.type?.kind;
    return this.typed(
      expr,
      scope,
      kind === 'null' || (expr.type !== undefined && isNumeric(expr.type)),
      NUMBER_TYPE,
    );
  }

  /** `expr` as it is when `known`, else the value when it is of `type`, else null. */
  typed(expr: Expr, scope: Scope, known: boolean, type: string): string {
    const text = this.emit(expr, scope);
    return known
      ? text
      : this.let(expr, text, (x) => `CASE WHEN (${x} IS :: ${type}) THEN ${x} END`);
  }

  /**
   * `use(x)` with `x` standing for `text`, evaluated once (`head([x IN [text] | ...])`);
   * a variable, parameter or property read, and an expression with an aggregation, are
   * repeated instead (Neo4j plans each nested comprehension for tens of milliseconds).
   */
  let(expr: Expr | null, text: string, use: (x: string) => string): string {
    if (SIMPLE_TEXT.test(text) || (expr !== null && containsAggregate(expr))) {
      return use(SIMPLE_TEXT.test(text) ? text : `(${text})`);
    }
    const x = this.ctx.variable();
    return `head([${x} IN [${text}] | ${use(x)}])`;
  }

  /** A value as text for `+` with a string and for toString() (instants as the API shows them). */
  text(expr: Expr, scope: Scope): string {
    const value = this.emit(expr, scope);
    switch (expr.type?.kind) {
      case 'string':
      case 'null':
        return value;
      case 'datetime':
        return this.let(expr, value, instantText);
      case 'date':
      case 'integer':
      case 'float':
      case 'number':
      case 'boolean':
        return `toString(${value})`;
      default:
        return this.let(
          expr,
          value,
          (x) => `CASE WHEN (${x} IS :: ${SCALAR_TYPE}) THEN toString(${x}) END`,
        );
    }
  }

  private variable(name: string, scope: Scope): string {
    const emitted = scope.get(name);
    if (emitted === undefined) {
      throw new Error(`unbound variable ${name} reached the Neo4j emitter`);
    }
    return emitted;
  }

  /**
   * The tests of a node's type labels (`:Entity` left out): its entity type is each of
   * them. A node has one, so two different labels (`:A:B`) are one test that is false
   * (null for a null node, as a label test of null is), and a label written twice is
   * tested once.
   */
  entityTypeTests(node: string, labels: readonly string[]): string[] {
    const distinct = [...new Set(labels)];
    if (distinct.length > 1) {
      return [`${node}.entityType <> ${node}.entityType`];
    }
    return distinct.map((label) => `${node}.entityType = ${this.ctx.bindJson(label)}`);
  }

  /** `n.<field>` for a record's own field, `n[$key]` (or `` n.`key` `` when indexed) for a property. */
  userProperty(target: string, key: string): string {
    return this.indexedKeys.has(key)
      ? `${target}.${quotePropertyKey(key)}`
      : `${target}[${this.ctx.bindJson(key)}]`;
  }

  private property(target: Expr, key: string, scope: Scope): string {
    const kind = target.type?.kind;
    const value = this.emit(target, scope);
    switch (kind) {
      case 'node':
      case 'relationship':
        return OWN_FIELDS[kind].has(key) ? `${value}.${key}` : this.userProperty(value, key);
      case 'datetime':
      case 'date':
        if (!Object.hasOwn(TEMPORAL_FIELDS, key)) {
          throw new Error(`no temporal field ${key}`);
        }
        return `${value}.${key}`;
      case 'null':
        return 'null';
      case 'map':
        return `${value}[${this.ctx.bindJson(key)}]`;
      case 'properties':
        // The record's own fields are not among its properties. (Neo4j 5 reads them
        // through the map projection of properties() that sets them to null.)
        return RESERVED_PROPERTY_KEYS.node.has(key)
          ? 'null'
          : `${value}[${this.ctx.bindJson(key)}]`;
      default: {
        const k = this.ctx.bindJson(key);
        return this.let(
          target,
          value,
          (x) => `CASE WHEN (${x} IS :: MAP NOT NULL) THEN ${x}[${k}] END`,
        );
      }
    }
  }

  private binary(expr: BinaryOp, scope: Scope): string {
    const { op, left, right } = expr;
    switch (op) {
      case 'and':
      case 'or':
      case 'xor':
        return `(${this.boolean(left, scope)} ${op.toUpperCase()} ${this.boolean(right, scope)})`;
      case 'in': {
        const item = this.emit(left, scope);
        if (right.type?.kind === 'null') {
          return 'null';
        }
        if (right.type?.kind === 'list' && (right.kind === 'param' || right.kind === 'list')) {
          return `(${item} IN ${this.emit(right, scope)})`;
        }
        // Neo4j 5 answers `n.id IN <a list that is null>` with a type error where an index
        // serves the test (for any other value it is null): such a list is tested first.
        return this.let(
          right,
          this.emit(right, scope),
          (x) => `CASE WHEN (${x} IS :: ${LIST_TYPE}) THEN ${item} IN ${x} END`,
        );
      }
      case 'starts with':
      case 'ends with':
      case 'contains':
        // Neo4j answers null for operands that are not strings, as SQLite does.
        return `(${this.emit(left, scope)} ${op.toUpperCase()} ${this.emit(right, scope)})`;
      default:
        if (COMPARISONS.has(op)) {
          return `(${this.emit(left, scope)} ${op} ${this.emit(right, scope)})`;
        }
        return this.arithmetic(expr, scope);
    }
  }

  /**
   * `+` of values known only when the query runs, decided per row as Cypher decides it: a
   * list with anything appends (or joins lists), numbers add, a string with a string or a
   * number concatenates; any other pair (a boolean, a map) is null rather than Neo4j's
   * type error. Each side is evaluated once.
   */
  private plus(left: Expr, right: Expr, scope: Scope): string {
    const is = (x: string, type: string) => `(${x} IS :: ${type})`;
    const textual = `${TEXT_TYPE} | ${NUMBER_TYPE}`;
    const decide = (a: string, b: string) =>
      `CASE WHEN ${is(a, LIST_TYPE)} OR ${is(b, LIST_TYPE)} ` +
      `OR (${is(a, NUMBER_TYPE)} AND ${is(b, NUMBER_TYPE)}) THEN ${a} + ${b} ` +
      `WHEN (${is(a, TEXT_TYPE)} OR ${is(b, TEXT_TYPE)}) AND ${is(a, textual)} AND ${is(b, textual)} ` +
      `THEN toString(${a}) + toString(${b}) END`;
    return this.let(left, this.emit(left, scope), (a) =>
      this.let(right, this.emit(right, scope), (b) => decide(a, b)),
    );
  }

  private arithmetic(expr: BinaryOp, scope: Scope): string {
    const { op, left, right } = expr;
    const type: CyType = expr.type ?? { kind: 'any' };
    if (type.kind === 'datetime' || type.kind === 'date') {
      const [moved, duration] = left.type?.kind === 'duration' ? [right, left] : [left, right];
      if (!duration.folded || duration.folded.kind !== 'duration') {
        throw new Error('a duration that was not folded reached the Neo4j emitter');
      }
      return `(${this.emit(moved, scope)} ${op} ${this.ctx.bind(temporalValue(duration.folded))})`;
    }
    if (type.kind === 'list') {
      return `(${this.emit(left, scope)} + ${this.emit(right, scope)})`;
    }
    if (type.kind === 'string') {
      return `(${this.text(left, scope)} + ${this.text(right, scope)})`;
    }
    if (type.kind === 'any' && op === '+') {
      return this.plus(left, right, scope);
    }
    // An integer division or modulo by zero stops the query (a 400), as on the embedded store.
    return `(${this.number(left, scope)} ${op} ${this.number(right, scope)})`;
  }
}

/**
 * The value of `+`, `-` or `*` over number literals (nested, through toInteger() of an
 * integer), as Neo4j computes it; null where it might not be the same (an integer past
 * 2^53, whose digits JavaScript drops), and for anything else.
 */
function constantArithmetic(expr: Expr): { value: number; float: boolean } | null {
  if (expr.folded) {
    return null;
  }
  switch (expr.kind) {
    case 'literal':
      return typeof expr.value === 'number'
        ? { value: expr.value, float: expr.float === true }
        : null;
    case 'call': {
      const arg = expr.name === 'tointeger' && expr.args.length === 1 ? expr.args[0] : undefined;
      const inner = arg ? constantArithmetic(arg) : null;
      return inner && !inner.float ? inner : null;
    }
    case 'binary': {
      if (expr.op !== '+' && expr.op !== '-' && expr.op !== '*') {
        return null;
      }
      const [left, right] = [constantArithmetic(expr.left), constantArithmetic(expr.right)];
      if (!left || !right) {
        return null;
      }
      const value =
        expr.op === '+'
          ? left.value + right.value
          : expr.op === '-'
            ? left.value - right.value
            : left.value * right.value;
      const float = left.float || right.float;
      return float || Number.isSafeInteger(value) ? { value, float } : null;
    }
    default:
      return null;
  }
}

/**
 * The driver value of a literal, or of a list or map literal of such (nested too), as the
 * emitter would bind them one by one; null for anything else.
 */
function constantValue(expr: Expr): { value: unknown } | null {
  if (expr.folded) {
    return null;
  }
  switch (expr.kind) {
    case 'literal':
      return { value: expr.float === true ? expr.value : toDriverValue(expr.value) };
    case 'list': {
      const items: unknown[] = [];
      for (const item of expr.items) {
        const constant = constantValue(item);
        if (!constant) {
          return null;
        }
        items.push(constant.value);
      }
      return { value: items };
    }
    case 'map': {
      const map: Record<string, unknown> = {};
      for (const entry of expr.entries) {
        const constant = constantValue(entry.value);
        if (!constant) {
          return null;
        }
        // defineProperty keeps a `__proto__` key a key.
        Object.defineProperty(map, entry.key, { value: constant.value, enumerable: true });
      }
      return { value: map };
    }
    default:
      return null;
  }
}

/**
 * An instant as `toISOString()` writes it (`2026-11-22T20:55:16.196Z`), which Neo4j's
 * toString() does not (it drops zero seconds and trailing zeros). Every DATETIME the
 * emitter handles is in UTC: stored timestamps are, and parsed text is normalised.
 */
function instantText(x: string): string {
  const two = (field: string) => `right('0' + toString(${x}.${field}), 2)`;
  return (
    `toString(date(${x})) + 'T' + ${two('hour')} + ':' + ${two('minute')} + ':' + ${two('second')}` +
    ` + '.' + right('00' + toString(${x}.millisecond), 3) + 'Z'`
  );
}
