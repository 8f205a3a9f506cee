import type { Database, Statement } from 'better-sqlite3';
import type { SortKey } from '../../domain/graph';
import type { Page, PageRequest } from '../../ports/paging';

/** One optional filter: the SQL condition it adds, bound to a named parameter `@<key>`. */
export type FilterConditions<Filter> = { readonly [K in keyof Filter]-?: string };

/** What a list of one table needs: its columns, filters and sortable fields. */
export interface ListDefinition<Filter, Field extends string> {
  table: string;
  columns: string;
  filters: FilterConditions<Filter>;
  /** The whitelist: only these fields can reach ORDER BY, each mapped to its column. */
  sortColumns: Readonly<Record<Field, string>>;
  /** The unfiltered total of `@workspaceId`, read from a maintained counter, not counted. */
  countAll: string;
}

interface ListStatements<Row> {
  count: Statement<[Record<string, unknown>], number>;
  page: Statement<[Record<string, unknown>], Row>;
}

/**
 * Statements are cached by shape (which filters, which order); the number of shapes is
 * finite but large (every sort combination), so the cache forgets its oldest entry.
 */
const MAX_CACHED_SHAPES = 256;

/**
 * Filtered, sorted, paged lists of one workspace's records. The page and its total come
 * from the same read transaction, so `total` always describes the listed data.
 */
export class ListQuery<Row, Filter extends object, Field extends string> {
  private readonly cache = new Map<string, ListStatements<Row>>();
  private readonly countAll: Statement<[Record<string, unknown>], number>;

  constructor(
    private readonly reader: Database,
    private readonly definition: ListDefinition<Filter, Field>,
  ) {
    this.countAll = reader.prepare<[Record<string, unknown>], number>(definition.countAll).pluck();
  }

  run(
    workspaceId: string,
    filter: Filter,
    sort: readonly SortKey<Field>[],
    page: PageRequest,
  ): Page<Row> {
    const params: Record<string, unknown> = { workspaceId };
    const conditions = ['workspace_id = @workspaceId'];
    for (const key of Object.keys(this.definition.filters) as (keyof Filter & string)[]) {
      const value = filter[key];
      if (value !== undefined) {
        conditions.push(this.definition.filters[key]);
        params[key] = value;
      }
    }
    const orderBy = this.orderBy(sort);
    const filtered = conditions.length > 1;
    const statements = this.statements(conditions.join(' AND '), orderBy);
    return this.reader.transaction(() => {
      const total = (filtered ? statements.count : this.countAll).get(params) ?? 0;
      const items =
        page.limit > 0 && page.offset < total
          ? statements.page.all({ ...params, limit: page.limit, offset: page.offset })
          : [];
      return { items, total };
    })();
  }

  /** ORDER BY from whitelisted fields only, each field once, always ending with `id ASC`. */
  private orderBy(sort: readonly SortKey<Field>[]): string {
    const terms: string[] = [];
    const used = new Set<string>();
    for (const key of sort) {
      if (!Object.hasOwn(this.definition.sortColumns, key.field)) {
        throw new Error(`Not a sortable field: ${String(key.field)}`);
      }
      if (key.direction !== 'asc' && key.direction !== 'desc') {
        throw new Error(`Not a sort direction: ${String(key.direction)}`);
      }
      // A repeated field cannot change the order its first occurrence set.
      if (!used.has(key.field)) {
        used.add(key.field);
        terms.push(`${this.definition.sortColumns[key.field]} ${key.direction.toUpperCase()}`);
      }
    }
    terms.push('id ASC');
    return terms.join(', ');
  }

  private statements(where: string, orderBy: string): ListStatements<Row> {
    const shape = `${where}|${orderBy}`;
    const cached = this.cache.get(shape);
    if (cached) {
      return cached;
    }
    const { table, columns } = this.definition;
    const statements: ListStatements<Row> = {
      count: this.reader
        .prepare<[Record<string, unknown>], number>(`SELECT COUNT(*) FROM ${table} WHERE ${where}`)
        .pluck(),
      page: this.reader.prepare(
        `SELECT ${columns} FROM ${table} WHERE ${where}
         ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
      ),
    };
    if (this.cache.size >= MAX_CACHED_SHAPES) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) {
        this.cache.delete(oldest.value);
      }
    }
    this.cache.set(shape, statements);
    return statements;
  }
}
