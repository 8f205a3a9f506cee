import type { Scope } from './scopes';

/**
 * What changed, as the change feed names it (docs/events.md). Every committed change of a
 * workspace is one event, in the order the changes committed.
 */
export const CHANGE_EVENT_TYPES = [
  'node.created',
  'node.updated',
  'node.deleted',
  'edge.created',
  'edge.deleted',
  'entityType.changed',
  'entityType.deleted',
  'relationshipType.changed',
  'relationshipType.deleted',
  'ontology.settingsChanged',
  'connector.eventProcessed',
  'import.completed',
  'import.failed',
  'liveDataSource.created',
] as const;

export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

/** True when `value` names an event type. */
export function isChangeEventType(value: string): value is ChangeEventType {
  return (CHANGE_EVENT_TYPES as readonly string[]).includes(value);
}

/** The scope a reader needs to see events of a type: the scope that reads what changed. */
export const EVENT_READ_SCOPES: Readonly<Record<ChangeEventType, Scope>> = {
  'node.created': 'read:nodes',
  'node.updated': 'read:nodes',
  'node.deleted': 'read:nodes',
  'edge.created': 'read:edges',
  'edge.deleted': 'read:edges',
  'entityType.changed': 'read:nodes',
  'entityType.deleted': 'read:nodes',
  'relationshipType.changed': 'read:edges',
  'relationshipType.deleted': 'read:edges',
  'ontology.settingsChanged': 'read:nodes',
  'connector.eventProcessed': 'read:connectors',
  'import.completed': 'read:nodes',
  'import.failed': 'read:nodes',
  'liveDataSource.created': 'read:livedata',
};

/** Who made a change: an API key, an OAuth user, a webhook connector, or the service. */
export interface ChangeActor {
  kind: 'apiKey' | 'user' | 'connector' | 'system';
  id: string | null;
}

/**
 * The actor of a change made by `actorId`, an id the service gave: `key_...` (API key),
 * `usr_...` (OAuth user), `con_...` (webhook connector); anything else is the service.
 */
export function actorOf(actorId: string | null): ChangeActor {
  if (actorId === null) {
    return { kind: 'system', id: null };
  }
  const kind = actorId.startsWith('key_')
    ? 'apiKey'
    : actorId.startsWith('usr_')
      ? 'user'
      : actorId.startsWith('con_')
        ? 'connector'
        : 'system';
  return { kind, id: actorId };
}

/** The command, batch, undo or redo a change belongs to (absent fields: not one). */
export interface ChangeCause {
  commandId?: string;
  batchId?: string;
  /** The command (or batch) an UNDO reverted. */
  undoOf?: string;
  /** The command (or batch) a REDO re-applied. */
  redoOf?: string;
  /** The import that wrote the record. */
  importId?: string;
  /** The received webhook event that wrote the record. */
  connectorEventId?: string;
}

/** What a change event carries about the record: its images and the keys that differ. */
export interface ChangeData {
  /** The record before the change; null when it did not exist. */
  before: unknown;
  /** The record after the change; null when it no longer exists. */
  after: unknown;
  /** Top-level fields that differ (properties by `properties.<key>`); updates only. */
  changedKeys?: string[];
}

/** An event as the transaction that makes the change writes it (the store numbers it). */
export interface NewChangeEvent {
  id: string;
  type: ChangeEventType;
  occurredAt: string;
  actor: ChangeActor;
  cause: ChangeCause;
  /**
   * The type of what changed, for filtering: a node's entity type, an edge's type, the
   * name of an ontology type, a connector's entity type; null for the rest.
   */
  subjectType: string | null;
  /** The node's entity type before the change, when an update changed it. */
  subjectTypeBefore?: string | null;
  /** The id of the record it concerns (node, edge, type name, import, source...). */
  subjectId: string;
  data: ChangeData;
}

/** A committed event: numbered in its workspace, in commit order. */
export interface ChangeEvent extends NewChangeEvent {
  workspaceId: string;
  /** Monotonic and gapless per workspace: the cursor. */
  seq: number;
}
