import type { Expr, MatchClause, Projection } from '../../../../cypher/ast';
import type { AnalyzedQuery } from '../../../../cypher/index';
import type { CountedKind } from '../../graph-bookkeeping';
import type { SqlBuilder } from './sql-builder';

/**
 * Queries that only count a whole label or relationship type, answered from the counters
 * the graph writer keeps (`graph_counts`, `graph_type_counts`) instead of by reading every
 * record, as Neo4j answers them from its count store:
 *
 *   MATCH (n) RETURN count(n)                   MATCH (n:Pump) RETURN count(*) AS pumps
 *   MATCH ()-[r]->() RETURN count(r)            MATCH (a)<-[r:FEEDS|FLOWS_TO]-(b) RETURN count(*)
 *   MATCH ()-[r]-() RETURN count(r)             (every edge twice, a self-loop once)
 *   MATCH (a)-[r]->(a) RETURN count(r)          (the self-loops)
 *
 * Exactly this shape: one MATCH of one node, or of one single-hop relationship between two
 * ends without labels or properties, no WHERE, and a RETURN of nothing but plain `count(*)`
 * or `count(<a variable of the pattern>)`, without DISTINCT, ORDER BY, SKIP or LIMIT.
 * Anything else is null and compiles as usual; the answer is the same either way
 * (test/unit/adapters/sqlite/cypher/sqlite-cypher-count-store.test.ts runs both).
 */
export function countFromCounters(analyzed: AnalyzedQuery, sql: SqlBuilder): string | null {
  const [match, ret, ...rest] = analyzed.query.clauses;
  if (rest.length > 0 || match?.kind !== 'match' || ret?.kind !== 'return') {
    return null;
  }
  const counted = countedRecords(match, sql);
  if (counted === null || !onlyCounts(ret.projection, variablesOf(match))) {
    return null;
  }
  const items = ret.projection.items.map((_item, i) => `coalesce((${counted}), 0) AS c${i}`);
  return `SELECT ${items.join(', ')}`;
}

/** The SQL reading the count the pattern matches, or null when it is not a whole count. */
function countedRecords(match: MatchClause, sql: SqlBuilder): string | null {
  const [part, ...others] = match.patterns;
  if (match.optional || match.where !== null || part === undefined || others.length > 0) {
    return null;
  }
  if (part.pathVariable !== null || part.shortest !== null) {
    return null;
  }
  const { nodes, relationships } = part.element;
  if (nodes.some((n) => n.properties !== null || n.bound === true)) {
    return null;
  }
  const [node] = nodes;
  if (relationships.length === 0 && node) {
    const types = new Set(node.labels);
    if (types.size === 0) {
      return `SELECT nodes FROM graph_counts WHERE workspace_id = ${sql.ws}`;
    }
    if (types.size > 1) {
      return null;
    }
    return typeCount(sql, 'node', [...types]);
  }
  const [rel] = relationships;
  const [from, to] = nodes;
  if (relationships.length !== 1 || !rel || !from || !to) {
    return null;
  }
  if (from.labels.length > 0 || to.labels.length > 0) {
    return null;
  }
  if (rel.properties !== null || rel.length !== null || rel.bound === true) {
    return null;
  }
  const types = [...new Set(rel.types)];
  if (from.variable !== null && from.variable === to.variable) {
    // One node at both ends: the self-loops, matched once whatever the direction.
    return typeCount(sql, 'loop', types);
  }
  const edges =
    types.length === 0
      ? `SELECT edges FROM graph_counts WHERE workspace_id = ${sql.ws}`
      : typeCount(sql, 'edge', types);
  if (rel.direction !== 'both') {
    return edges;
  }
  // Undirected, every edge matches once each way, a self-loop once.
  return `SELECT 2 * coalesce((${edges}), 0) - coalesce((${typeCount(sql, 'loop', types)}), 0)`;
}

/** The kept count of `kind` over `types` (every type when empty). */
function typeCount(sql: SqlBuilder, kind: CountedKind, types: string[]): string {
  const ofTypes =
    types.length === 0 ? '' : ` AND type IN (SELECT value FROM json_each(${sql.bind(types)}))`;
  return `SELECT sum(records) FROM graph_type_counts
    WHERE workspace_id = ${sql.ws} AND kind = ${sql.bind(kind)}${ofTypes}`;
}

/** The variables of the (single) pattern `countedRecords` accepted. */
function variablesOf(match: MatchClause): Set<string> {
  const element = match.patterns[0]?.element;
  const named = [...(element?.nodes ?? []), ...(element?.relationships ?? [])];
  return new Set(named.flatMap((e) => (e.variable === null ? [] : [e.variable])));
}

/** True when the projection is plain counts of rows or of the pattern's variables. */
function onlyCounts(projection: Projection, variables: ReadonlySet<string>): boolean {
  const { distinct, star, items, orderBy, skip, limit } = projection;
  if (distinct || star || orderBy.length > 0 || skip !== null || limit !== null) {
    return false;
  }
  return items.length > 0 && items.every((item) => isRowCount(item.expr, variables));
}

function isRowCount(expr: Expr, variables: ReadonlySet<string>): boolean {
  if (expr.kind !== 'call' || expr.name !== 'count' || expr.distinct) {
    return false;
  }
  if (expr.star) {
    return true;
  }
  const [arg, ...more] = expr.args;
  return more.length === 0 && arg?.kind === 'var' && variables.has(arg.name);
}
