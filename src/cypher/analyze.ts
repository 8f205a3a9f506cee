import type { Clause, Expr, MatchClause, Projection, Query } from './ast';
import { ExpressionTyper } from './analyze-expression';
import { PatternChecker, type PatternLimits } from './analyze-patterns';
import { children, containsAggregate, sameExpr, variablesOf } from './ast-utils';
import { CypherLimitError, CypherSemanticError, CypherUnsupportedError } from './errors';
import { isAggregate } from './functions';
import { elementOf, type CyType } from './types';

/** Limits the analyzer enforces, besides the pattern limits. */
export interface AnalyzeLimits extends PatternLimits {
  /** Most clauses in a query. */
  maxClauses: number;
}

/** A result column: its name and the static type of its values. */
export interface Column {
  name: string;
  type: CyType;
}

/** A checked query: the annotated tree, its columns and the parameter values. */
export interface AnalyzedQuery {
  query: Query;
  columns: Column[];
  parameters: Readonly<Record<string, unknown>>;
}

/**
 * Checks a parsed query against the subset (docs/cypher.md) and annotates it for the
 * engine compilers: scopes and variables, types of every expression, aggregation rules,
 * constant SKIP/LIMIT, temporal constants (read with `nowMillis`), and the limits.
 */
export function analyzeQuery(
  query: Query,
  parameters: Readonly<Record<string, unknown>>,
  limits: AnalyzeLimits,
  nowMillis: number,
): AnalyzedQuery {
  return new Analyzer(parameters, limits, nowMillis).run(query);
}

class Analyzer {
  private readonly typer: ExpressionTyper;
  private readonly patterns: PatternChecker;

  constructor(
    private readonly parameters: Readonly<Record<string, unknown>>,
    private readonly limits: AnalyzeLimits,
    nowMillis: number,
  ) {
    this.typer = new ExpressionTyper(parameters, nowMillis);
    this.patterns = new PatternChecker(this.typer, limits);
    this.typer.patterns = this.patterns;
  }

  run(query: Query): AnalyzedQuery {
    const { clauses } = query;
    if (clauses.length > this.limits.maxClauses) {
      throw new CypherLimitError(
        'clauses',
        this.limits.maxClauses,
        `A query may hold at most ${this.limits.maxClauses} clauses; this one has ${clauses.length}`,
        clauses[this.limits.maxClauses]?.pos,
      );
    }
    const last = clauses[clauses.length - 1];
    if (!last || last.kind !== 'return') {
      throw new CypherSemanticError('A query must end with RETURN', (last ?? clauses[0])!.pos);
    }
    let scope: Map<string, CyType> = new Map();
    let columns: Column[] = [];
    for (const clause of clauses) {
      const result = this.clause(clause, scope);
      scope = result.scope;
      columns = result.columns;
    }
    return { query, columns, parameters: this.parameters };
  }

  private clause(
    clause: Clause,
    scope: Map<string, CyType>,
  ): { scope: Map<string, CyType>; columns: Column[] } {
    switch (clause.kind) {
      case 'match':
        return { scope: this.match(clause, scope), columns: [] };
      case 'unwind': {
        const type = this.typer.type(clause.expr, { scope, aggregates: false });
        if (!['list', 'any', 'null'].includes(type.kind)) {
          throw new CypherSemanticError('UNWIND needs a list', clause.expr.pos);
        }
        if (scope.has(clause.alias)) {
          throw new CypherSemanticError(`${clause.alias} is already defined`, clause.pos);
        }
        const after = new Map(scope);
        after.set(clause.alias, elementOf(type));
        return { scope: after, columns: [] };
      }
      case 'with': {
        const projected = this.projection(clause.projection, scope, 'WITH');
        if (clause.where) {
          this.typer.predicate(clause.where, { scope: projected.scope, aggregates: false });
        }
        return projected;
      }
      case 'return':
        return this.projection(clause.projection, scope, 'RETURN');
    }
  }

  private match(clause: MatchClause, scope: Map<string, CyType>): Map<string, CyType> {
    const after = this.patterns.parts(clause.patterns, scope);
    if (clause.where) {
      this.typer.predicate(clause.where, { scope: after, aggregates: false });
      const shortest = new Set<string>();
      for (const part of clause.patterns.filter((p) => p.shortest)) {
        for (const name of [part.pathVariable, part.element.relationships[0]?.variable]) {
          if (name) {
            shortest.add(name);
          }
        }
      }
      const used = variablesOf(clause.where);
      const named = [...shortest].find((name) => used.has(name));
      if (named) {
        throw new CypherUnsupportedError(
          'shortest path predicate',
          `The WHERE of a MATCH cannot test the shortest path ${named}; filter it in a following WITH ... WHERE`,
          clause.where.pos,
        );
      }
    }
    return after;
  }

