import path from 'node:path';
import type { SortKey } from '../../domain/graph';
import type { PropertyIndexes } from '../../filters/indexes';
import type { Filter, RecordKind } from '../../filters/model';
import type { ListPage, ListPageRequest } from '../../ports/graph-store';
import { ThreadPool } from '../../workers/thread-pool';

/** One list page for a list thread (list-thread.ts). */
export interface ListThreadRequest {
  kind: RecordKind;
  workspaceId: string;
  filter: Filter | undefined;
  sort: readonly SortKey<string>[];
  page: ListPageRequest;
}

/** Its rows, as the store's reader would give them. */
export type ListThreadResult = ListPage<unknown>;

/**
 * The deepest offset a page is read at on the event loop's own connection. Skipping is a
 * walk over every skipped record: offset 10,000 takes a few milliseconds, offset 900,000 in
 * a workspace of a million nodes about 190 ms, during which nothing else of the process ran.
 */
export const INLINE_OFFSET = 10_000;

/** Threads reading such pages at once; more wait for a free one (the rest of the API does not). */
const THREADS = 2;
/** A thread idle this long ends (its connection with it); the next such page starts one. */
const IDLE_MS = 30_000;

/**
 * True when a page may walk far more records than it returns, so that it must not run on
 * the event loop: an offset past INLINE_OFFSET, or a filter with a condition no index
 * serves (a property without a declared index, or `contains`, a substring anywhere).
 * Everything else is an index seek bounded by the page (and by the matches when counted).
 */
export function walksManyRecords(
  filter: Filter | undefined,
  page: ListPageRequest,
  indexedKeys: ReadonlySet<string>,
): boolean {
  return (page.after === undefined && page.offset > INLINE_OFFSET) || scans(filter, indexedKeys);
}

function scans(filter: Filter | undefined, indexedKeys: ReadonlySet<string>): boolean {
  if (filter === undefined) {
    return false;
  }
  if ('and' in filter) {
    return filter.and.some((f) => scans(f, indexedKeys));
  }
  if ('or' in filter) {
    return filter.or.some((f) => scans(f, indexedKeys));
  }
  return (
    filter.op === 'contains' ||
    (filter.field.kind === 'property' && !indexedKeys.has(filter.field.key))
  );
}

/**
 * The store's list threads: one pool for node and edge lists, started on first use. Each
 * thread opens the store's file read-only (list-thread.ts).
 */
export class ListThreads {
  private readonly pool: ThreadPool<ListThreadRequest, ListThreadResult>;

  constructor(filename: string, indexes: PropertyIndexes) {
    this.pool = new ThreadPool({
      module: path.join(__dirname, 'list-thread'),
      workerData: { filename, indexes },
      threads: THREADS,
      idleMs: IDLE_MS,
      name: 'list',
    });
  }

  run(request: ListThreadRequest): Promise<ListThreadResult> {
    return this.pool.run(request);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
