import type {
  BinaryOp,
  Expr,
  PatternElement,
  PatternPart,
  ProjectionItem,
} from '../../../../cypher/ast';
import { containsAggregate } from '../../../../cypher/ast-utils';
import { CypherLimitError, CypherUnsupportedError } from '../../../../cypher/errors';
import { TEMPORAL_FIELDS } from '../../../../cypher/temporal';
import { ANY, BOOLEAN, elementOf, isNumeric, NULL, type CyType } from '../../../../cypher/types';
import { literalPath } from '../../filter-sql';
import { compileCall } from './compile-functions';
import { Frame, type Binding } from './frame';
import {
  convert,
  elementAt,
  elementOfEach,
  jsonElement,
  jsonText,
  jsonType,
  scalar,
  type Compiled,
} from './representation';
import type { SqlBuilder } from './sql-builder';
import { knownText, textPredicate } from './text-predicates';

/** What expressions need from the pattern compiler (patterns inside expressions). */
export interface PatternSql {
  /**
   * `EXISTS (...)` (or, `negated`, its negation) or `(SELECT count(*) ...)` of patterns (and
   * a WHERE) read in `frame`.
   */
  subquery(
    frame: Frame,
    patterns: readonly PatternPart[],
    where: Expr | null,
    mode: 'exists' | 'count',
    negated?: boolean,
  ): string;
  /** A pattern predicate, or with `negated` its negation. */
  predicate(frame: Frame, element: PatternElement, negated?: boolean): string;
}

