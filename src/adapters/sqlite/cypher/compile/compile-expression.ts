import type {
  BinaryOp,
  Expr,
  PatternElement,
  PatternPart,
  ProjectionItem,
} from '../../../../cypher/ast';
import { isComparison } from '../../../../cypher/ast-utils';
import { CypherLimitError, durationAsValueError } from '../../../../cypher/errors';
import { TEMPORAL_FIELDS } from '../../../../cypher/temporal';
import { ANY, BOOLEAN, NULL, type CyType } from '../../../../cypher/types';
import { literalPath } from '../../filter-sql';
import { compileCall } from './compile-functions';
import { aggregateOutsideList, listComprehension, quantifier } from './compile-lists';
import { arithmetic, comparison } from './compile-operators';
import type { Binding, Frame } from './frame';
import {
  convert,
  EDGE_FIELD_COLUMNS,
  elementAt,
  jsonElement,
  jsonText,
  jsonType,
  NODE_FIELD_COLUMNS,
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

/** Longest SQL of one expression (see `compile`): far more than any real query needs. */
const MAX_EXPRESSION_SQL = 1_000_000;

/** Kinds whose values SQL's IN compares as Cypher does (a boolean's 1 would equal 1). */
const SQL_IN_KINDS: ReadonlySet<string> = new Set([
  'string',
  'integer',
  'float',
  'number',
  'datetime',
  'date',
]);

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
        throw durationAsValueError(expr.pos);
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
        return listComprehension(this, expr, frame, type);
      case 'quantifier':
        return { sql: quantifier(this, expr, frame), type: BOOLEAN };
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

  /** The value a variable is bound to in `frame`. */
  variable(name: string, frame: Frame, type: CyType): Compiled {
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
      const columns = kind === 'node' ? NODE_FIELD_COLUMNS : EDGE_FIELD_COLUMNS;
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
    if (isComparison(expr.op)) {
      return comparison(expr.op, this.compile(expr.left, frame), this.compile(expr.right, frame));
    }
    switch (expr.op) {
      case 'and':
      case 'or':
        return `(${this.boolean(expr.left, frame)} ${expr.op.toUpperCase()} ${this.boolean(expr.right, frame)})`;
      case 'xor':
        return `(${this.boolean(expr.left, frame)} <> ${this.boolean(expr.right, frame)})`;
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
        return arithmetic(this, expr, frame);
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
        ? comparison('=', subject, this.compile(when, frame))
        : this.boolean(when, frame);
      return `WHEN ${test} THEN ${convert(this.compile(then, frame), type)}`;
    });
    const otherwise = expr.otherwise
      ? ` ELSE ${convert(this.compile(expr.otherwise, frame), type)}`
      : '';
    return { sql: `(CASE ${branches.join(' ')}${otherwise} END)`, type };
  }
}
