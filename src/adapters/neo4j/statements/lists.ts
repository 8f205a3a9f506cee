import type { EdgeSortField, NodeSortField, SortKey } from '../../../domain/graph';
import type { EdgeFilter, NodeFilter } from '../../../ports/graph-store';
import { cypher, type Statement } from '../statement';

/**
 * Node and edge lists. ORDER BY cannot take parameters, so a list statement is put together
 * from the fixed fragments below: a WHERE condition per filter given and an ORDER BY term
 * per whitelisted sort field, always ending with `id ASC`. Filter values stay parameters.
 * `test/unit/cypher-lint.test.ts` lints every filter combination and every sort term.
 */

/** The two statements of one list shape: its total and one page of it. */
export interface ListStatements {
  count: Statement;
  page: Statement;
}

interface ListDefinition<Filter, Field extends string> {
  kind: string;
  /** MATCH clause binding the listed variable. */
  match: string;
  /** The variable `match` binds. */
  variable: string;
  workspaceCondition: string;
  filters: { readonly [K in keyof Filter]-?: string };
  sortTerms: Readonly<Record<Field, string>>;
  /** Tie-breaker expression (the id). */
  idTerm: string;
  countReturn: string;
  /** Clauses after ORDER BY ... SKIP ... LIMIT, ending in RETURN; `%ORDER%` repeats the order. */
  pageTail: string;
}

const NODE_LIST: ListDefinition<NodeFilter, NodeSortField> = {
  kind: 'node',
  match: 'MATCH (n:Entity)',
  variable: 'n',
  workspaceCondition: 'n.workspaceId = $workspaceId',
  filters: { entityType: 'n.entityType = $entityType', name: 'n.name = $name' },
  sortTerms: {
    createdAt: 'n.createdAt',
    updatedAt: 'n.updatedAt',
    name: 'n.name',
    entityType: 'n.entityType',
  },
  idTerm: 'n.id',
  countReturn: 'RETURN count(n) AS total',
  pageTail: 'RETURN properties(n) AS node',
};

/**
 * Edges are listed through their `_EdgeRef` nodes (indexed by workspace, ends and type);
 * only the page's edges are then read from the relationships, and ordered again, since a
 * MATCH does not promise to keep the order of its input rows.
 */
const EDGE_LIST: ListDefinition<EdgeFilter, EdgeSortField> = {
  kind: 'edge',
  match: 'MATCH (k:_EdgeRef)',
  variable: 'k',
  workspaceCondition: 'k.workspaceId = $workspaceId',
  filters: {
    type: 'k.type = $type',
    sourceId: 'k.sourceId = $sourceId',
    targetId: 'k.targetId = $targetId',
    nodeId: '(k.sourceId = $nodeId OR k.targetId = $nodeId)',
  },
  sortTerms: { createdAt: 'k.createdAt', updatedAt: 'k.updatedAt', type: 'k.type' },
  idTerm: 'k.id',
  countReturn: 'RETURN count(k) AS total',
  pageTail: `MATCH (s:Entity {workspaceId: $workspaceId, id: k.sourceId})-[r]->(t:Entity {workspaceId: $workspaceId, id: k.targetId})
  WHERE r.id = k.id
  RETURN r {.*, type: type(r), sourceId: s.id, targetId: t.id} AS edge
  ORDER BY %ORDER%`,
};

/** Statements are cached by shape, as in the SQLite adapter; the cache forgets its oldest. */
const MAX_CACHED_SHAPES = 256;

class ListComposer<Filter extends object, Field extends string> {
  private readonly cache = new Map<string, ListStatements>();

  constructor(private readonly definition: ListDefinition<Filter, Field>) {}

  /** The filter keys this list knows, in a fixed order. */
  get filterKeys(): (keyof Filter & string)[] {
    return Object.keys(this.definition.filters) as (keyof Filter & string)[];
  }

  get sortFields(): Field[] {
    return Object.keys(this.definition.sortTerms) as Field[];
  }

  statements(filters: readonly (keyof Filter & string)[], sort: readonly SortKey<Field>[]) {
    const { definition } = this;
    const conditions = [definition.workspaceCondition];
    const used: string[] = [];
    for (const key of this.filterKeys) {
      if (filters.includes(key)) {
        conditions.push(definition.filters[key]);
        used.push(key);
      }
    }
    const order = this.orderBy(sort);
    const shape = `${used.join(',')}|${order}`;
    const cached = this.cache.get(shape);
    if (cached) {
      return cached;
    }
    const where = `WHERE ${conditions.join('\n    AND ')}`;
    const filterParams = ['workspaceId', ...used];
    const name = `${definition.kind}-list[${used.join(',')}|${order}]`;
    const built: ListStatements = {
      count: cypher(
        `${definition.kind}-count[${used.join(',')}]`,
        filterParams,
        `${definition.match}\n  ${where}\n  ${definition.countReturn}`,
      ),
      page: cypher(name, [...filterParams, 'offset', 'limit'], this.pageText(where, order)),
    };
    if (this.cache.size >= MAX_CACHED_SHAPES) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) {
        this.cache.delete(oldest.value);
      }
    }
    this.cache.set(shape, built);
    return built;
  }

  private pageText(where: string, order: string): string {
    const { definition } = this;
    const tail = definition.pageTail.replace('%ORDER%', order);
    if (tail.startsWith('RETURN')) {
      // Nothing follows the page: order, skip and limit the RETURN itself.
      return `${definition.match}\n  ${where}\n  ${tail}\n  ORDER BY ${order}\n  SKIP $offset\n  LIMIT $limit`;
    }
    return `${definition.match}\n  ${where}\n  WITH ${definition.variable}\n  ORDER BY ${order}\n  SKIP $offset\n  LIMIT $limit\n  ${tail}`;
  }

  /** ORDER BY terms from whitelisted fields only, each field once, then the id ascending. */
  private orderBy(sort: readonly SortKey<Field>[]): string {
    const terms: string[] = [];
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
        terms.push(`${this.definition.sortTerms[key.field]} ${key.direction.toUpperCase()}`);
      }
    }
    terms.push(`${this.definition.idTerm} ASC`);
    return terms.join(', ');
  }
}

/** Node lists: `nodeLists.statements(['entityType'], [{ field: 'name', direction: 'asc' }])`. */
export const nodeLists = new ListComposer(NODE_LIST);
/** Edge lists, composed like `nodeLists`. */
export const edgeLists = new ListComposer(EDGE_LIST);

/**
 * Every shape the lint test checks: each filter combination unsorted, and with all filters,
 * each sort field in each direction, plus all fields at once.
 */
export function listStatementsForLint(): Statement[] {
  const shapes = <F extends object, S extends string>(composer: ListComposer<F, S>) => {
    const keys = composer.filterKeys;
    const combos = Array.from({ length: 2 ** keys.length }, (_, mask) =>
      keys.filter((_key, bit) => (mask & (1 << bit)) !== 0),
    );
    const sorts: SortKey<S>[][] = [
      [],
      ...composer.sortFields.flatMap((field) =>
        (['asc', 'desc'] as const).map((direction) => [{ field, direction }]),
      ),
      composer.sortFields.map((field) => ({ field, direction: 'desc' as const })),
    ];
    return [
      ...combos.map((combo) => composer.statements(combo, [])),
      ...sorts.map((sort) => composer.statements(keys, sort)),
    ].flatMap((s) => [s.count, s.page]);
  };
  const all = [...shapes(nodeLists), ...shapes(edgeLists)];
  return [...new Map(all.map((s) => [s.name, s])).values()];
}
