import type { Expr, FunctionCall, MatchClause, Projection } from '../../../../cypher/ast';
import { children, containsAggregate } from '../../../../cypher/ast-utils';
import { isAggregate } from '../../../../cypher/functions';
import type { AnalyzedQuery, Column } from '../../../../cypher/index';
import { ANY, elementOf } from '../../../../cypher/types';
import { ExpressionCompiler } from './compile-expression';
import { bindElement } from './compile-lists';
import { notColumnNumber, orderSql, weighable } from './compile-functions';
import { PatternCompiler } from './compile-pattern';
import { countFromCounters } from './count-store';
import { SubqueryCompiler } from './compile-subquery';
import { Frame, sampledAliveCheck, type Binding, type Ordering } from './frame';
import { jsonType, scalar } from './representation';
import { SqlBuilder, type SqlValue } from './sql-builder';

/** A compiled query: one SQL statement, its parameters, and its result columns. */
export interface SqlQuery {
  sql: string;
  params: Record<string, SqlValue>;
  columns: Column[];
  /** True when the statement reads the kept counts (count-store.ts) instead of counting. */
  counted: boolean;
}

export interface SqlCompileOptions {
  workspaceId: string;
  /** Property keys with a declared expression index (docs/filters.md). */
  indexedKeys: ReadonlySet<string>;
  /** Rows returned at most; one more is asked for, to tell that there were more. */
  rowLimit: number;
}

/**
 * Compiles an analyzed query to one SQLite statement over `graph_nodes` and `graph_edges`
 * (docs/cypher.md, "How it runs"): clauses become a chain of frames, WITH closes a frame
 * into a CTE, and every table reference is bound to the request's workspace. Row order
 * follows the last ORDER BY (and UNWIND's list order) until an aggregation.
 */
export function compileToSql(analyzed: AnalyzedQuery, options: SqlCompileOptions): SqlQuery {
  const sql = new SqlBuilder(options.workspaceId, options.indexedKeys);
  const exprs = new ExpressionCompiler(sql);
  exprs.parameters = analyzed.parameters;
  const patterns = new PatternCompiler(sql, exprs);
  exprs.patterns = new SubqueryCompiler(sql, patterns);
  const compiler = new QueryCompiler(sql, exprs, patterns, options.rowLimit);
  const counted = countFromCounters(analyzed, sql);
  const select = counted ?? compiler.run(analyzed);
  return {
    sql: sql.statement(select),
    params: sql.params,
    columns: analyzed.columns,
    counted: counted !== null,
  };
}

class QueryCompiler {
  constructor(
    private readonly sql: SqlBuilder,
    private readonly exprs: ExpressionCompiler,
    private readonly patterns: PatternCompiler,
    private readonly rowLimit: number,
  ) {}

  run(analyzed: AnalyzedQuery): string {
    let frame = new Frame(this.sql);
    for (const clause of analyzed.query.clauses) {
      switch (clause.kind) {
        case 'match':
          if (clause.optional) {
            frame = this.optional(frame, clause);
          } else {
            this.patterns.match(frame, clause.patterns, clause.where);
          }
          break;
        case 'unwind': {
          frame.expand();
          const list = this.exprs.compile(clause.expr, frame);
          const j = this.sql.alias('u');
          frame.from.push(`json_each(${list.sql}) ${j}`);
          bindElement(frame, clause.alias, j, elementOf(clause.expr.type ?? ANY));
          frame.ordering.push({ sql: `${j}.key`, descending: false });
          break;
        }
        case 'with':
          frame = this.stage(frame, clause.projection);
          if (clause.where) {
            frame.where.push(this.exprs.boolean(clause.where, frame));
          }
          break;
        case 'return':
          return this.select(frame, clause.projection, true).sql;
      }
    }
    throw new Error('a query without RETURN reached the SQLite compiler');
  }

