import type { Clause, Expr, Projection, ProjectionItem, Query, SortItem } from './ast';
import {
  children,
  containsAggregate,
  sameExpr,
  variablesOf,
  withoutAnnotations,
} from './ast-utils';
import { isAggregate } from './functions';

/**
 * Aggregates inside list expressions, computed first: a projection such as
 *
 *     RETURN n.entityType, any(s IN collect(n.status) WHERE s = 'fault') AS faulty
 *
 * becomes the two projections Cypher means by it,
 *
 *     WITH n.entityType AS k0, collect(n.status) AS a0
 *     RETURN k0 AS `n.entityType`, any(s IN a0 WHERE s = 'fault') AS faulty
 *
 * so that every aggregate is a column of its own before any list expression reads it. The
 * answer is the same (same grouping keys, same columns, same order, DISTINCT, SKIP and LIMIT
 * on the second); the embedded store needs it because SQL computes a list expression in a
 * subquery of its own, where it cannot aggregate over the rows outside.
 *
 * It runs on an analyzed query (the analyzer has checked the original and reported its
 * errors where the analyst wrote them; `*` is expanded) and returns a fresh tree, without
 * the analyzer's annotations, to be analyzed again.
 */

/** Functions that read a column of a node or relationship given as a value. */
const ENTITY_FUNCTIONS = new Set(['labels', 'type', 'properties', 'keys', 'startnode', 'endnode']);

/** Names of the first projection's columns: no analyst's variable can look like them. */
const KEY_PREFIX = ' key ';
const AGGREGATE_PREFIX = ' aggregate ';

/** True when some projection puts an aggregate inside a list expression. */
export function hoistingNeeded(query: Query): boolean {
  return query.clauses.some(
    (clause) =>
      (clause.kind === 'with' || clause.kind === 'return') && projectionNeeds(clause.projection),
  );
}

/** The query with every such projection split in two (see above), annotations removed. */
export function hoistNestedAggregates(analyzed: Query): Query {
  const query = withoutAnnotations(analyzed);
  const clauses: Clause[] = [];
  for (const clause of query.clauses) {
    if (
      (clause.kind === 'with' || clause.kind === 'return') &&
      projectionNeeds(clause.projection)
    ) {
      const { first, second } = split(clause.projection);
      clauses.push({ kind: 'with', projection: first, where: null, pos: clause.pos });
      clauses.push(
        clause.kind === 'with'
          ? { kind: 'with', projection: second, where: clause.where, pos: clause.pos }
          : { kind: 'return', projection: second, pos: clause.pos },
      );
    } else {
      clauses.push(clause);
    }
  }
  return { clauses };
}

function projectionNeeds(projection: Projection): boolean {
  return [...projection.items.map((i) => i.expr), ...projection.orderBy.map((s) => s.expr)].some(
    (expr) => nestedAggregate(expr, false),
  );
}

/** Whether an aggregate sits where it is read as a list or an entity (`within`). */
function nestedAggregate(expr: Expr, within: boolean): boolean {
  if (expr.kind === 'call' && isAggregate(expr.name)) {
    return within;
  }
  switch (expr.kind) {
    case 'subquery':
    case 'patternPredicate':
      return false;
    case 'listComprehension':
    case 'quantifier':
      return children(expr).some(containsAggregate);
    case 'binary':
      return (
        nestedAggregate(expr.left, within) ||
        nestedAggregate(expr.right, within || expr.op === 'in')
      );
    case 'prop':
    case 'labels':
      return nestedAggregate(expr.target, true);
    case 'call':
      return expr.args.some((arg) =>
        nestedAggregate(arg, within || ENTITY_FUNCTIONS.has(expr.name)),
      );
    default:
      return children(expr).some((child) => nestedAggregate(child, within));
  }
}

