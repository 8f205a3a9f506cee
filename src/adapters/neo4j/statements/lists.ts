import { createHash } from 'node:crypto';
import {
  tieBreakDirection,
  type EdgeSortField,
  type NodeSortField,
  type SortKey,
} from '../../../domain/graph';
import { isCondition, type Filter } from '../../../filters/model';
import { CypherFilterCompiler, needsFields, type CypherFields } from '../filter-cypher';
import { cypher, type Statement } from '../statement';

/**
 * Node and edge lists. ORDER BY cannot take parameters and a filter's shape is the
 * client's, so a list statement is put together from fixed fragments: the filter predicate
 * compiled by `CypherFilterCompiler` (values and keys as parameters), an ORDER BY term per
 * whitelisted sort field ending with the id (in the last term's direction), and for keyset
 * pages the "after this position" predicate. `test/unit/adapters/neo4j/cypher-lint.test.ts`
 * lints every operator on every kind of field, each sort in each direction, keyset and
 * offset pages.
 */

/** The two statements of one list shape, and the parameters its filter binds. */
export interface ListStatements {
  count: Statement;
  page: Statement;
  /** Values of the filter's parameters (`f0`, `f1`, ...), converted for the driver. */
  filterParams: Record<string, unknown>;
}

interface ListDefinition<Field extends string> {
  kind: 'node' | 'edge';
  /** MATCH clause binding the listed variable. */
  match: string;
  /** The variable `match` binds. */
  variable: string;
  workspaceCondition: string;
  /** Own fields readable from `variable` alone. */
  fields: CypherFields;
  /**
   * For edges: the clause that binds the relationship `r` of the reference `k`, needed
   * when a condition names its version or a property; with the fields it adds.
   */
  relationship?: { match: string; fields: CypherFields };
  sortTerms: Readonly<Record<Field, string>>;
  /** Tie-breaker expression (the id). */
  idTerm: string;
  countReturn: string;
  /** Clauses after ORDER BY ... SKIP ... LIMIT, ending in RETURN; `%ORDER%` repeats the order. */
  pageTail: string;
}

/** Statements are cached by shape, as in the SQLite adapter; the cache forgets its oldest. */
const MAX_CACHED_SHAPES = 256;

/**
 * "After this position" for ORDER BY terms ending in the id (in the last term's direction):
 * a bound on the first term (an index range) and the exact lexicographic comparison.
 */
function seekPredicate(terms: readonly { term: string; direction: 'asc' | 'desc' }[], id: string) {
  const idOp = tieBreakDirection(terms) === 'asc' ? '>' : '<';
  const after = (i: number): string => {
    const t = terms[i];
    if (!t) {
      return `${id} ${idOp} $afterId`;
    }
    const op = t.direction === 'asc' ? '>' : '<';
    return `(${t.term} ${op} $after${i} OR (${t.term} = $after${i} AND ${after(i + 1)}))`;
  };
  const first = terms[0];
  if (!first) {
    return after(0);
  }
  return `${first.term} ${first.direction === 'asc' ? '>=' : '<='} $after0 AND ${after(0)}`;
}

/** The top-level conditions of a filter (the items of a root AND, or the filter itself). */
function conjuncts(filter: Filter | undefined): Filter[] {
  if (!filter) {
    return [];
  }
  return !isCondition(filter) && 'and' in filter ? filter.and : [filter];
}

class ListComposer<Field extends string> {
  private readonly cache = new Map<string, Omit<ListStatements, 'filterParams'>>();

  constructor(private readonly definition: ListDefinition<Field>) {}

  get sortFields(): Field[] {
    return Object.keys(this.definition.sortTerms) as Field[];
  }