  /**
   * OPTIONAL MATCH: the rows where the pattern matches (with their matches), then the rows
   * where it does not (the new variables null), as UNION ALL of two flat selects, so each
   * arm uses the indexes from the rows it extends instead of materialising the pattern.
   */
  private optional(frame: Frame, clause: MatchClause): Frame {
    frame.expand();
    const joined = this.leftJoin(frame, clause);
    if (joined) {
      return joined;
    }
    const matched = frame.clone();
    this.patterns.match(matched, clause.patterns, clause.where);
    const unmatched = frame.clone();
    unmatched.where.push(
      `NOT ${this.exprs.patterns.subquery(unmatched, clause.patterns, clause.where, 'exists')}`,
    );
    const names = [...matched.vars.keys()];
    const value = (binding: Binding | undefined) =>
      binding === undefined ? 'NULL' : binding.kind === 'value' ? binding.sql : binding.id;
    const columns = names.map((_, i) => `c${i}`);
    const order = frame.ordering.map((_, i) => `o${i}`);
    const arm = (f: Frame, pick: (name: string) => string) =>
      `SELECT ${[...names.map((n, i) => `${pick(n)} AS c${i}`), ...f.ordering.map((o, i) => `${o.sql} AS o${i}`)].join(', ') || '1 AS c'}${f.body()}`;
    const name = this.sql.alias('opt');
    this.sql.addCte(
      name,
      names.length + order.length > 0 ? [...columns, ...order] : ['c'],
      `${arm(matched, (n) => value(matched.vars.get(n)))} UNION ALL ${arm(unmatched, (n) => value(unmatched.vars.get(n)))}`,
    );
    const next = new Frame(this.sql);
    next.from.push(name);
    names.forEach((n, i) => rebind(next, n, matched.vars.get(n)!, `${name}.c${i}`));
    next.ordering = frame.ordering.map((o, i) => ({
      sql: `${name}.o${i}`,
      descending: o.descending,
    }));
    return next;
  }

  /**
   * OPTIONAL MATCH as a LEFT JOIN, when the pattern adds one table row to the rows it
   * extends (one relationship from a bound node to an unconstrained one, or a single node):
   * the pattern's conditions become the ON clause. Unlike the two arms of `optional`, the
   * rows keep the order of the frame's tables, so an ORDER BY ... LIMIT over them can be
   * served by an index and stop early. Null otherwise (nothing was added to the query).
   */
  private leftJoin(frame: Frame, clause: MatchClause): Frame | null {
    if (frame.from.length === 0) {
      return null;
    }
    const mark = this.sql.mark();
    const trial = frame.clone();
    this.patterns.match(trial, clause.patterns, clause.where);
    const added = trial.from.slice(frame.from.length);
    const tables = added.filter((item) => !item.startsWith('LEFT JOIN'));
    const table = tables.length === 1 ? tables[0]! : '';
    const alias = table.slice(table.lastIndexOf(' ') + 1);
    const reads = new RegExp(`\\b${alias}\\.`);
    const lookups = added.filter((item) => item !== table);
    const isRow = table.startsWith('graph_edges ') || table.startsWith('graph_nodes ');
    const hasPath = clause.patterns.some((part) => part.pathVariable !== null);
    if (!isRow || hasPath || lookups.some((item) => reads.test(item))) {
      this.sql.restore(mark);
      return null;
    }
    // What the pattern binds is null where it does not match.
    for (const [name, binding] of trial.vars) {
      if (binding.kind !== 'value' && !frame.vars.has(name)) {
        binding.existing = false;
      }
    }
    const on = [sampledAliveCheck([`${alias}.rowid`]), ...trial.where.slice(frame.where.length)];
    trial.from.splice(frame.from.length);
    trial.from.push(...lookups, `LEFT JOIN ${table} ON ${on.join(' AND ')}`);
    trial.where.splice(frame.where.length);
    return trial;
  }

  /** WITH: the projection as a CTE, read by a new frame. */
  private stage(frame: Frame, projection: Projection): Frame {
    const { sql: select, ordering, bindings } = this.select(frame, projection, false);
    const name = this.sql.alias('s');
    const columns = [
      ...projection.items.map((_, i) => `c${i}`),
      ...ordering.map((_, i) => `o${i}`),
    ];
    this.sql.addCte(name, columns.length > 0 ? columns : ['c'], select);
    const next = new Frame(this.sql);
    next.from.push(name);
    projection.items.forEach((item, i) => rebind(next, item.name, bindings[i]!, `${name}.c${i}`));
    next.ordering = ordering.map((o, i) => ({ sql: `${name}.o${i}`, descending: o.descending }));
    return next;
  }