/** Columns of the record's own fields. */
const NODE_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  name: 'name',
  entityType: 'entity_type',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const EDGE_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** Longest SQL of the two operands of one arithmetic operator (about 1,000 terms' worth). */
const MAX_OPERAND_SQL = 200_000;

/**
 * The embedded store reads these values in a subquery of their own, where SQL cannot
 * aggregate. prepareCypher computes such aggregates in a projection of their own first
 * (hoist-aggregates.ts), so none should reach here; one that did would be refused (400
 * CYPHER_UNSUPPORTED) rather than compiled into SQL that SQLite rejects.
 */
function aggregateOutsideList(expr: Expr, where: string): void {
  if (containsAggregate(expr)) {
    throw new CypherUnsupportedError(
      'aggregate in a list expression',
      `An aggregate inside ${where} is not supported on the embedded store: compute it in a WITH first (WITH collect(x) AS xs RETURN ...)`,
      expr.pos,
    );
  }
}

/** Longest SQL of one expression (see `compile`): far more than any real query needs. */
const MAX_EXPRESSION_SQL = 1_000_000;

const JSON_CATEGORY = (t: string) =>
  `(CASE ${t} WHEN 'integer' THEN 'n' WHEN 'real' THEN 'n' WHEN 'text' THEN 's' WHEN 'true' THEN 'b' WHEN 'false' THEN 'b' END)`;

/** The kind `=` compares within, of a JSON type: lists and maps have theirs too. */
const EQUALITY_CATEGORY = (t: string) =>
  `(CASE ${t} WHEN 'integer' THEN 'n' WHEN 'real' THEN 'n' WHEN 'text' THEN 's' WHEN 'true' THEN 'b' WHEN 'false' THEN 'b' WHEN 'array' THEN 'l' WHEN 'object' THEN 'm' END)`;

/** Kinds whose values SQL's IN compares as Cypher does (a boolean's 1 would equal 1). */
const SQL_IN_KINDS: ReadonlySet<string> = new Set([
  'string',
  'integer',
  'float',
  'number',
  'datetime',
  'date',
]);

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

/**
 * Compiles expressions to SQL over a frame, in the representation of representation.ts.
 * Every constant is a bound parameter; property keys travel as bound JSON paths.
 */
export class ExpressionCompiler {
  patterns!: PatternSql;

  constructor(readonly sql: SqlBuilder) {}

  /**
   * The SQL of `expr`. Refused (400 `size`) past MAX_EXPRESSION_SQL: some forms write an
   * operand out more than once (a value known only at run time, read by type), so deeply
   * nested calls could otherwise grow the statement exponentially, to gigabytes.
   */
  compile(expr: Expr, frame: Frame): Compiled {
    const compiled = this.compileExpression(expr, frame);
    if (compiled.sql.length > MAX_EXPRESSION_SQL) {
      throw new CypherLimitError(
        'size',
        0,
        'The query is too large to run: an expression compiles to more SQL than allowed; nest fewer functions, or compute inner values in a WITH first',
        expr.pos,
      );
    }
    return compiled;
  }

  private compileExpression(expr: Expr, frame: Frame): Compiled {
    const type = expr.type ?? ANY;
    if (expr.folded) {
      if (expr.folded.kind === 'duration') {
        throw new CypherUnsupportedError(
          'duration',
          'A duration can only be added to or subtracted from a date or datetime',
          expr.pos,
        );
      }
      return { sql: this.sql.bind(expr.folded.iso), type };
    }
    switch (expr.kind) {
      case 'literal':
        return {
          sql: expr.value === null ? 'NULL' : this.sql.bind(expr.value, expr.float === true),
          type,
        };
      case 'param':
        return { sql: this.sql.bind(this.paramValue(expr.name)), type };
      case 'var': {
        const item = expr.item === undefined ? undefined : this.projectionItems?.[expr.item];
        return item ? this.compile(item.expr, frame) : this.variable(expr.name, frame, type);
      }
      case 'prop':
        return this.property(expr.target, expr.key, frame, type);
      case 'index': {
        const list = this.compile(expr.target, frame);
        const index = scalar(this.compile(expr.index, frame));
        // The index once; one that is not an integer (a string property) gives no path: null.
        const path = `cy_list_path(${index})`;
        return { sql: elementAt(list.sql, path, type), type };
      }
      case 'list': {
        const items = expr.items.map((item) => jsonElement(this.compile(item, frame)));
        return { sql: `json_array(${items.join(', ')})`, type };
      }
      case 'map': {
        const entries = expr.entries.map(
          (e) => `${this.sql.bind(e.key)}, ${jsonElement(this.compile(e.value, frame))}`,
        );
        return { sql: `json_object(${entries.join(', ')})`, type };
      }
      case 'unary': {
        if (expr.op === 'not') {
          // A pattern's absence has plans of its own (compile-subquery.ts).
          const operand = expr.operand;
          if (operand.kind === 'patternPredicate') {
            return { sql: this.patterns.predicate(frame, operand.element, true), type: BOOLEAN };
          }
          if (operand.kind === 'subquery' && operand.mode === 'exists') {
            const sql = this.patterns.subquery(
              frame,
              operand.patterns,
              operand.where,
              'exists',
              true,
            );
            return { sql, type: BOOLEAN };
          }
          return { sql: `(NOT ${this.boolean(expr.operand, frame)})`, type: BOOLEAN };
        }
        const operand = scalar(this.compile(expr.operand, frame));
        return { sql: expr.op === '-' ? `(-${operand})` : operand, type };
      }
      case 'binary':
        return { sql: this.binary(expr, frame), type };
      case 'isNull':
        return {
          sql: `(${this.compile(expr.operand, frame).sql} IS ${expr.negated ? 'NOT ' : ''}NULL)`,
          type: BOOLEAN,
        };
      case 'labels': {
        const labels = expr.labels.filter((l) => l !== 'Entity');
        if (labels.length === 0) {
          const id = this.compile(expr.target, frame).sql;
          return { sql: `(CASE WHEN ${id} IS NULL THEN NULL ELSE 1 END)`, type: BOOLEAN };
        }
        // The type of a null node reads as null, so the test is null then without a CASE;
        // a plain comparison lets SQLite turn `n:A OR n:B` into an index look-up.
        const node = this.entityColumn(expr.target, frame, 'entity_type');
        const tests = labels.map((l) => `${node} = ${this.sql.bind(l)}`);
        return { sql: `(${tests.join(' AND ')})`, type: BOOLEAN };
      }
      case 'call':
        return compileCall(this, expr, frame);
      case 'case':
        return this.caseExpression(expr, frame, type);
      case 'listComprehension':
        return this.listComprehension(expr, frame, type);
      case 'quantifier':
        return { sql: this.quantifier(expr, frame), type: BOOLEAN };
      case 'patternPredicate':
        return { sql: this.patterns.predicate(frame, expr.element), type: BOOLEAN };
      case 'subquery':
        return {
          sql: this.patterns.subquery(frame, expr.patterns, expr.where, expr.mode),
          type,
        };
    }
  }

  /** SQL that is true, false or null, for WHERE and the logical operators. */
  boolean(expr: Expr, frame: Frame): string {
    const c = this.compile(expr, frame);
    if (c.type.kind === 'any') {
      return `(CASE ${jsonType(c)} WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`;
    }
    return c.sql;
  }

  private paramValue(name: string): unknown {
    return this.parameters[name];
  }

  /** The analyst's parameters (set by the query compiler). */
  parameters: Readonly<Record<string, unknown>> = {};

  /** While an ORDER BY is compiled: the items its column names stand for. */
  projectionItems: readonly ProjectionItem[] | null = null;

  private variable(name: string, frame: Frame, type: CyType): Compiled {
    const binding = frame.lookup(name);
    if (!binding) {
      throw new Error(`unbound variable ${name} reached the SQLite compiler`);
    }
    return binding.kind === 'value'
      ? { sql: binding.sql, type: binding.type }
      : { sql: binding.id, type };
  }

  /** The binding of a node or relationship variable, when `expr` is one. */
  entityBinding(
    expr: Expr,
    frame: Frame,
  ): Extract<Binding, { kind: 'node' | 'relationship' }> | null {
    if (expr.kind !== 'var') {
      return null;
    }
    const binding = frame.lookup(expr.name);
    return binding && binding.kind !== 'value' ? binding : null;
  }

  /**
   * True when `expr` is a node or relationship variable of a row its frame joins (not a
   * LEFT JOIN): it is never null there.
   */
  isMatchedRow(expr: Expr, frame: Frame): boolean {
    const binding = this.entityBinding(expr, frame);
    const alias = binding?.alias;
    return (
      alias !== null &&
      alias !== undefined &&
      binding!.frame.from.some(
        (item) => item === `graph_nodes ${alias}` || item === `graph_edges ${alias}`,
      )
    );
  }

  /** A column of the row of a node or relationship expression (joined, or read by id). */
  entityColumn(expr: Expr, frame: Frame, column: string): string {
    const binding = this.entityBinding(expr, frame);
    if (binding) {
      return `${frame.rowAlias(binding)}.${column}`;
    }
    const table = expr.type?.kind === 'relationship' ? 'graph_edges' : 'graph_nodes';
    aggregateOutsideList(expr, 'a node or relationship function');
    const id = this.compile(expr, frame).sql;
    return `(SELECT ${column} FROM ${table} WHERE workspace_id = ${this.sql.ws} AND id = ${id})`;
  }

  /** The JSON path of a property key: bound, or literal for a key with a declared index. */
  keyPath(key: string): string {
    return this.sql.indexedKeys.has(key) ? literalPath(key) : this.sql.bind(`$.${key}`);
  }

  private property(target: Expr, key: string, frame: Frame, type: CyType): Compiled {
    const kind = target.type?.kind;
    if (kind === 'node' || kind === 'relationship') {
      const columns = kind === 'node' ? NODE_COLUMNS : EDGE_COLUMNS;
      // Own keys only: `n.constructor` is a property like any other.
      const own = Object.hasOwn(columns, key) ? columns[key] : undefined;
      if (own === 'id') {
        return { sql: this.compile(target, frame).sql, type };
      }
      if (own !== undefined) {
        return { sql: this.entityColumn(target, frame, own), type };
      }
      const column = this.entityColumn(target, frame, 'properties');
      const path = this.keyPath(key);
      return { sql: `(${column} -> ${path})`, type, property: { column, path } };
    }
    if (kind === 'datetime' || kind === 'date') {
      const field = Object.hasOwn(TEMPORAL_FIELDS, key) ? TEMPORAL_FIELDS[key] : undefined;
      const value = this.compile(target, frame).sql;
      if (!field) {
        throw new Error(`no temporal field ${key}`);
      }
      return { sql: `CAST(substr(${value}, ${field.start}, ${field.length}) AS INTEGER)`, type };
    }
    if (kind === 'null') {
      return { sql: 'NULL', type: NULL };
    }
    const map = this.compile(target, frame);
    const path = this.sql.bind(`$.${key}`);
    if (type.kind === 'any') {
      return { sql: `(${map.sql} -> ${path})`, type, property: { column: map.sql, path } };
    }
    return { sql: elementAt(map.sql, path, type), type };
  }

  private binary(expr: BinaryOp, frame: Frame): string {
    switch (expr.op) {
      case 'and':
      case 'or':
        return `(${this.boolean(expr.left, frame)} ${expr.op.toUpperCase()} ${this.boolean(expr.right, frame)})`;
      case 'xor':
        return `(${this.boolean(expr.left, frame)} <> ${this.boolean(expr.right, frame)})`;
      case '=':
      case '<>':
      case '<':
      case '<=':
      case '>':
      case '>=':
        return this.comparison(
          expr.op,
          this.compile(expr.left, frame),
          this.compile(expr.right, frame),
        );
      case 'in': {
        aggregateOutsideList(expr.right, 'the list of an IN');
        const item = this.compile(expr.left, frame);
        const list = this.compile(expr.right, frame);
        if (list.type.kind === 'null') {
          return 'NULL';
        }
        const held = expr.right.kind === 'param' || expr.right.kind === 'list';
        if (held && (item.property !== undefined || SQL_IN_KINDS.has(item.type.kind))) {
          // A property or a string or number in a list the query holds (`n.id IN $ids`):
          // SQL's IN, which an index serves.
          return `(${scalar(item)} IN (SELECT value FROM json_each(${list.sql})))`;
        }
        // Cypher's IN, decided per row: item by item with Cypher's = (a boolean is not 1,
        // lists compare item by item), null when the list is null or no list.
        return `cy_in(${jsonText(item)}, ${jsonText(list)})`;
      }
      case 'starts with':
      case 'ends with':
      case 'contains': {
        const text = knownText(expr.right, this.parameters);
        return textPredicate(
          this.sql,
          expr.op,
          this.compile(expr.left, frame),
          text === null ? this.compile(expr.right, frame) : { text },
        );
      }
      default:
        return this.arithmetic(expr, frame);
    }
  }

  /** `=`, `<>` and the orderings, with Cypher's rule that values of different kinds never compare. */
  comparison(op: string, left: Compiled, right: Compiled): string {
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

  private arithmetic(expr: BinaryOp, frame: Frame): string {
    const type = expr.type ?? ANY;
    if (type.kind === 'datetime' || type.kind === 'date') {
      // The duration is a constant (the analyzer folded it): only the other side is SQL.
      const durationFirst = expr.left.type?.kind === 'duration';
      const moved = this.compile(durationFirst ? expr.right : expr.left, frame);
      const d = (durationFirst ? expr.left : expr.right).folded;
      if (!d || d.kind !== 'duration') {
        throw new Error('a duration that was not folded reached the SQLite compiler');
      }
      const sign = expr.op === '-' ? -1 : 1;
      return `cy_add(${moved.sql}, ${this.sql.bind(d.months)}, ${this.sql.bind(d.days)}, ${this.sql.bind(d.millis)}, ${sign}, ${type.kind === 'date' ? 1 : 0})`;
    }
    const left = this.compile(expr.left, frame);
    const right = this.compile(expr.right, frame);
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
      return `(${this.text(left)} || ${this.text(right)})`;
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
      const alias = this.sql.alias('v');
      selects.push(`${c.type.kind === 'any' ? c.sql : scalar(c)} AS ${alias}`);
      return sideOf({ ...c, sql: alias, property: undefined });
    };
    const [a, b] = [once(left), once(right)];
    return `(SELECT ${decided(a, b)} FROM (SELECT ${selects.join(', ')}))`;
  }

  /** A value as text for `+` with a string (Cypher's toString). */
  text(c: Compiled): string {
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

  private caseExpression(
    expr: Extract<Expr, { kind: 'case' }>,
    frame: Frame,
    type: CyType,
  ): Compiled {
    const subject = expr.subject ? this.compile(expr.subject, frame) : null;
    const branches = expr.whens.map(({ when, then }) => {
      const test = subject
        ? this.comparison('=', subject, this.compile(when, frame))
        : this.boolean(when, frame);
      return `WHEN ${test} THEN ${convert(this.compile(then, frame), type)}`;
    });
    const otherwise = expr.otherwise
      ? ` ELSE ${convert(this.compile(expr.otherwise, frame), type)}`
      : '';
    return { sql: `(CASE ${branches.join(' ')}${otherwise} END)`, type };
  }

  /** A child frame over the items of a list, with `variable` bound to each item. */
  private overList(
    source: Expr,
    variable: string,
    frame: Frame,
  ): { list: string; sub: Frame; j: string } {
    aggregateOutsideList(source, 'a list comprehension or quantifier');
    const list = this.compile(source, frame).sql;
    const sub = new Frame(this.sql, frame);
    const j = this.sql.alias('j');
    sub.from.push(`json_each(${list}) ${j}`);
    bindElement(sub, variable, j, elementOf(source.type ?? ANY));
    return { list, sub, j };
  }

  private listComprehension(
    expr: Extract<Expr, { kind: 'listComprehension' }>,
    frame: Frame,
    type: CyType,
  ): Compiled {
    const { list, sub, j } = this.overList(expr.source, expr.variable, frame);
    if (expr.where) {
      sub.where.push(this.boolean(expr.where, sub));
    }
    const item = expr.map
      ? this.compile(expr.map, sub)
      : this.variable(expr.variable, sub, elementOf(type));
    return {
      sql: `(CASE WHEN json_type(${list}) IS NOT 'array' THEN NULL ELSE (SELECT json_group_array(${jsonElement(item)} ORDER BY ${j}.key)${sub.body()}) END)`,
      type,
    };
  }

  private quantifier(expr: Extract<Expr, { kind: 'quantifier' }>, frame: Frame): string {
    const { list, sub } = this.overList(expr.source, expr.variable, frame);
    const test = this.boolean(expr.where, sub);
    const rows = (condition: string) => {
      sub.where.push(condition);
      const body = sub.body();
      sub.where.pop();
      return body;
    };
    const result = (() => {
      switch (expr.quantifier) {
        case 'all':
          return `NOT EXISTS (SELECT 1${rows(`(${test}) IS NOT 1`)})`;
        case 'any':
          return `EXISTS (SELECT 1${rows(`(${test}) = 1`)})`;
        case 'none':
          return `NOT EXISTS (SELECT 1${rows(`(${test}) = 1`)})`;
        case 'single':
          return `((SELECT count(*)${rows(`(${test}) = 1`)}) = 1)`;
      }
    })();
    return `(CASE WHEN json_type(${list}) IS NOT 'array' THEN NULL ELSE ${result} END)`;
  }
}

/** Binds `variable` in `frame` to the items of json_each alias `j`, holding `type` values. */
export function bindElement(frame: Frame, variable: string, j: string, type: CyType): void {
  if (type.kind === 'node' || type.kind === 'relationship') {
    frame.bindEntity(variable, type.kind, `${j}.value`, null);
  } else {
    frame.bindValue(variable, elementOfEach(j, type), type);
  }
}
