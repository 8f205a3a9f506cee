import type { FunctionCall } from './ast';
import type { ExprContext, ExpressionTyper } from './analyze-expression';
import { CypherSemanticError, CypherUnsupportedError } from './errors';
import { accepted, describeAccepts, FUNCTION_HINTS, FUNCTIONS } from './functions';
import { foldCall } from './fold';
import { describeType, withArticle, type CyType } from './types';

/**
 * Checks a function call (known, its arguments' number and types, where aggregates may
 * stand) and types it; a temporal constructor of constants is folded.
 */
export function typeCall(typer: ExpressionTyper, expr: FunctionCall, ctx: ExprContext): CyType {
  const spec = Object.hasOwn(FUNCTIONS, expr.name) ? FUNCTIONS[expr.name] : undefined;
  if (!spec) {
    const hint = Object.hasOwn(FUNCTION_HINTS, expr.name) ? FUNCTION_HINTS[expr.name] : undefined;
    throw new CypherUnsupportedError(
      `${expr.name}()`,
      `The function ${expr.name}() is not supported${hint ? `: ${hint}` : ''}`,
      expr.pos,
    );
  }
  if (spec.aggregate) {
    if (!ctx.aggregates) {
      throw new CypherSemanticError(`${expr.name}() aggregates and cannot be used here`, expr.pos);
    }
    if (ctx.inAggregate) {
      throw new CypherSemanticError('Aggregations cannot be nested', expr.pos);
    }
  } else if (expr.distinct) {
    throw new CypherSemanticError(`DISTINCT applies to aggregations, not ${expr.name}()`, expr.pos);
  }
  if (expr.star && expr.name !== 'count') {
    throw new CypherSemanticError(
      `${expr.name}(*) is not a function call; only count(*) is`,
      expr.pos,
    );
  }
  if (!expr.star && (expr.args.length < spec.minArgs || expr.args.length > spec.maxArgs)) {
    const count =
      spec.minArgs === spec.maxArgs ? `${spec.minArgs}` : `${spec.minArgs} to ${spec.maxArgs}`;
    throw new CypherSemanticError(`${expr.name}() takes ${count} argument(s)`, expr.pos);
  }
  if (expr.name === 'count' && !expr.star && expr.args.length === 0) {
    throw new CypherSemanticError('count() takes an argument, or *', expr.pos);
  }
  const inner: ExprContext = spec.aggregate ? { ...ctx, inAggregate: true } : ctx;
  const args = expr.args.map((arg, i) => {
    const type = typer.type(arg, inner);
    const accepts = spec.accepts[Math.min(i, spec.accepts.length - 1)] ?? null;
    if (!accepted(accepts, type)) {
      throw new CypherSemanticError(
        `${expr.name}() needs ${describeAccepts(accepts ?? [])}, not ${withArticle(describeType(type))}`,
        arg.pos,
      );
    }
    return type;
  });
  if (['date', 'datetime', 'duration'].includes(expr.name)) {
    temporalCall(typer, expr);
  }
  return spec.result(args);
}

/** date(), datetime() and duration() of a constant, folded (`expr.folded`). */
function temporalCall(typer: ExpressionTyper, expr: FunctionCall): void {
  const arg = expr.args[0];
  const constant: unknown = arg === undefined ? null : (arg.folded ?? typer.constantOf(arg));
  if (arg !== undefined && constant === null) {
    return; // datetime(null) is null, not now
  }
  if (arg !== undefined && constant === undefined) {
    if (expr.name === 'duration') {
      throw new CypherUnsupportedError(
        'duration',
        'duration() takes a constant (a literal or a parameter)',
        expr.pos,
      );
    }
    return;
  }
  // Only a value folded here is temporal: a parameter holding {kind: ...} is just a map.
  const folded = foldCall(expr.name, constant, typer.nowMillis, arg?.folded !== undefined);
  if (typeof folded === 'string') {
    throw new CypherSemanticError(folded, expr.pos);
  }
  if (folded) {
    expr.folded = folded;
  }
}