function split(projection: Projection): { first: Projection; second: Projection } {
  const keys: { expr: Expr; name: string }[] = [];
  const aggregates: { expr: Expr; name: string }[] = [];
  const firstItems: ProjectionItem[] = [];
  const secondItems: ProjectionItem[] = [];
  for (const item of projection.items) {
    if (containsAggregate(item.expr)) {
      continue;
    }
    const name = item.aliased
      ? item.name
      : item.expr.kind === 'var'
        ? item.expr.name
        : `${KEY_PREFIX}${keys.length}`;
    keys.push({ expr: item.expr, name });
    firstItems.push({ expr: item.expr, name, aliased: true, pos: item.pos });
  }
  const rewrite = (expr: Expr): Expr => substitute(expr, keys, aggregates, new Set());
  for (const item of projection.items) {
    const key = keys.find((k) => k.expr === item.expr);
    secondItems.push({
      ...item,
      expr: key ? variable(key.name, item.expr) : rewrite(item.expr),
    });
  }
  const orderBy: SortItem[] = projection.orderBy.map((sort) => ({
    ...sort,
    expr: rewrite(sort.expr),
  }));
  for (const aggregate of aggregates) {
    firstItems.push({
      expr: aggregate.expr,
      name: aggregate.name,
      aliased: true,
      pos: aggregate.expr.pos,
    });
  }
  return {
    first: {
      distinct: false,
      star: false,
      items: firstItems,
      orderBy: [],
      skip: null,
      limit: null,
    },
    second: {
      distinct: projection.distinct,
      star: false,
      items: secondItems,
      orderBy,
      skip: projection.skip,
      limit: projection.limit,
    },
  };
}

/**
 * `expr` read after the first projection: each aggregate call becomes the column that holds
 * it, each grouping key the column that holds it (not where a list expression's own
 * variable, in `local`, hides a name the key reads).
 */
function substitute(
  expr: Expr,
  keys: readonly { expr: Expr; name: string }[],
  aggregates: { expr: Expr; name: string }[],
  local: ReadonlySet<string>,
): Expr {
  if (expr.kind === 'call' && isAggregate(expr.name)) {
    let hoisted = aggregates.find((a) => sameExpr(a.expr, expr));
    if (!hoisted) {
      hoisted = { expr, name: `${AGGREGATE_PREFIX}${aggregates.length}` };
      aggregates.push(hoisted);
    }
    return variable(hoisted.name, expr);
  }
  const key = keys.find((k) => sameExpr(k.expr, expr));
  if (key && ![...variablesOf(expr)].some((name) => local.has(name))) {
    return variable(key.name, expr);
  }
  const again = (child: Expr, inner: ReadonlySet<string> = local): Expr =>
    substitute(child, keys, aggregates, inner);
  switch (expr.kind) {
    case 'prop':
    case 'labels':
      return { ...expr, target: again(expr.target) };
    case 'index':
      return { ...expr, target: again(expr.target), index: again(expr.index) };
    case 'list':
      return { ...expr, items: expr.items.map((item) => again(item)) };
    case 'map':
      return { ...expr, entries: expr.entries.map((e) => ({ ...e, value: again(e.value) })) };
    case 'unary':
    case 'isNull':
      return { ...expr, operand: again(expr.operand) };
    case 'binary':
      return { ...expr, left: again(expr.left), right: again(expr.right) };
    case 'call':
      return { ...expr, args: expr.args.map((arg) => again(arg)) };
    case 'case':
      return {
        ...expr,
        subject: expr.subject ? again(expr.subject) : null,
        whens: expr.whens.map((w) => ({ when: again(w.when), then: again(w.then) })),
        otherwise: expr.otherwise ? again(expr.otherwise) : null,
      };
    case 'listComprehension': {
      const inner = new Set([...local, expr.variable]);
      return {
        ...expr,
        source: again(expr.source),
        where: expr.where ? again(expr.where, inner) : null,
        map: expr.map ? again(expr.map, inner) : null,
      };
    }
    case 'quantifier': {
      const inner = new Set([...local, expr.variable]);
      return { ...expr, source: again(expr.source), where: again(expr.where, inner) };
    }
    default:
      // Literals, parameters, variables; patterns keep the variables they name.
      return expr;
  }
}

function variable(name: string, at: Expr): Expr {
  return { kind: 'var', name, pos: at.pos };
}
