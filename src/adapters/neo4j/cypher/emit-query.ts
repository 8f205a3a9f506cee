import neo4j from 'neo4j-driver';
import type { Projection } from '../../../cypher/ast';
import { containsAggregate } from '../../../cypher/ast-utils';
import type { AnalyzedQuery, Column } from '../../../cypher/index';
import { EmitContext, WORKSPACE_PARAM, type Scope } from './emit-context';
import { ExpressionEmitter } from './emit-expression';
import { PatternEmitter } from './emit-pattern';

/** One analyst query as a Neo4j statement: its text, parameters and result columns. */
export interface EmittedCypher {
  text: string;
  /** Every parameter of the text; `workspaceId` is null until the engine sets it. */
  params: Record<string, unknown>;
  columns: Column[];
}

export interface EmitOptions {
  /** Rows returned at most; one more is asked for, to tell that there were more. */
  rowLimit: number;
  /** Property keys with a declared index (docs/filters.md), read statically so Neo4j uses it. */
  indexedKeys: ReadonlySet<string>;
}

/**
 * Writes an analyzed query again as Cypher for Neo4j (docs/neo4j.md, "The Cypher
 * endpoint"). The text is built from the syntax tree, never from the analyst's text: every
 * pattern is bound to `$workspaceId` (emit-pattern.ts), every value is a parameter, every
 * variable has a generated name, and the result columns are `c0, c1, ...` in the order of
 * `columns`. The final RETURN asks for at most `rowLimit + 1` rows.
 */
export function emitCypher(analyzed: AnalyzedQuery, options: EmitOptions): EmittedCypher {
  const ctx = new EmitContext(analyzed.parameters);
  const exprs = new ExpressionEmitter(ctx, options.indexedKeys);
  const patterns = new PatternEmitter(ctx, exprs);
  exprs.patterns = patterns;
  const lines: string[] = [];
  let scope: Scope = new Map();
  for (const clause of analyzed.query.clauses) {
    switch (clause.kind) {
      case 'match': {
        const emitted = patterns.parts(clause.patterns, scope);
        const conditions = [...emitted.conditions];
        if (clause.where) {
          conditions.push(exprs.boolean(clause.where, emitted.scope));
        }
        const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
        lines.push(`${clause.optional ? 'OPTIONAL ' : ''}MATCH ${emitted.text}${where}`);
        scope = emitted.scope;
        break;
      }
      case 'unwind': {
        const name = ctx.variable();
        lines.push(`UNWIND ${exprs.emit(clause.expr, scope)} AS ${name}`);
        scope = new Map(scope).set(clause.alias, name);
        break;
      }
      case 'with': {
        const projected = projection(ctx, exprs, clause.projection, scope, null);
        scope = projected.scope;
        const where = clause.where ? ` WHERE ${exprs.boolean(clause.where, scope)}` : '';
        lines.push(...projected.prelude, `WITH ${projected.text}${where}`);
        break;
      }
      case 'return': {
        const projected = projection(ctx, exprs, clause.projection, scope, options.rowLimit + 1);
        lines.push(...projected.prelude, ...projected.final);
        break;
      }
    }
  }
  const text = lines.join('\n');
  const params = { ...ctx.params };
  if (!text.includes(ctx.ws)) {
    // A query without a pattern (`RETURN $x`) reads no record, and declares no workspace.
    delete params[WORKSPACE_PARAM];
  }
  return { text, params, columns: analyzed.columns };
}

/**
 * The items, ORDER BY, SKIP and LIMIT of a WITH or RETURN. A sort key that aggregates
 * without being an item (which Neo4j refuses in ORDER BY) is projected as a hidden column;
 * a RETURN with one is a WITH followed by a RETURN of the visible columns.
 *
 * DISTINCT without aggregates is taken over items already projected (`WITH *, <items>`
 * first, its `prelude`): Neo4j 5 plans `RETURN DISTINCT b.x` after a variable-length
 * relationship from one node as a search that keeps each `b` once and then drops the
 * DISTINCT of the values, answering `null` once per node instead of once.
 */
function projection(
  ctx: EmitContext,
  exprs: ExpressionEmitter,
  projection: Projection,
  scope: Scope,
  rowCap: number | null,
): { text: string; scope: Map<string, string>; final: string[]; prelude: string[] } {
  const final = rowCap !== null;
  const names = projection.items.map((_, i) => (final ? `c${i}` : ctx.variable()));
  const aggregating = projection.items.some((item) => containsAggregate(item.expr));
  const projectedFirst = projection.distinct && !aggregating && scope.size > 0;
  const emitted = projection.items.map(
    (item, i) => `${exprs.emit(item.expr, scope)} AS ${names[i]}`,
  );
  const prelude = projectedFirst ? [`WITH *, ${emitted.join(', ')}`] : [];
  const items = projectedFirst ? names.map((name) => `${name} AS ${name}`) : emitted;
  exprs.columns = names;
  const hidden: string[] = [];
  const sorts = projection.orderBy.map((sort) => {
    let key: string;
    if (sort.item !== undefined) {
      key = names[sort.item]!;
    } else if (aggregating && containsAggregate(sort.expr)) {
      key = ctx.variable();
      hidden.push(`${exprs.emit(sort.expr, scope)} AS ${key}`);
    } else {
      key = exprs.emit(sort.expr, scope);
    }
    return `${key}${sort.descending ? ' DESC' : ''}`;
  });
  exprs.columns = null;
  const limit = final ? Math.min(projection.limitCount ?? Infinity, rowCap) : projection.limitCount;
  const tail = [
    sorts.length > 0 ? ` ORDER BY ${sorts.join(', ')}` : '',
    projection.skipCount ? ` SKIP ${ctx.bind(neo4j.int(projection.skipCount))}` : '',
    limit !== undefined ? ` LIMIT ${ctx.bind(neo4j.int(limit))}` : '',
  ].join('');
  const text = `${projection.distinct ? 'DISTINCT ' : ''}${[...items, ...hidden].join(', ')}${tail}`;
  const after = new Map(projection.items.map((item, i) => [item.name, names[i]!]));
  if (!final) {
    return { text, scope: after, final: [], prelude };
  }
  if (hidden.length === 0) {
    return { text, scope: after, final: [`RETURN ${text}`], prelude };
  }
  return {
    text,
    scope: after,
    final: [`WITH ${text}`, `RETURN ${names.map((n) => `${n} AS ${n}`).join(', ')}`],
    prelude,
  };
}
