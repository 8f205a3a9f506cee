import { PROPERTY_KEY_PATTERN, TYPE_NAME_PATTERN } from '../domain/properties';
import type { BinaryOp, Expr, PatternElement, PatternPart } from './ast';
import { isComparison } from './ast-utils';
import { typeCall } from './analyze-calls';
import { arithmeticType, checkComparable, requireNumber } from './analyze-operators';
import { CypherSemanticError, CypherUnsupportedError, type Position } from './errors';
import {
  ANY,
  BOOLEAN,
  DATETIME,
  elementOf,
  FLOAT,
  INTEGER,
  listOf,
  mapOf,
  NULL,
  NUMBER,
  STRING,
  describeType,
  withArticle,
  unify,
  type CyType,
} from './types';
import { TEMPORAL_FIELDS } from './temporal';

/** Where an expression stands, for the checks that depend on it. */
export interface ExprContext {
  scope: ReadonlyMap<string, CyType>;
  /** Aggregating functions are allowed here (projection items, their ORDER BY). */
  aggregates: boolean;
  /** Inside an aggregate's argument (aggregates do not nest). */
  inAggregate?: boolean;
}

/** What the expression typer needs from the pattern checker (patterns inside expressions). */
export interface PatternScoper {
  /** Checks a pattern predicate, whose variables must all be bound already. */
  predicate(element: PatternElement, scope: ReadonlyMap<string, CyType>): void;
  /** Checks the patterns of an EXISTS/COUNT subquery; returns the scope inside it. */
  subquery(patterns: PatternPart[], scope: ReadonlyMap<string, CyType>): Map<string, CyType>;
}

/** The record's own fields readable as `n.<field>`, with their types. */
const NODE_FIELDS: Readonly<Record<string, CyType>> = {
  id: STRING,
  name: STRING,
  entityType: STRING,
  version: INTEGER,
  createdAt: DATETIME,
  updatedAt: DATETIME,
};
const RELATIONSHIP_FIELDS: Readonly<Record<string, CyType>> = {
  id: STRING,
  version: INTEGER,
  createdAt: DATETIME,
  updatedAt: DATETIME,
};

/** The static type of a parameter from its JSON value. */
export function typeOfValue(value: unknown): CyType {
  if (value === null || value === undefined) {
    return NULL;
  }
  switch (typeof value) {
    case 'string':
      return STRING;
    case 'boolean':
      return BOOLEAN;
    case 'number':
      // A whole number past 2^53 is no exact integer (JSON has lost its digits); both
      // engines bind it as a float, and so it is typed.
      return Number.isSafeInteger(value) ? INTEGER : FLOAT;
    case 'object': {
      if (Array.isArray(value)) {
        return listOf(value.map(typeOfValue).reduce((a, b) => unify(a, b), NULL));
      }
      const fields: Record<string, CyType> = Object.create(null) as Record<string, CyType>;
      for (const [key, item] of Object.entries(value)) {
        fields[key] = typeOfValue(item);
      }
      return mapOf(fields);
    }
    default:
      return ANY;
  }
}

/** A property key as written after `.`: checked, and never the workspace. */
export function checkPropertyKey(key: string, pos: Position): void {
  if (key === 'workspaceId') {
    throw new CypherUnsupportedError(
      'workspaceId',
      'workspaceId cannot be read or matched: every query reads the workspace of the request only',
      pos,
    );
  }
  if (!PROPERTY_KEY_PATTERN.test(key)) {
    throw new CypherSemanticError(
      `${JSON.stringify(key)} is not a property key (letters, digits and _, at most 64)`,
      pos,
    );
  }
}

/**
 * Infers and checks the type of every expression (setting `expr.type`), folds temporal
 * constants (`expr.folded`), and enforces where aggregates may stand.
 */
export class ExpressionTyper {
  patterns!: PatternScoper;

  constructor(
    private readonly params: Readonly<Record<string, unknown>>,
    /** The query's time, which datetime() and date() without arguments read. */
    readonly nowMillis: number,
  ) {}

  type(expr: Expr, ctx: ExprContext): CyType {
    const type = this.infer(expr, ctx);
    expr.type = type;
    return type;
  }

  /** Types `expr` and requires a boolean (or a value only known at run time). */
  predicate(expr: Expr, ctx: ExprContext, what = 'WHERE'): void {
    const type = this.type(expr, ctx);
    if (!['boolean', 'any', 'null'].includes(type.kind)) {
      throw new CypherSemanticError(
        `${what} needs a boolean, not ${withArticle(describeType(type))}`,
        expr.pos,
      );
    }
  }

