import { EVENT_READ_SCOPES, type ChangeEvent, type ChangeEventType } from '../domain/change-events';
import type { Scope } from '../domain/scopes';
import { CursorExpiredError, InsufficientScopeError, InvalidCursorError } from '../errors';
import type { ChangeLogStore } from '../ports/change-log';
import type { ChangeSignal } from '../ports/change-signal';
import type { FeedFilterInput } from './feed-input';

/**
 * What a reader asks of the change log: events after `after` (null: from the oldest
 * retained), of `types` (every type the reader may see when empty), about records of
 * `subjectType`, at most `limit`.
 */
export interface FeedQuery extends FeedFilterInput {
  limit: number;
}

/** One page of the feed. */
export interface FeedPage {
  events: ChangeEvent[];
  /** Where the next read continues: after the last event examined. */
  nextCursor: number;
  /** True when committed events follow `nextCursor`. */
  more: boolean;
}

export interface EventFeedOptions {
  /** Events examined at most per read (a selective filter then returns fewer). */
  scanLimit: number;
  /** How often a waiting reader looks at the log without having been signalled. */
  pollMs: number;
}

/** The event types a reader with `scopes` may see. */
export function visibleTypes(scopes: readonly Scope[]): ChangeEventType[] {
  return (Object.keys(EVENT_READ_SCOPES) as ChangeEventType[]).filter((type) =>
    scopes.includes(EVENT_READ_SCOPES[type]),
  );
}

/**
 * The change feed of a workspace (docs/events.md): pages of its change log in seq order,
 * restricted to what the reader's scopes may see, and a wait for new events that wakes on
 * the change signal (any instance's commit) or, failing that, on a poll.
 */
export class EventFeed {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: ChangeLogStore,
    signal: ChangeSignal,
    private readonly options: EventFeedOptions,
  ) {
    this.unsubscribe = signal.subscribe((workspaceId) => {
      if (workspaceId === null) {
        for (const set of this.waiters.values()) {
          set.forEach((wake) => wake());
        }
      } else {
        this.waiters.get(workspaceId)?.forEach((wake) => wake());
      }
    });
  }

  /**
   * A page of events. A cursor past the retention is a 410 (CURSOR_EXPIRED, with the
   * earliest cursor that can be followed); one beyond the last event is a 400. Types the
   * scopes do not cover are a 403 when asked for by name, and left out otherwise.
   */
  async page(workspaceId: string, scopes: readonly Scope[], query: FeedQuery): Promise<FeedPage> {
    const types = this.allowedTypes(scopes, query.types);
    const bounds = await this.store.bounds(workspaceId);
    const after = this.checkCursor(query.after, bounds);
    if (types.length === 0) {
      return { events: [], nextCursor: bounds.head, more: false };
    }
    const page = await this.store.read(workspaceId, {
      after,
      filter: {
        types,
        ...(query.subjectType !== undefined ? { subjectType: query.subjectType } : {}),
      },
      limit: query.limit,
      scanLimit: this.options.scanLimit,
    });
    return { events: page.events, nextCursor: page.cursor, more: page.more };
  }

  /** The cursor of the workspace's last committed event (0 when none yet). */
  async head(workspaceId: string): Promise<number> {
    return (await this.store.bounds(workspaceId)).head;
  }

  /** Where `after` (null: the oldest retained) can be followed from, or why not. */
  async start(workspaceId: string, after: number | null): Promise<number> {
    return this.checkCursor(after, await this.store.bounds(workspaceId));
  }

  /**
   * Resolves when the workspace's log may have grown: at a signal for it, at the next poll,
   * or when `abort` fires. Never rejects.
   */
  waitForChange(workspaceId: string, abort: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      let set = this.waiters.get(workspaceId);
      if (!set) {
        set = new Set();
        this.waiters.set(workspaceId, set);
      }
      const waiters = set;
      const done = () => {
        clearTimeout(timer);
        abort.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(workspaceId) === waiters) {
          this.waiters.delete(workspaceId);
        }
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      abort.addEventListener('abort', done, { once: true });
      waiters.add(done);
      if (abort.aborted) {
        done();
      }
    });
  }

  close(): void {
    this.unsubscribe();
    for (const set of this.waiters.values()) {
      set.forEach((wake) => wake());
    }
  }

  private allowedTypes(
    scopes: readonly Scope[],
    asked: readonly ChangeEventType[],
  ): ChangeEventType[] {
    const visible = visibleTypes(scopes);
    if (asked.length === 0) {
      return visible;
    }
    for (const type of asked) {
      if (!visible.includes(type)) {
        throw new InsufficientScopeError(EVENT_READ_SCOPES[type]);
      }
    }
    return [...asked];
  }

  private checkCursor(after: number | null, bounds: { head: number; horizon: number }): number {
    if (after === null) {
      return bounds.horizon;
    }
    if (after < bounds.horizon) {
      throw new CursorExpiredError(after, bounds.horizon);
    }
    if (after > bounds.head) {
      throw new InvalidCursorError(
        `Cursor ${after} is beyond the last event of this workspace (${bounds.head}).`,
      );
    }
    return after;
  }
}
