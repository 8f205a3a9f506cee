import type { Scope } from '../domain/scopes';
import type { RecordChange } from '../ports/command-log';
import type { TypeEnforcer } from '../ontology/enforcer';
import type { UnitOfWork } from '../ports/graph-store';

/** Who runs a command, where, and when; plus the transaction it runs in. */
export interface CommandContext {
  workspaceId: string;
  actorId: string;
  scopes: readonly Scope[];
  /** How many of the actor's commands stay undoable (UNDO goes no further back). */
  historyDepth: number;
  /** ISO time of this command; every record it writes gets this timestamp. */
  now: string;
  uow: UnitOfWork;
  /** The ontology's types, applied to every record this transaction writes. */
  types: TypeEnforcer;
}

/** What a record-changing handler produced. */
export interface HandlerOutcome {
  /** HTTP status for the response: 201 for creates, 200 otherwise. */
  status: 200 | 201;
  result: unknown;
  /** The changes to log (empty for UNDO/REDO, which update an existing entry instead). */
  changes: RecordChange[];
}