  /** The JSON value of a literal or parameter, `undefined` for anything else. */
  constantOf(expr: Expr): unknown {
    if (expr.kind === 'literal') {
      return expr.value;
    }
    if (expr.kind === 'param') {
      return this.params[expr.name];
    }
    if (expr.kind === 'map') {
      const map: Record<string, unknown> = {};
      for (const entry of expr.entries) {
        const value = this.constantOf(entry.value);
        if (value === undefined) {
          return undefined;
        }
        map[entry.key] = value;
      }
      return map;
    }
    return undefined;
  }

  private infer(expr: Expr, ctx: ExprContext): CyType {
    switch (expr.kind) {
      case 'literal':
        if (expr.value === null) {
          return NULL;
        }
        if (typeof expr.value === 'number') {
          return expr.float ? FLOAT : INTEGER;
        }
        return typeof expr.value === 'string' ? STRING : BOOLEAN;
      case 'param':
        // Own keys only: `$constructor` is not a parameter because every object has one.
        if (!Object.hasOwn(this.params, expr.name)) {
          throw new CypherSemanticError(`The parameter $${expr.name} is missing`, expr.pos);
        }
        return typeOfValue(this.params[expr.name]);
      case 'var': {
        const type = ctx.scope.get(expr.name);
        if (!type) {
          throw new CypherSemanticError(`Variable ${expr.name} is not defined`, expr.pos);
        }
        return type;
      }
      case 'prop':
        return this.property(expr.target, expr.key, expr.pos, ctx);
      case 'index': {
        const target = this.type(expr.target, ctx);
        const index = this.type(expr.index, ctx);
        if (!['integer', 'any', 'null'].includes(index.kind)) {
          throw new CypherSemanticError('A list index must be an integer', expr.index.pos);
        }
        if (!['list', 'any', 'null'].includes(target.kind)) {
          throw new CypherUnsupportedError(
            'dynamic property',
            `Indexing a ${describeType(target)} is not supported; only lists can be indexed`,
            expr.pos,
          );
        }
        return elementOf(target);
      }
      case 'list':
        return listOf(
          expr.items.map((item) => this.type(item, ctx)).reduce((a, b) => unify(a, b), NULL),
        );
      case 'map': {
        const fields: Record<string, CyType> = Object.create(null) as Record<string, CyType>;
        for (const entry of expr.entries) {
          checkPropertyKey(entry.key, entry.pos);
          fields[entry.key] = this.type(entry.value, ctx);
        }
        return mapOf(fields);
      }
      case 'unary': {
        if (expr.op === 'not') {
          this.predicate(expr.operand, ctx, 'NOT');
          return BOOLEAN;
        }
        const operand = this.type(expr.operand, ctx);
        requireNumber(operand, expr.operand.pos, `unary ${expr.op}`);
        return operand.kind === 'null' || operand.kind === 'any' ? NUMBER : operand;
      }
      case 'binary':
        return this.binary(expr, ctx);
      case 'isNull':
        this.type(expr.operand, ctx);
        return BOOLEAN;
      case 'labels': {
        const target = this.type(expr.target, ctx);
        if (!['node', 'null'].includes(target.kind)) {
          throw new CypherSemanticError('Label predicates apply to nodes', expr.pos);
        }
        for (const label of expr.labels) {
          checkName(label, expr.pos, 'label');
        }
        return BOOLEAN;
      }
      case 'call':
        return typeCall(this, expr, ctx);
      case 'case':
        return this.caseExpression(expr, ctx);
      case 'listComprehension': {
        const source = this.listSource(expr.source, ctx);
        const inner = this.withVariable(ctx, expr.variable, elementOf(source));
        if (expr.where) {
          this.predicate(expr.where, inner, 'WHERE');
        }
        return listOf(expr.map ? this.type(expr.map, inner) : elementOf(source));
      }
      case 'quantifier': {
        const source = this.listSource(expr.source, ctx);
        this.predicate(
          expr.where,
          this.withVariable(ctx, expr.variable, elementOf(source)),
          'WHERE',
        );
        return BOOLEAN;
      }
      case 'patternPredicate':
        this.patterns.predicate(expr.element, ctx.scope);
        return BOOLEAN;
      case 'subquery': {
        const scope = this.patterns.subquery(expr.patterns, ctx.scope);
        if (expr.where) {
          this.predicate(expr.where, { scope, aggregates: false }, 'WHERE');
        }
        return expr.mode === 'exists' ? BOOLEAN : INTEGER;
      }
    }
  }

