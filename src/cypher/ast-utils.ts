import type { ComparisonOperator, Expr, PatternElement, PatternPart } from './ast';
import { isAggregate } from './functions';

/**
 * Walks over syntax trees: the direct sub-expressions of an expression, whether two
 * expressions are the same (ignoring positions), and whether one aggregates.
 */

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set(['=', '<>', '<', '<=', '>', '>=']);

/** True when `op` is a comparison operator (`=`, `<>` or an ordering). */
export function isComparison(op: string): op is ComparisonOperator {
  return COMPARISON_OPERATORS.has(op);
}

/** The expressions inside a pattern element (its property maps). */
export function patternExpressions(element: PatternElement): Expr[] {
  return [...element.nodes, ...element.relationships]
    .map((p) => p.properties)
    .filter((p): p is NonNullable<typeof p> => p !== null);
}

/** The direct sub-expressions of `expr`. */
export function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'literal':
    case 'param':
    case 'var':
      return [];
    case 'prop':
      return [expr.target];
    case 'index':
      return [expr.target, expr.index];
    case 'list':
      return expr.items;
    case 'map':
      return expr.entries.map((e) => e.value);
    case 'unary':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'isNull':
      return [expr.operand];
    case 'labels':
      return [expr.target];
    case 'call':
      return expr.args;
    case 'case':
      return [
        ...(expr.subject ? [expr.subject] : []),
        ...expr.whens.flatMap((w) => [w.when, w.then]),
        ...(expr.otherwise ? [expr.otherwise] : []),
      ];
    case 'listComprehension':
      return [expr.source, ...(expr.where ? [expr.where] : []), ...(expr.map ? [expr.map] : [])];
    case 'quantifier':
      return [expr.source, expr.where];
    case 'patternPredicate':
      return patternExpressions(expr.element);
    case 'subquery':
      return [
        ...expr.patterns.flatMap((p: PatternPart) => patternExpressions(p.element)),
        ...(expr.where ? [expr.where] : []),
      ];
  }
}

/** True when `expr` calls an aggregating function (outside nested subqueries). */
export function containsAggregate(expr: Expr): boolean {
  if (expr.kind === 'call' && isAggregate(expr.name)) {
    return true;
  }
  if (expr.kind === 'subquery' || expr.kind === 'patternPredicate') {
    return false;
  }
  return children(expr).some(containsAggregate);
}

/** Every variable name `expr` reads (including names of patterns inside it). */
export function variablesOf(expr: Expr, into = new Set<string>()): Set<string> {
  if (expr.kind === 'var') {
    into.add(expr.name);
  }
  if (expr.kind === 'patternPredicate') {
    for (const p of [...expr.element.nodes, ...expr.element.relationships]) {
      if (p.variable) {
        into.add(p.variable);
      }
    }
  }
  if (expr.kind === 'subquery') {
    for (const part of expr.patterns) {
      for (const p of [...part.element.nodes, ...part.element.relationships]) {
        if (p.variable) {
          into.add(p.variable);
        }
      }
    }
  }
  for (const child of children(expr)) {
    variablesOf(child, into);
  }
  return into;
}

/** Fields the analyzer adds to a tree (see ast.ts); the parser never sets them. */
const ANALYZER_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'folded',
  'item',
  'bound',
  'skipCount',
  'limitCount',
]);
const ANALYZER_FIELDS_AND_POSITIONS: ReadonlySet<string> = new Set([...ANALYZER_FIELDS, 'pos']);

/** Structural equality, ignoring positions and analyzer annotations. */
export function sameExpr(a: Expr, b: Expr): boolean {
  return (
    JSON.stringify(copyWithout(a, ANALYZER_FIELDS_AND_POSITIONS)) ===
    JSON.stringify(copyWithout(b, ANALYZER_FIELDS_AND_POSITIONS))
  );
}

/** A deep copy of a tree as the parser made it: the analyzer's annotations left out. */
export function withoutAnnotations<T>(tree: T): T {
  return copyWithout(tree, ANALYZER_FIELDS) as T;
}

function copyWithout(value: unknown, fields: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => copyWithout(item, fields));
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!fields.has(key)) {
        out[key] = copyWithout(item, fields);
      }
    }
    return out;
  }
  return value;
}
