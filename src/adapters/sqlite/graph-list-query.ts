import type { Database, Statement } from 'better-sqlite3';
import { tieBreakDirection, type SortKey } from '../../domain/graph';
import type { Filter } from '../../filters/model';
import type { ListPage, ListPageRequest, SortPosition } from '../../ports/graph-store';
import { compileFilter, type SqlFields } from './filter-sql';

/** What a list of one table needs: its columns, fields and sortable fields. */
export interface ListDefinition<Field extends string> {
  table: string;
  columns: string;
  /** Where filter conditions find the record's fields and properties. */
  fields: SqlFields;
  /** The whitelist: only these fields can reach ORDER BY, each mapped to its column. */
  sortColumns: Readonly<Record<Field, string>>;
  /** The unfiltered total of `@workspaceId`, read from a maintained counter, not counted. */
  countAll: string;
  /** The field naming the record's type (`entityType`, `type`). */
  typeField: string;
  /**
   * The total of the records of the types in `@types` (a JSON array), read from maintained
   * counters, not counted.
   */
  countOfTypes: string;
}

/**
 * The types a filter asks for when it asks for nothing else (`entityType = X` or
 * `entityType in [X, Y]` for nodes, `type` for edges), else undefined: such a list's total
 * is a sum of maintained counts.
 */
function onlyTypes(filter: Filter | undefined, typeField: string): string[] | undefined {
  if (filter === undefined || 'and' in filter || 'or' in filter) {
    return undefined;
  }
  const { field, op, value } = filter;
  if (field.kind !== 'own' || field.name !== typeField) {
    return undefined;
  }
  if (op === 'eq' && typeof value === 'string') {
    return [value];
  }
  if (op === 'in' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value;
  }
  return undefined;
}

interface ListStatements<Row> {
  count: Statement<[Record<string, unknown>], number>;
  page: Statement<[Record<string, unknown>], Row>;
}

/**
 * Statements are cached by shape (filter structure, order, keyset or offset); the number of
 * shapes is finite but large, so the cache forgets its oldest entry.
 */
const MAX_CACHED_SHAPES = 256;

interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * The keyset condition "after this position" for ORDER BY terms ending in the id (in the
 * last term's direction). A single direction throughout is a row-value comparison, which
 * SQLite seeks on directly; mixed directions are a bound on the first column (so an index
 * on it is a range seek, not a walk from the start) and the exact lexicographic comparison.
 */
function seekCondition(terms: readonly OrderTerm[]): string {
  const value = (i: number) => `@after${i}`;
  const idDirection = tieBreakDirection(terms);
  const idOp = idDirection === 'asc' ? '>' : '<';
  const first = terms[0];
  if (!first) {
    return `id ${idOp} @afterId`;
  }
  if (terms.every((t) => t.direction === idDirection)) {
    const columns = [...terms.map((t) => t.column), 'id'].join(', ');
    const values = [...terms.map((_t, i) => value(i)), '@afterId'].join(', ');
    return `(${columns}) ${idOp} (${values})`;
  }
  const after = (i: number): string => {
    const term = terms[i];
    if (!term) {
      return `id ${idOp} @afterId`;
    }
    const op = term.direction === 'asc' ? '>' : '<';
    return `(${term.column} ${op} ${value(i)} OR (${term.column} = ${value(i)} AND ${after(i + 1)}))`;
  };
  const bound = first.direction === 'asc' ? '>=' : '<=';
  return `${first.column} ${bound} ${value(0)} AND ${after(0)}`;
}

/**
 * Filtered, sorted, paged lists of one workspace's records, by offset or by keyset. The page
 * and its total come from the same read transaction, so `total` always describes the
 * listed data.
 */
export class ListQuery<Row, Field extends string> {
  private readonly cache = new Map<string, ListStatements<Row>>();
  private readonly countAll: Statement<[Record<string, unknown>], number>;
  private readonly countOfTypes: Statement<[Record<string, unknown>], number>;

  constructor(
    private readonly reader: Database,
    private readonly definition: ListDefinition<Field>,
  ) {
    this.countAll = reader.prepare<[Record<string, unknown>], number>(definition.countAll).pluck();
    this.countOfTypes = reader
      .prepare<[Record<string, unknown>], number>(definition.countOfTypes)
      .pluck();
  }

  run(
    workspaceId: string,
    filter: Filter | undefined,
    sort: readonly SortKey<Field>[],
    page: ListPageRequest,
  ): ListPage<Row> {
    const condition = compileFilter(filter, this.definition.fields);
    const terms = this.orderTerms(sort);
    const params: Record<string, unknown> = { workspaceId, ...condition.params };
    const statements = this.statements(condition.sql, terms, page.after !== undefined);
    if (page.after) {
      Object.assign(params, afterParams(page.after, terms.length));
    }
    const counted = page.count ?? true;
    const types = onlyTypes(filter, this.definition.typeField);
    const count =
      filter === undefined
        ? () => this.countAll.get({ workspaceId })
        : types !== undefined
          ? () => this.countOfTypes.get({ workspaceId, types: JSON.stringify(types) })
          : () => statements.count.get({ workspaceId, ...condition.params });
    return this.reader.transaction(() => {
      const total = !counted ? null : (count() ?? 0);
      const skip = page.after ? 0 : page.offset;
      const empty = page.limit <= 0 || (total !== null && skip >= total);
      const items = empty
        ? []
        : statements.page.all({ ...params, limit: page.limit, offset: skip });
      return { items, total };
    })();
  }

  /** ORDER BY terms from whitelisted fields only, each field once (the id follows). */
  private orderTerms(sort: readonly SortKey<Field>[]): OrderTerm[] {
    const terms: OrderTerm[] = [];
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
        terms.push({ column: this.definition.sortColumns[key.field], direction: key.direction });
      }
    }
    return terms;
  }

  private statements(where: string, terms: readonly OrderTerm[], keyset: boolean) {
    const orderBy = [
      ...terms.map((t) => `${t.column} ${t.direction.toUpperCase()}`),
      `id ${tieBreakDirection(terms).toUpperCase()}`,
    ];
    const shape = `${where}|${orderBy.join(',')}|${keyset}`;
    const cached = this.cache.get(shape);
    if (cached) {
      return cached;
    }
    const { table, columns } = this.definition;
    const filtered = `workspace_id = @workspaceId AND ${where}`;
    const paged = keyset ? `${filtered} AND ${seekCondition(terms)}` : filtered;
    const statements: ListStatements<Row> = {
      count: this.reader
        .prepare<[Record<string, unknown>], number>(
          `SELECT COUNT(*) FROM ${table} WHERE ${filtered}`,
        )
        .pluck(),
      // The page's rows are chosen by rowid first and read after: when an index holds
      // every column the filter and the order need, choosing reads that index only,
      // however many entries it passes on the way (a property range sorted by creation, an
      // offset), and just the page's records are read.
      page: this.reader.prepare(
        `SELECT ${columns} FROM ${table} WHERE rowid IN (
           SELECT rowid FROM ${table} WHERE ${paged}
           ORDER BY ${orderBy.join(', ')} LIMIT @limit OFFSET @offset)
         ORDER BY ${orderBy.join(', ')}`,
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

/** The parameters of a keyset position: one value per sort term, then the id. */
function afterParams(after: SortPosition, terms: number): Record<string, unknown> {
  if (after.values.length !== terms) {
    throw new Error(`A position of ${after.values.length} values for ${terms} sort terms`);
  }
  const params: Record<string, unknown> = { afterId: after.id };
  after.values.forEach((value, i) => {
    params[`after${i}`] = value;
  });
  return params;
}
