import type { ChangeEvent } from '../domain/change-events';
import type { Scope } from '../domain/scopes';
import type { EventFeed, FeedPage, FeedQuery } from './event-feed';

/**
 * A workspace's change events from a cursor on, then live, as an async iterator: what a
 * GraphQL subscription yields. It reads a page at a time and waits for new events between
 * pages, so it holds at most a page; the consumer's pace (each value is taken once the
 * previous one was sent) is its pace. `return()` ends it at once, even while it waits.
 */
export class EventStream implements AsyncIterableIterator<ChangeEvent> {
  private readonly stop = new AbortController();
  private buffered: ChangeEvent[] = [];
  private cursor: number;
  private more: boolean;

  private constructor(
    private readonly feed: EventFeed,
    private readonly workspaceId: string,
    private readonly scopes: readonly Scope[],
    private readonly query: FeedQuery,
    first: FeedPage,
  ) {
    this.buffered = first.events;
    this.cursor = first.nextCursor;
    this.more = first.more;
  }

  /**
   * Opens a stream; its first page is read now, so a bad cursor (410, 400) or a type the
   * scopes do not cover (403) fails here, before anything is sent.
   */
  static async open(
    feed: EventFeed,
    workspaceId: string,
    scopes: readonly Scope[],
    query: FeedQuery,
  ): Promise<EventStream> {
    const first = await feed.page(workspaceId, scopes, query);
    return new EventStream(feed, workspaceId, scopes, query, first);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ChangeEvent> {
    return this;
  }

  async next(): Promise<IteratorResult<ChangeEvent>> {
    while (this.buffered.length === 0) {
      if (this.stop.signal.aborted) {
        return { done: true, value: undefined };
      }
      if (!this.more) {
        await this.feed.waitForChange(this.workspaceId, this.stop.signal);
        if (this.stop.signal.aborted) {
          return { done: true, value: undefined };
        }
      }
      const page = await this.feed.page(this.workspaceId, this.scopes, {
        ...this.query,
        after: this.cursor,
      });
      this.buffered = page.events;
      this.cursor = page.nextCursor;
      this.more = page.more;
    }
    const event = this.buffered.shift() as ChangeEvent;
    return { done: false, value: event };
  }

  return(): Promise<IteratorResult<ChangeEvent>> {
    this.stop.abort();
    this.buffered = [];
    return Promise.resolve({ done: true, value: undefined });
  }
}
