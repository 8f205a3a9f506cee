/**
 * Lists as async iterables. The node and edge lists page by keyset cursor
 * (`meta.nextCursor` passed back as `cursor`), the change feed by `after`, webhook deliveries
 * by `before`; the other lists by `offset`. Iterating a `PageIterator` yields every item and
 * fetches the next page only when the current one is used up; `pages()` yields whole pages.
 */
import type { ApiResult, CallParams, OperationId, ResponseData } from './operation-types';

/** One page of a list: its items and the list's `meta`. */
export interface Page<K extends OperationId> {
  data: ResponseData<K>;
  meta: ApiResult<K>['meta'];
  requestId: string | null;
}

/** The item type of a list operation. */
export type ItemOf<K extends OperationId> =
  ResponseData<K> extends readonly (infer T)[] ? T : never;

/** Operations that answer a list (their `data` is an array). */
export type ListOperationId = {
  [K in OperationId]: ResponseData<K> extends readonly unknown[] ? K : never;
}[OperationId];

/** How a list names its next page: the query parameter to send and where its value is. */
interface PagingStyle {
  /** Query parameter that selects the next page. */
  parameter: string;
  /** Its value for the page after `page`, or undefined when `page` is the last. */
  next(meta: Record<string, unknown>, items: number): string | number | undefined;
}

const byCursor: PagingStyle = {
  parameter: 'cursor',
  next: (meta) => (typeof meta.nextCursor === 'string' ? meta.nextCursor : undefined),
};

const byOffset: PagingStyle = {
  parameter: 'offset',
  next: (meta, items) => {
    const offset = Number(meta.offset ?? 0);
    const total = meta.total;
    const end = offset + items;
    return items > 0 && (typeof total !== 'number' || end < total) ? end : undefined;
  },
};

const PAGING: Partial<Record<ListOperationId, PagingStyle>> = {
  listNodes: byCursor,
  listEdges: byCursor,
  listEvents: {
    parameter: 'after',
    next: (meta) => (meta.hasMore === true ? (meta.nextCursor as string | number) : undefined),
  },
  listWebhookDeliveries: {
    parameter: 'before',
    next: (meta) => (typeof meta.nextBefore === 'string' ? meta.nextBefore : undefined),
  },
};

/** How `operationId` pages. */
export function pagingStyle(operationId: ListOperationId): PagingStyle {
  return PAGING[operationId] ?? byOffset;
}

/** Fetches one page of a list with the given query. */
export type PageFetcher<K extends OperationId> = (params: CallParams<K>) => Promise<ApiResult<K>>;

/** A list, walked page by page on demand. */
export class PageIterator<K extends ListOperationId> implements AsyncIterable<ItemOf<K>> {
  constructor(
    private readonly operationId: K,
    private readonly fetchPage: PageFetcher<K>,
    private readonly params: CallParams<K>,
  ) {}

  /** Every page, in order, starting with the one the parameters name. */
  async *pages(): AsyncGenerator<Page<K>, void, undefined> {
    const style = pagingStyle(this.operationId);
    const base = this.params as { query?: Record<string, unknown> };
    let query = base.query;
    for (;;) {
      const result = await this.fetchPage({ ...this.params, query });
      const items = result.data as unknown as readonly unknown[];
      yield { data: result.data, meta: result.meta, requestId: result.requestId };
      const next = style.next(result.meta ?? {}, items.length);
      if (next === undefined) {
        return;
      }
      query = { ...query, [style.parameter]: next };
    }
  }

  /** The first page only. */
  async firstPage(): Promise<Page<K>> {
    for await (const page of this.pages()) {
      return page;
    }
    throw new Error('a list always answers a first page');
  }

  /** Every item, in order. */
  async *[Symbol.asyncIterator](): AsyncGenerator<ItemOf<K>, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.data as unknown as ItemOf<K>[];
    }
  }

  /** Every item in an array (mind the size of the list). */
  async toArray(): Promise<ItemOf<K>[]> {
    const items: ItemOf<K>[] = [];
    for await (const item of this) {
      items.push(item);
    }
    return items;
  }
}