  /**
   * The statements of a list with `filter`, `sort`, by offset or after a position
   * (`keyset`), and the parameter values the filter binds. `indexedKeys` are the declared
   * property indexes (written as static property accesses).
   */
  statements(
    filter: Filter | undefined,
    sort: readonly SortKey<Field>[],
    keyset: boolean,
    indexedKeys: ReadonlySet<string> = new Set(),
  ): ListStatements {
    const d = this.definition;
    const own = new Set(Object.keys(d.fields.own));
    const needRelationship = d.relationship !== undefined && !!filter && needsFields(filter, own);
    // With the relationship, conditions on the reference alone still narrow the first MATCH
    // (by its indexes); the others follow the relationship's MATCH.
    const parts = conjuncts(filter);
    const early = needRelationship ? parts.filter((p) => !needsFields(p, own)) : parts;
    const late = needRelationship ? parts.filter((p) => needsFields(p, own)) : [];
    const compiler = new CypherFilterCompiler({ ...d.fields, indexedKeys });
    const earlyText = early.map((p) => compiler.compile(p));
    const lateFields = d.relationship ? { ...d.relationship.fields, indexedKeys } : undefined;
    const lateText = late.map((p) => compiler.compile(p, lateFields));
    const params = compiler.params;
    const terms = this.orderTerms(sort);
    const order = [
      ...terms.map((t) => `${t.term} ${t.direction.toUpperCase()}`),
      `${d.idTerm} ${tieBreakDirection(terms).toUpperCase()}`,
    ].join(', ');
    const where = [d.workspaceCondition, ...earlyText].join('\n    AND ');
    const relationshipClause =
      needRelationship && d.relationship
        ? `\n  ${d.relationship.match}\n    AND ${lateText.join('\n    AND ')}`
        : '';
    const filtered = `${d.match}\n  WHERE ${where}${relationshipClause}`;
    const shape = `${filtered}|${order}|${keyset}`;
    const cached = this.cache.get(shape);
    if (cached) {
      return { ...cached, filterParams: params };
    }
    const filterParamNames = ['workspaceId', ...Object.keys(params)];
    const seek = keyset ? seekPredicate(terms, d.idTerm) : '';
    const afterParams = keyset ? [...terms.map((_t, i) => `after${i}`), 'afterId'] : [];
    const name = `${d.kind}-list[${shortShape(shape)}]`;
    const built = {
      count: cypher(
        `${d.kind}-count[${shortShape(filtered)}]`,
        filterParamNames,
        `${filtered}\n  ${d.countReturn}`,
      ),
      page: cypher(
        name,
        [...filterParamNames, ...afterParams, ...(keyset ? [] : ['offset']), 'limit'],
        this.pageText(filtered, keyset ? seek : '', order, keyset),
      ),
    };
    if (this.cache.size >= MAX_CACHED_SHAPES) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) {
        this.cache.delete(oldest.value);
      }
    }
    this.cache.set(shape, built);
    return { ...built, filterParams: params };
  }

  private pageText(filtered: string, seek: string, order: string, keyset: boolean): string {
    const d = this.definition;
    const tail = d.pageTail.replace('%ORDER%', order);
    const narrowed = seek ? `${filtered}\n  WITH ${d.variable}\n  WHERE ${seek}` : filtered;
    const skip = keyset ? '' : '\n  SKIP $offset';
    if (tail.startsWith('RETURN')) {
      // Nothing follows the page: order, skip and limit the RETURN itself.
      return `${narrowed}\n  ${tail}\n  ORDER BY ${order}${skip}\n  LIMIT $limit`;
    }
    return `${narrowed}\n  WITH ${d.variable}\n  ORDER BY ${order}${skip}\n  LIMIT $limit\n  ${tail}`;
  }

  /** Sort terms from whitelisted fields only, each field once (the id follows). */
  private orderTerms(sort: readonly SortKey<Field>[]) {
    const terms: { term: string; direction: 'asc' | 'desc' }[] = [];
    const seen = new Set<string>();
    for (const key of sort) {
      if (!Object.hasOwn(this.definition.sortTerms, key.field)) {
        throw new Error(`Not a sortable field: ${String(key.field)}`);
      }
      if (key.direction !== 'asc' && key.direction !== 'desc') {
        throw new Error(`Not a sort direction: ${String(key.direction)}`);
      }
      if (!seen.has(key.field)) {
        seen.add(key.field);
        terms.push({ term: this.definition.sortTerms[key.field], direction: key.direction });
      }
    }
    return terms;
  }
}

/** A short, stable name part for a statement shape (names appear in logs and lint reports). */
function shortShape(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

const NODE_FIELDS: CypherFields = {
  own: {
    id: 'n.id',
    name: 'n.name',
    entityType: 'n.entityType',
    createdAt: 'n.createdAt',
    updatedAt: 'n.updatedAt',
    version: 'n.version',
  },
  holder: 'n',
  indexedKeys: new Set(),
};

/** Node lists: `nodeLists.statements(filter, [{ field: 'name', direction: 'asc' }], false)`. */
export const nodeLists = new ListComposer<NodeSortField>({
  kind: 'node',
  match: 'MATCH (n:Entity)',
  variable: 'n',
  workspaceCondition: 'n.workspaceId = $workspaceId',
  fields: NODE_FIELDS,
  sortTerms: {
    createdAt: 'n.createdAt',
    updatedAt: 'n.updatedAt',
    name: 'n.name',
    entityType: 'n.entityType',
  },
  idTerm: 'n.id',
  countReturn: 'RETURN count(n) AS total',
  pageTail: 'RETURN properties(n) AS node',
});

const EDGE_REF_FIELDS = {
  id: 'k.id',
  type: 'k.type',
  sourceId: 'k.sourceId',
  targetId: 'k.targetId',
  createdAt: 'k.createdAt',
  updatedAt: 'k.updatedAt',
} as const;

/**
 * Edges are listed through their `_EdgeRef` nodes (indexed by workspace, ends and type);
 * only the page's edges are then read from the relationships, and ordered again, since a
 * MATCH does not promise to keep the order of its input rows. A condition on the version or
 * a property needs the relationship itself: it is matched after the reference's own
 * conditions have narrowed the references.
 */
export const edgeLists = new ListComposer<EdgeSortField>({
  kind: 'edge',
  match: 'MATCH (k:_EdgeRef)',
  variable: 'k',
  workspaceCondition: 'k.workspaceId = $workspaceId',
  fields: { own: EDGE_REF_FIELDS, holder: 'k', indexedKeys: new Set() },
  relationship: {
    match: `MATCH (:Entity {workspaceId: $workspaceId, id: k.sourceId})-[r]->(:Entity {workspaceId: $workspaceId, id: k.targetId})
    WHERE r.id = k.id`,
    fields: {
      own: { ...EDGE_REF_FIELDS, version: 'r.version' },
      holder: 'r',
      indexedKeys: new Set(),
    },
  },
  sortTerms: { createdAt: 'k.createdAt', updatedAt: 'k.updatedAt', type: 'k.type' },
  idTerm: 'k.id',
  countReturn: 'RETURN count(k) AS total',
  pageTail: `MATCH (s:Entity {workspaceId: $workspaceId, id: k.sourceId})-[r]->(t:Entity {workspaceId: $workspaceId, id: k.targetId})
  WHERE r.id = k.id
  RETURN r {.*, type: type(r), sourceId: s.id, targetId: t.id} AS edge
  ORDER BY %ORDER%`,
});