  private projection(
    projection: Projection,
    scope: Map<string, CyType>,
    clause: 'WITH' | 'RETURN',
  ): { scope: Map<string, CyType>; columns: Column[] } {
    if (projection.star) {
      if (scope.size === 0) {
        throw new CypherSemanticError(
          `${clause} * has no variables to return`,
          projection.items[0]?.pos ?? { line: 1, column: 1, offset: 0 },
        );
      }
      const starred = [...scope.keys()].sort().map((name) => ({
        expr: { kind: 'var' as const, name, pos: { line: 1, column: 1, offset: 0 } },
        name,
        aliased: true,
        pos: { line: 1, column: 1, offset: 0 },
      }));
      projection.items.unshift(...starred);
      projection.star = false;
    }
    const aggregating = projection.items.some((item) => containsAggregate(item.expr));
    const names = new Set<string>();
    const after = new Map<string, CyType>();
    const columns: Column[] = [];
    for (const item of projection.items) {
      const type = this.typer.type(item.expr, { scope, aggregates: true });
      if (clause === 'WITH' && !item.aliased && item.expr.kind !== 'var') {
        throw new CypherSemanticError('Expressions in WITH must be aliased (use AS)', item.pos);
      }
      if (names.has(item.name)) {
        throw new CypherSemanticError(
          `The column ${item.name} appears twice; rename one with AS`,
          item.pos,
        );
      }
      names.add(item.name);
      after.set(item.name, type);
      columns.push({ name: item.name, type });
    }
    if (aggregating) {
      const keys = projection.items
        .filter((item) => !containsAggregate(item.expr))
        .map((i) => i.expr);
      for (const item of projection.items.filter((i) => containsAggregate(i.expr))) {
        checkGrouped(item.expr, keys);
      }
    }
    this.orderBy(projection, scope, after, aggregating);
    projection.skipCount = this.count(projection.skip, 'SKIP');
    projection.limitCount = this.count(projection.limit, 'LIMIT');
    return { scope: after, columns };
  }

  /**
   * ORDER BY sees the projection's columns and, when the projection neither aggregates nor
   * is DISTINCT, the variables before it too. A sort key that is a column (by name or by
   * the same expression) is marked with the column's index.
   */
  private orderBy(
    projection: Projection,
    before: Map<string, CyType>,
    after: Map<string, CyType>,
    aggregating: boolean,
  ): void {
    const closed = aggregating || projection.distinct;
    const scope = closed ? after : new Map([...before, ...after]);
    for (const sort of projection.orderBy) {
      const index = projection.items.findIndex(
        (item) =>
          sameExpr(item.expr, sort.expr) ||
          (sort.expr.kind === 'var' && sort.expr.name === item.name),
      );
      if (index >= 0) {
        sort.item = index;
        sort.expr.type = projection.items[index]!.expr.type;
        continue;
      }
      this.markColumns(
        sort.expr,
        projection.items.map((i) => i.name),
      );
      this.typer.type(sort.expr, { scope, aggregates: aggregating });
      if (aggregating && containsAggregate(sort.expr)) {
        checkGrouped(
          sort.expr,
          projection.items.map((i) => i.expr),
        );
      }
    }
  }

  /** Marks variables in a sort key that name projection columns. */
  private markColumns(expr: Expr, names: readonly string[]): void {
    if (expr.kind === 'var') {
      const index = names.indexOf(expr.name);
      if (index >= 0) {
        expr.item = index;
      }
    }
    if (
      expr.kind === 'listComprehension' ||
      expr.kind === 'quantifier' ||
      expr.kind === 'subquery' ||
      expr.kind === 'patternPredicate'
    ) {
      return; // names inside are bound by the expression itself or refer to variables
    }
    for (const child of children(expr)) {
      this.markColumns(child, names);
    }
  }

  /** SKIP and LIMIT take a non-negative integer constant (a literal or a parameter). */
  private count(expr: Expr | null, what: string): number | undefined {
    if (expr === null) {
      return undefined;
    }
    const value = this.typer.constantOf(expr);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new CypherSemanticError(
        `${what} takes a non-negative integer (a literal or a parameter)`,
        expr.pos,
      );
    }
    expr.type = { kind: 'integer' };
    return value;
  }
}

/**
 * In an aggregating projection, everything outside the aggregate calls must be a grouping
 * key (an item without aggregation) or built from them, as Cypher requires.
 */
function checkGrouped(
  expr: Expr,
  keys: readonly Expr[],
  local: ReadonlySet<string> = new Set(),
): void {
  if (expr.kind === 'call' && isAggregate(expr.name)) {
    return;
  }
  if (keys.some((key) => sameExpr(key, expr))) {
    return;
  }
  if (expr.kind === 'var' && !local.has(expr.name)) {
    throw new CypherSemanticError(
      `${expr.name} is used beside an aggregation without being a grouping key; add it to the projection`,
      expr.pos,
    );
  }
  if (expr.kind === 'listComprehension' || expr.kind === 'quantifier') {
    checkGrouped(expr.source, keys, local);
    const inner = new Set([...local, expr.variable]);
    for (const part of [expr.where, expr.kind === 'listComprehension' ? expr.map : null]) {
      if (part) {
        checkGrouped(part, keys, inner);
      }
    }
    return;
  }
  for (const child of children(expr)) {
    checkGrouped(child, keys, local);
  }
}
