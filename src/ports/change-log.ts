import type {
  ChangeActor,
  ChangeCause,
  ChangeEvent,
  ChangeEventType,
  NewChangeEvent,
} from '../domain/change-events';

/**
 * Appends a transaction's change events to its workspace's change log, inside that
 * transaction (`UnitOfWork.changes`): the events and the changes they describe commit
 * together or not at all. The store numbers them after the workspace's last event, and the
 * numbering serializes the workspace's writers until commit, so `seq` order is commit
 * order: a reader that has seen every event up to N will never see one below N appear later.
 */
export interface ChangeLogWriter {
  /** Appends `events` in order; resolves with the seq of the last one. */
  append(events: readonly NewChangeEvent[]): Promise<number>;
}

/** What a transaction's work tells the change feed (`UnitOfWork.feed`, when recording). */
export interface ChangeFeedRecorder {
  /** Who the changes recorded from now on are attributed to, and what caused them. */
  attribute(actor: ChangeActor, cause: ChangeCause): void;
  /** Adds to the cause of the changes recorded from now on (an UNDO's `undoOf`). */
  addCause(cause: ChangeCause): void;
  /** An event about something other than a node or an edge (ontology, import, ...). */
  add(event: RecordedEvent): void;
}

/** An event as application code records it; id, time, actor and cause are filled in. */
export type RecordedEvent = Omit<NewChangeEvent, 'id' | 'occurredAt' | 'actor' | 'cause'> & {
  cause?: ChangeCause;
};

/** Which events a read returns. */
export interface ChangeEventFilter {
  /** Only these event types (all when absent or empty). */
  types?: readonly ChangeEventType[];
  /** Only events whose subject has this type (or had it before the change). */
  subjectType?: string;
}

/** What one read of a workspace's change log asks for. */
export interface ChangeLogRead {
  /** The read returns events after this seq (0: from the start). */
  after: number;
  filter: ChangeEventFilter;
  /** At most this many events. */
  limit: number;
  /**
   * At most this many events examined: a selective filter over a long log returns fewer,
   * with a cursor further on.
   */
  scanLimit: number;
}

/** One read of the change log. */
export interface ChangeEventPage {
  events: ChangeEvent[];
  /**
   * The seq the next read continues after: the last event returned, or further when the
   * filter skipped events after it (a filtered read still moves forward).
   */
  cursor: number;
  /** True when more committed events follow `cursor` (filtered or not). */
  more: boolean;
}

/** Where a workspace's change log stands. */
export interface ChangeLogBounds {
  /** The seq of the last committed event (0 when there is none yet). */
  head: number;
  /**
   * Every event up to this seq was removed by retention: a cursor below it cannot be
   * followed without a gap (0 when nothing was removed).
   */
  horizon: number;
}

/**
 * Reading and trimming the change logs (docs/events.md). Reads see committed events only.
 * Implemented by each engine that holds the graph.
 */
export interface ChangeLogStore {
  /**
   * Events of the workspace after `query.after` in seq order, at most `query.limit` of them,
   * examining at most `query.scanLimit` events (see `ChangeLogRead`).
   */
  read(workspaceId: string, query: ChangeLogRead): Promise<ChangeEventPage>;
  bounds(workspaceId: string): Promise<ChangeLogBounds>;
  /**
   * Removes up to `limit` events that occurred before `before` (ISO time), oldest first,
   * across workspaces, moving each workspace's horizon. Resolves with how many it removed.
   * An engine that stores events in blocks removes whole blocks: at least one, which may
   * hold more than `limit`.
   */
  trim(before: string, limit: number): Promise<number>;
}