  private withVariable(ctx: ExprContext, name: string, type: CyType): ExprContext {
    const scope = new Map(ctx.scope);
    scope.set(name, type);
    return { ...ctx, scope };
  }

  private listSource(expr: Expr, ctx: ExprContext): CyType {
    const type = this.type(expr, ctx);
    if (!['list', 'any', 'null'].includes(type.kind)) {
      throw new CypherSemanticError(
        `IN needs a list, not ${withArticle(describeType(type))}`,
        expr.pos,
      );
    }
    return type;
  }

  private property(target: Expr, key: string, pos: Position, ctx: ExprContext): CyType {
    const type = this.type(target, ctx);
    switch (type.kind) {
      case 'node':
      case 'relationship': {
        checkPropertyKey(key, pos);
        const own = type.kind === 'node' ? NODE_FIELDS : RELATIONSHIP_FIELDS;
        return Object.hasOwn(own, key) ? (own[key] ?? ANY) : ANY;
      }
      case 'map':
        checkPropertyKey(key, pos);
        return type.fields === null
          ? ANY
          : Object.hasOwn(type.fields, key)
            ? (type.fields[key] ?? NULL)
            : NULL;
      case 'properties':
      case 'any':
        checkPropertyKey(key, pos);
        return ANY;
      case 'null':
        return NULL;
      case 'datetime':
      case 'date': {
        const field = Object.hasOwn(TEMPORAL_FIELDS, key) ? TEMPORAL_FIELDS[key] : undefined;
        if (!field || (type.kind === 'date' && !field.date)) {
          throw new CypherSemanticError(`A ${type.kind} has no field ${key}`, pos);
        }
        return INTEGER;
      }
      default:
        throw new CypherSemanticError(`A ${describeType(type)} has no properties`, pos);
    }
  }

  private binary(expr: BinaryOp, ctx: ExprContext): CyType {
    const { op } = expr;
    if (op === 'and' || op === 'or' || op === 'xor') {
      this.predicate(expr.left, ctx, op.toUpperCase());
      this.predicate(expr.right, ctx, op.toUpperCase());
      return BOOLEAN;
    }
    const left = this.type(expr.left, ctx);
    const right = this.type(expr.right, ctx);
    if (isComparison(op)) {
      checkComparable(left, right, op, expr.pos);
      return BOOLEAN;
    }
    switch (op) {
      case 'in':
        if (!['list', 'any', 'null'].includes(right.kind)) {
          throw new CypherSemanticError(
            `IN needs a list, not ${withArticle(describeType(right))}`,
            expr.right.pos,
          );
        }
        return BOOLEAN;
      case 'starts with':
      case 'ends with':
      case 'contains':
        for (const [side, type] of [
          [expr.left, left],
          [expr.right, right],
        ] as const) {
          if (!['string', 'any', 'null'].includes(type.kind)) {
            throw new CypherSemanticError(
              `${op.toUpperCase()} needs strings, not ${withArticle(describeType(type))}`,
              side.pos,
            );
          }
        }
        return BOOLEAN;
      default:
        return arithmeticType(expr, left, right);
    }
  }

  private caseExpression(expr: Extract<Expr, { kind: 'case' }>, ctx: ExprContext): CyType {
    if (expr.subject) {
      const subject = this.type(expr.subject, ctx);
      for (const { when } of expr.whens) {
        checkComparable(subject, this.type(when, ctx), '=', when.pos);
      }
    } else {
      for (const { when } of expr.whens) {
        this.predicate(when, ctx, 'WHEN');
      }
    }
    let result: CyType = expr.otherwise ? this.type(expr.otherwise, ctx) : NULL;
    for (const { then } of expr.whens) {
      result = unify(result, this.type(then, ctx));
    }
    return result;
  }
}

/**
 * Refuses a label or relationship type the analyst may not name: the service's own (a
 * leading `_`), in patterns and label predicates alike, or one that is not a type name.
 */
export function checkName(name: string, pos: Position, what: string): void {
  if (name.startsWith('_')) {
    throw new CypherUnsupportedError(
      'system label',
      `The ${what} ${name} is not available: names starting with _ belong to the service's own records`,
      pos,
    );
  }
  if (!TYPE_NAME_PATTERN.test(name)) {
    throw new CypherSemanticError(
      `${JSON.stringify(name)} is not a valid ${what} (a letter, then letters, digits and _, at most 64)`,
      pos,
    );
  }
}
