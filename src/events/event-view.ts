import type { ChangeEvent } from '../domain/change-events';

/** A change event as the API shows it (docs/events.md, "The event"). */
export interface EventView {
  id: string;
  /** The event's place in its workspace's log; as text, the cursor to resume after it. */
  seq: number;
  type: ChangeEvent['type'];
  occurredAt: string;
  workspaceId: string;
  actor: ChangeEvent['actor'];
  /** The command, batch, undo, redo, import or webhook event that made the change. */
  cause: ChangeEvent['cause'];
  subject: { id: string; type: string | null; previousType?: string };
  data: ChangeEvent['data'];
}

/** The API's view of a change event; REST, SSE, GraphQL and webhooks all send this shape. */
export function presentEvent(event: ChangeEvent): EventView {
  return {
    id: event.id,
    seq: event.seq,
    type: event.type,
    occurredAt: event.occurredAt,
    workspaceId: event.workspaceId,
    actor: event.actor,
    cause: event.cause,
    subject: {
      id: event.subjectId,
      type: event.subjectType,
      ...(event.subjectTypeBefore ? { previousType: event.subjectTypeBefore } : {}),
    },
    data: event.data,
  };
}

/** A cursor as the API writes it: the seq as decimal text. */
export function cursorText(seq: number): string {
  return String(seq);
}
