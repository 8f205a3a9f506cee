import type { GraphEdge, GraphNode } from '../domain/graph';
import type { Scope } from '../domain/scopes';

/** Command types of the spec. */
export const COMMAND_TYPES = [
  'CREATE_NODE',
  'UPDATE_NODE',
  'DELETE_NODE',
  'CREATE_EDGE',
  'DELETE_EDGE',
  'UNDO',
  'REDO',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
/** Commands that change records and can be undone. */
export type RecordCommandType = Exclude<CommandType, 'UNDO' | 'REDO'>;
/**
 * What a log entry records: one record command, or `BATCH`, every command of one
 * POST /api/commands/batch, undone and redone together as one step.
 */
export type LogEntryType = RecordCommandType | 'BATCH';

/**
 * One record touched by a command: its image before and after the command (null when the
 * record did not exist), and the version the record has now because of this entry
 * (`currentVersion`, null when the entry left it absent). UNDO/REDO compare the stored
 * record's version with `currentVersion` to detect changes made by someone else since.
 */
export type RecordChange =
  | {
      kind: 'node';
      id: string;
      before: GraphNode | null;
      after: GraphNode | null;
      currentVersion: number | null;
    }
  | {
      kind: 'edge';
      id: string;
      before: GraphEdge | null;
      after: GraphEdge | null;
      currentVersion: number | null;
    };

/** `applied`: in effect and undoable; `undone`: reverted and redoable. */
export type CommandState = 'applied' | 'undone';

/** A command-log entry: everything needed to invert (and re-apply) one command or batch. */
export interface CommandLogEntry {
  id: string;
  workspaceId: string;
  actorId: string;
  type: LogEntryType;
  /**
   * Scopes needed to undo or redo it: the scopes its commands needed (one for a single
   * command; a batch of nodes and edges needs both write scopes). Never empty.
   */
  scopes: readonly Scope[];
  state: CommandState;
  /** Changes in the order they were applied (a batch's: every command's, in order). */
  changes: RecordChange[];
  /** The `result` returned to the client when the command ran. */
  result: unknown;
  createdAt: string;
  updatedAt: string;
}

/** A stored response for an Idempotency-Key. */
export interface IdempotencyRecord {
  actorId: string;
  key: string;
  /** SHA-256 of the canonical request (type + payload). */
  requestHash: string;
  status: number;
  /** The `data` of the envelope that was returned. */
  response: unknown;
  createdAt: string;
}

/**
 * The command log and idempotency records of one workspace, inside the same transaction
 * as the graph writes (STYLE.md: a command writes its log entry in its own transaction).
 * History is kept per actor.
 */
export interface CommandLog {
  append(entry: CommandLogEntry): Promise<void>;
  /** The actor's most recent `applied` entry. */
  lastApplied(actorId: string): Promise<CommandLogEntry | null>;
  /** The actor's most recently undone entry still redoable. */
  lastUndone(actorId: string): Promise<CommandLogEntry | null>;
  /** How many of the actor's entries are `undone` (the size of the redo stack). */
  countUndone(actorId: string): Promise<number>;
  /** Saves the entry's new state and changes (after an undo or redo). */
  update(entry: CommandLogEntry): Promise<void>;
  /** Forgets the actor's undone entries (a new command clears the redo stack). */
  discardUndone(actorId: string): Promise<void>;
  /** Keeps only the actor's newest `keep` entries. */
  trim(actorId: string, keep: number): Promise<void>;
  getIdempotency(actorId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Saves the record, replacing any record of the same actor and key (an expired one). */
  saveIdempotency(record: IdempotencyRecord): Promise<void>;
  /** Removes idempotency records created before `before` (ISO time). */
  purgeIdempotency(before: string): Promise<number>;
}
