import type { SortKey } from '../domain/graph';
import { ValidationError } from '../errors';
import { decodeCursor, encodeCursor, listBinding } from '../filters/cursor';
import type { Filter, RecordKind } from '../filters/model';
import type { ListPage, ListPageRequest } from '../ports/graph-store';

/** How a client asks for a page of a node or edge list. */
export interface ListPaging {
  limit: number;
  offset: number;
  /** `nextCursor` of the previous page; excludes a non-zero offset. */
  cursor?: string;
  /** False skips counting (`total` null). */
  count: boolean;
  /** How errors name the offset: `query.offset` (REST, the default) or `args.offset`. */
  offsetPath?: string;
}

/** A page of a node or edge list. */
export interface ListResult<T> {
  items: T[];
  /** Items matching the filter over all pages; null when counting was skipped. */
  total: number | null;
  /** Continues after this page; null when there is nothing after it. */
  nextCursor: string | null;
}

/**
 * Runs one page of a list by offset or cursor: decodes the cursor against the list's
 * binding, asks the store for one item more than the page (that extra item says whether a
 * next page exists, without counting), and makes the cursor of the page's last item. Any
 * offset is served; the embedded store reads deep ones off the event loop (list-threads.ts).
 */
export async function pageOfList<T extends { id: string }, F extends string>(
  kind: RecordKind,
  filter: Filter | undefined,
  sort: readonly SortKey<F>[],
  paging: ListPaging,
  read: (page: ListPageRequest) => Promise<ListPage<T>>,
): Promise<ListResult<T>> {
  const offsetPath = paging.offsetPath ?? 'query.offset';
  if (paging.cursor !== undefined && paging.offset > 0) {
    throw new ValidationError(
      'cursor and offset cannot be combined: a cursor says where to start.',
      [{ path: offsetPath, message: 'must not be given with cursor' }],
    );
  }
  const binding = listBinding(kind, filter, sort);
  const after =
    paging.cursor === undefined ? undefined : decodeCursor(binding, paging.cursor, sort.length);
  const page = await read({
    limit: paging.limit === 0 ? 0 : paging.limit + 1,
    offset: paging.offset,
    after,
    count: paging.count,
  });
  const items = page.items.slice(0, paging.limit);
  const last = items[items.length - 1];
  const nextCursor =
    page.items.length > paging.limit && last
      ? encodeCursor(binding, {
          values: sort.map((key) => String((last as Record<string, unknown>)[key.field])),
          id: last.id,
        })
      : null;
  return { items, total: page.total, nextCursor };
}
