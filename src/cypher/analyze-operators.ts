import type { BinaryOp } from './ast';
import { CypherSemanticError, CypherUnsupportedError, type Position } from './errors';
import { foldBinary } from './fold';
import * as types from './types';

/*
 * The types of arithmetic and the checks of comparisons (ExpressionTyper.binary): which
 * operands each operator takes and what it makes of them.
 */

/** Requires a number (or a value known only at run time, or null) as an operand. */
export function requireNumber(type: types.CyType, pos: Position, what: string): void {
  if (!types.isNumeric(type) && type.kind !== 'any' && type.kind !== 'null') {
    throw new CypherSemanticError(
      `${what} needs numbers, not ${types.withArticle(types.describeType(type))}`,
      pos,
    );
  }
}

/** The type of an arithmetic operator applied to operands of types `left` and `right`. */
export function arithmeticType(
  expr: BinaryOp,
  left: types.CyType,
  right: types.CyType,
): types.CyType {
  const { op } = expr;
  const temporal =
    left.kind === 'datetime' ||
    left.kind === 'date' ||
    left.kind === 'duration' ||
    right.kind === 'duration';
  if (temporal) {
    return temporalArithmetic(expr, left, right);
  }
  if (op === '+') {
    if (left.kind === 'list' || right.kind === 'list') {
      const l = left.kind === 'list' ? left.of : left;
      const r = right.kind === 'list' ? right.of : right;
      return types.listOf(types.unify(l, r));
    }
    if (left.kind === 'any' || right.kind === 'any') {
      // Decided per row: a string with a list property appends to the list.
      return types.ANY;
    }
    if (left.kind === 'string' || right.kind === 'string') {
      return types.STRING;
    }
  }
  requireNumber(left, expr.left.pos, op);
  requireNumber(right, expr.right.pos, op);
  if (left.kind === 'null' || right.kind === 'null') {
    return types.NULL;
  }
  if (op === '^') {
    return types.FLOAT;
  }
  if (left.kind === right.kind && left.kind !== 'any') {
    return left;
  }
  if (left.kind === 'float' || right.kind === 'float') {
    return types.FLOAT;
  }
  return types.NUMBER;
}

/** `<datetime or date> + or - <duration>`, folded to a constant when both sides are. */
function temporalArithmetic(expr: BinaryOp, left: types.CyType, right: types.CyType): types.CyType {
  const { op } = expr;
  const moved = left.kind === 'duration' ? right : left;
  const duration = left.kind === 'duration' ? expr.left : expr.right;
  const ok =
    (op === '+' || op === '-') &&
    (moved.kind === 'datetime' || moved.kind === 'date') &&
    duration.type?.kind === 'duration' &&
    !(op === '-' && left.kind === 'duration');
  if (!ok) {
    throw new CypherUnsupportedError(
      'temporal arithmetic',
      'Dates and times support only <datetime or date> + or - <duration>',
      expr.pos,
    );
  }
  if (!duration.folded || duration.folded.kind !== 'duration') {
    throw new CypherUnsupportedError(
      'duration',
      'duration() takes a constant (a literal or a parameter)',
      duration.pos,
    );
  }
  if (moved.kind === 'date' && duration.folded.millis !== 0) {
    throw new CypherSemanticError('A date moves by whole months and days only', duration.pos);
  }
  const folded = foldBinary(expr);
  if (typeof folded === 'string') {
    throw new CypherSemanticError(folded, expr.pos);
  }
  if (folded) {
    expr.folded = folded;
  }
  return moved.kind === 'date' ? types.DATE : types.DATETIME;
}

/**
 * Comparisons that Cypher answers with null whatever the data (a date with a string, a node
 * with a number) are refused, so that no engine has to imitate that null: the SQLite
 * engine would otherwise compare the texts.
 */
export function checkComparable(
  left: types.CyType,
  right: types.CyType,
  op: string,
  pos: Position,
): void {
  if (left.kind === 'null' || right.kind === 'null') {
    return;
  }
  const ordering = op !== '=' && op !== '<>';
  const graph = (t: types.CyType) => ['node', 'relationship', 'path'].includes(t.kind);
  const temporal = (t: types.CyType) => ['datetime', 'date', 'duration'].includes(t.kind);
  if (graph(left) || graph(right) || temporal(left) || temporal(right)) {
    if (left.kind !== right.kind) {
      throw new CypherSemanticError(
        `Cannot compare a ${types.describeType(left)} with a ${types.describeType(right)}` +
          (temporal(left) || temporal(right) ? ' (convert with datetime() or date())' : ''),
        pos,
      );
    }
    if (left.kind === 'duration' || (ordering && graph(left))) {
      throw new CypherSemanticError(
        `${types.describeType(left)} values cannot be ordered with ${op}`,
        pos,
      );
    }
  }
  if (
    ordering &&
    (left.kind === 'list' || left.kind === 'map' || right.kind === 'list' || right.kind === 'map')
  ) {
    throw new CypherSemanticError(`Lists and maps cannot be ordered with ${op}`, pos);
  }
}
