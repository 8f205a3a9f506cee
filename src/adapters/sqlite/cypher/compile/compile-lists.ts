import type { Expr } from '../../../../cypher/ast';
import { containsAggregate } from '../../../../cypher/ast-utils';
import { CypherUnsupportedError } from '../../../../cypher/errors';
import { ANY, elementOf, type CyType } from '../../../../cypher/types';
import type { ExpressionCompiler } from './compile-expression';
import { Frame } from './frame';
import { elementOfEach, jsonElement, type Compiled } from './representation';

/*
 * Expressions over the items of a list (list comprehensions and quantifiers): a child
 * frame over json_each of the list, with the variable bound to each item.
 */

/**
 * The embedded store reads these values in a subquery of their own, where SQL cannot
 * aggregate. prepareCypher computes such aggregates in a projection of their own first
 * (hoist-aggregates.ts), so none should reach here; one that did would be refused (400
 * CYPHER_UNSUPPORTED) rather than compiled into SQL that SQLite rejects.
 */
export function aggregateOutsideList(expr: Expr, where: string): void {
  if (containsAggregate(expr)) {
    throw new CypherUnsupportedError(
      'aggregate in a list expression',
      `An aggregate inside ${where} is not supported on the embedded store: compute it in a WITH first (WITH collect(x) AS xs RETURN ...)`,
      expr.pos,
    );
  }
}

/** A child frame over the items of a list, with `variable` bound to each item. */
function overList(
  compiler: ExpressionCompiler,
  source: Expr,
  variable: string,
  frame: Frame,
): { list: string; sub: Frame; j: string } {
  aggregateOutsideList(source, 'a list comprehension or quantifier');
  const list = compiler.compile(source, frame).sql;
  const sub = new Frame(compiler.sql, frame);
  const j = compiler.sql.alias('j');
  sub.from.push(`json_each(${list}) ${j}`);
  bindElement(sub, variable, j, elementOf(source.type ?? ANY));
  return { list, sub, j };
}

/** `[x IN list WHERE ... | ...]`: a json_group_array over the list's items. */
export function listComprehension(
  compiler: ExpressionCompiler,
  expr: Extract<Expr, { kind: 'listComprehension' }>,
  frame: Frame,
  type: CyType,
): Compiled {
  const { list, sub, j } = overList(compiler, expr.source, expr.variable, frame);
  if (expr.where) {
    sub.where.push(compiler.boolean(expr.where, sub));
  }
  const item = expr.map
    ? compiler.compile(expr.map, sub)
    : compiler.variable(expr.variable, sub, elementOf(type));
  return {
    sql: `(CASE WHEN json_type(${list}) IS NOT 'array' THEN NULL ELSE (SELECT json_group_array(${jsonElement(item)} ORDER BY ${j}.key)${sub.body()}) END)`,
    type,
  };
}

/** `all`, `any`, `none` and `single` over a list's items. */
export function quantifier(
  compiler: ExpressionCompiler,
  expr: Extract<Expr, { kind: 'quantifier' }>,
  frame: Frame,
): string {
  const { list, sub } = overList(compiler, expr.source, expr.variable, frame);
  const test = compiler.boolean(expr.where, sub);
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

/** Binds `variable` in `frame` to the items of json_each alias `j`, holding `type` values. */
export function bindElement(frame: Frame, variable: string, j: string, type: CyType): void {
  if (type.kind === 'node' || type.kind === 'relationship') {
    frame.bindEntity(variable, type.kind, `${j}.value`, null);
  } else {
    frame.bindValue(variable, elementOfEach(j, type), type);
  }
}
