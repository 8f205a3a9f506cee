import { isDeepStrictEqual } from 'node:util';
import type {
  ChangeActor,
  ChangeCause,
  ChangeEventType,
  NewChangeEvent,
} from '../domain/change-events';
import type { GraphEdge, GraphNode } from '../domain/graph';
import { newTimeOrderedId } from '../domain/ids';
import type { ChangeFeedRecorder, RecordedEvent } from '../ports/change-log';

type RecordKind = 'node' | 'edge';
type Image = GraphNode | GraphEdge;

/** One record touched by the transaction: its image before the first change, and now. */
interface Touched {
  kind: RecordKind;
  id: string;
  before: Image | null;
  after: Image | null;
  actor: ChangeActor;
  cause: ChangeCause;
}

/** The service's own actor, for changes nobody attributed. */
export const SYSTEM_ACTOR: ChangeActor = { kind: 'system', id: null };

/**
 * Collects what one transaction changes, as change events. Record writes are netted per
 * record (a node created then updated in one batch is one `node.created` with its final
 * image; created then removed is nothing), in the order each record was first changed;
 * other events keep their place among them. `events()` builds the list the transaction
 * appends to the change log before it commits.
 */
export class ChangeRecorder implements ChangeFeedRecorder {
  private actor: ChangeActor = SYSTEM_ACTOR;
  private cause: ChangeCause = {};
  /** Records changed, and other events, in order. */
  private readonly entries: Array<{ touched: Touched } | { event: NewChangeEventDraft }> = [];
  private readonly touched = new Map<string, Touched>();
  /** The last image read of a record not changed yet (the before-image of a replace). */
  private readonly read = new Map<string, Image | null>();

  attribute(actor: ChangeActor, cause: ChangeCause): void {
    this.actor = actor;
    this.cause = cause;
  }

  addCause(cause: ChangeCause): void {
    this.cause = { ...this.cause, ...cause };
  }

  add(event: RecordedEvent): void {
    this.entries.push({
      event: { ...event, actor: this.actor, cause: { ...this.cause, ...event.cause } },
    });
  }

  /** A record as read in this transaction (a `getNode`, `edgesOfNode`, ...). */
  seen(kind: RecordKind, id: string, image: Image | null): void {
    const key = `${kind}:${id}`;
    if (!this.touched.has(key)) {
      this.read.set(key, image);
    }
  }

  /** The record's image now, as far as this transaction knows; undefined when unknown. */
  known(kind: RecordKind, id: string): Image | null | undefined {
    const key = `${kind}:${id}`;
    const touched = this.touched.get(key);
    return touched ? touched.after : this.read.get(key);
  }

  /** A record went from `before` to `after` (null: absent), just now, in this transaction. */
  changed(kind: RecordKind, id: string, before: Image | null, after: Image | null): void {
    const key = `${kind}:${id}`;
    const touched = this.touched.get(key);
    if (touched) {
      touched.after = after;
      touched.actor = this.actor;
      touched.cause = this.cause;
      return;
    }
    const entry: Touched = { kind, id, before, after, actor: this.actor, cause: this.cause };
    this.touched.set(key, entry);
    this.read.delete(key);
    this.entries.push({ touched: entry });
  }

  /** The transaction's events, stamped `now`; empty when it changed nothing. */
  events(now: string): NewChangeEvent[] {
    const events: NewChangeEvent[] = [];
    const nowMs = Date.parse(now);
    for (const entry of this.entries) {
      const draft = 'touched' in entry ? recordEvent(entry.touched) : entry.event;
      if (draft) {
        events.push({ ...draft, id: `evt_${newTimeOrderedId(nowMs)}`, occurredAt: now });
      }
    }
    return events;
  }
}

/** An event before its id and time are given. */
type NewChangeEventDraft = Omit<NewChangeEvent, 'id' | 'occurredAt'>;

/** The net event of one touched record, or null when the transaction left it as it was. */
function recordEvent(entry: Touched): NewChangeEventDraft | null {
  const { before, after } = entry;
  if (before === null && after === null) {
    return null;
  }
  if (before !== null && after !== null && isDeepStrictEqual(before, after)) {
    return null;
  }
  const action = before === null ? 'created' : after === null ? 'deleted' : 'updated';
  const type = `${entry.kind}.${action}` as ChangeEventType;
  const subjectType = typeOf(after ?? before);
  const typeBefore = before && after ? typeOf(before) : null;
  return {
    type,
    actor: entry.actor,
    cause: entry.cause,
    subjectType,
    ...(typeBefore !== null && typeBefore !== subjectType ? { subjectTypeBefore: typeBefore } : {}),
    subjectId: entry.id,
    data: {
      before,
      after,
      ...(before && after ? { changedKeys: changedKeys(before, after) } : {}),
    },
  };
}

function typeOf(image: Image | null): string | null {
  if (image === null) {
    return null;
  }
  return 'entityType' in image ? image.entityType : image.type;
}

/** Top-level fields that differ, properties as `properties.<key>`, sorted. */
export function changedKeys(before: Image, after: Image): string[] {
  const keys = new Set<string>();
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'properties') {
      const pa = (a.properties ?? {}) as Record<string, unknown>;
      const pb = (b.properties ?? {}) as Record<string, unknown>;
      for (const property of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
        if (!isDeepStrictEqual(pa[property], pb[property])) {
          keys.add(`properties.${property}`);
        }
      }
    } else if (!isDeepStrictEqual(a[key], b[key])) {
      keys.add(key);
    }
  }
  return [...keys].sort();
}