  /**
   * The SELECT of a projection. For WITH it also returns the row order to carry (the sort
   * keys as extra columns) and how each item binds (a node stays a node).
   */
  private select(
    frame: Frame,
    projection: Projection,
    final: boolean,
  ): { sql: string; ordering: Ordering[]; bindings: Binding[] } {
    const aggregating = projection.items.some((item) => containsAggregate(item.expr));
    const aggregates = [...projection.items, ...projection.orderBy].flatMap((item) =>
      aggregateCalls(item.expr),
    );
    if (!aggregating || !aggregates.every(weighable)) {
      frame.expand();
    }
    const items = projection.items.map((item) => this.exprs.compile(item.expr, frame));
    const select = items.map((c, i) => `${c.sql} AS c${i}`);
    const groupBy = aggregating
      ? items.filter((_, i) => !containsAggregate(projection.items[i]!.expr)).map((c) => c.sql)
      : [];
    this.exprs.projectionItems = projection.items;
    const sorts = projection.orderBy.flatMap((sort) =>
      this.sortKeys(
        sort.item !== undefined ? items[sort.item]! : this.exprs.compile(sort.expr, frame),
      ).map((sql) => ({ sql, descending: sort.descending })),
    );
    this.exprs.projectionItems = null;
    // Without ORDER BY, rows keep the order they had unless grouping or DISTINCT mixes them.
    const inherited =
      sorts.length === 0 && !aggregating && !projection.distinct ? frame.ordering : [];
    const ordering = [...sorts, ...inherited];
    const carried: Ordering[] = [];
    if (!final) {
      ordering.forEach((o, i) => {
        select.push(`${o.sql} AS o${i}`);
        carried.push(o);
      });
    }
    // SQLite takes a 64-bit integer: a larger count (from a parameter) means "all of them".
    const bounded = (n: number | undefined) =>
      n === undefined ? undefined : Math.min(n, Number.MAX_SAFE_INTEGER);
    const limit = final
      ? Math.min(projection.limitCount ?? Infinity, this.rowLimit + 1)
      : (bounded(projection.limitCount) ?? -1);
    const skip = bounded(projection.skipCount);
    const tail = [
      groupBy.length > 0 ? ` GROUP BY ${groupBy.map(notColumnNumber).join(', ')}` : '',
      ordering.length > 0 ? ` ORDER BY ${orderSql(ordering)}` : '',
      limit >= 0 || skip ? ` LIMIT ${this.sql.bind(limit)}` : '',
      skip ? ` OFFSET ${this.sql.bind(skip)}` : '',
    ].join('');
    const sql = `SELECT ${projection.distinct ? 'DISTINCT ' : ''}${select.join(', ') || '1'}${frame.body()}${tail}`;
    const bindings: Binding[] = items.map((c) =>
      c.type.kind === 'node' || c.type.kind === 'relationship'
        ? { kind: c.type.kind, id: c.sql, alias: null, frame, existing: false }
        : { kind: 'value', sql: c.sql, type: c.type },
    );
    return { sql, ordering: carried, bindings };
  }

  /**
   * What ORDER BY sorts on: the value; for a value known only at run time (a property, a
   * list of several types), first the rank of its type in Cypher's order (a map before a
   * list before a string before a boolean before a number), then its scalar.
   */
  private sortKeys(c: ReturnType<ExpressionCompiler['compile']>): string[] {
    if (c.type.kind !== 'any') {
      return [c.sql];
    }
    return [
      `(CASE ${jsonType(c)} WHEN 'object' THEN 0 WHEN 'array' THEN 1 WHEN 'text' THEN 2 WHEN 'true' THEN 3 WHEN 'false' THEN 3 WHEN 'integer' THEN 4 WHEN 'real' THEN 4 END)`,
      scalar(c),
    ];
  }
}

/** Binds `name` in a frame over a stage, where the value is the stage column `column`. */
function rebind(frame: Frame, name: string, binding: Binding, column: string): void {
  if (binding.kind === 'value') {
    frame.bindValue(name, column, binding.type);
  } else {
    frame.bindEntity(name, binding.kind, column, null);
  }
}

/** The aggregate calls in `expr` (outside nested subqueries, as containsAggregate). */
function aggregateCalls(expr: Expr): FunctionCall[] {
  if (expr.kind === 'call' && isAggregate(expr.name)) {
    return [expr];
  }
  if (expr.kind === 'subquery' || expr.kind === 'patternPredicate') {
    return [];
  }
  return children(expr).flatMap(aggregateCalls);
}
