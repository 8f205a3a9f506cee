import { AppError, InsufficientScopeError } from '../errors';
import type { CommandLogEntry } from '../ports/command-log';
import type { CommandContext, HandlerOutcome } from './context';
import { reapplyChanges, revertChanges } from './history';

function summary(entry: CommandLogEntry) {
  return {
    commandId: entry.id,
    type: entry.type,
    changes: entry.changes.map((c) => ({
      kind: c.kind,
      id: c.id,
      version: c.currentVersion,
      exists: c.currentVersion !== null,
    })),
  };
}

/** Undoing or redoing needs every scope the entry's commands needed. */
function requireScopeOf(ctx: CommandContext, entry: CommandLogEntry): void {
  const missing = entry.scopes.find((scope) => !ctx.scopes.includes(scope));
  if (missing) {
    throw new InsufficientScopeError(missing);
  }
}

/** UNDO: reverts the actor's most recent applied command (or whole batch) in this workspace. */
export async function undo(ctx: CommandContext): Promise<HandlerOutcome> {
  // Undone entries are the newest of the actor's log, so the next one to undo is the
  // (undone + 1)-th newest: past the history depth once `undone` reaches it. The log itself
  // may keep a few older entries until its next trim; they are not undoable.
  const undone = await ctx.uow.log.countUndone(ctx.actorId);
  const entry = undone < ctx.historyDepth ? await ctx.uow.log.lastApplied(ctx.actorId) : null;
  if (!entry) {
    throw new AppError(409, 'NOTHING_TO_UNDO', 'There is no command of yours to undo.');
  }
  requireScopeOf(ctx, entry);
  ctx.uow.feed?.addCause({ undoOf: entry.id });
  const changes = await revertChanges(ctx.uow.graph, ctx.types, entry.changes);
  const updated: CommandLogEntry = { ...entry, state: 'undone', changes, updatedAt: ctx.now };
  await ctx.uow.log.update(updated);
  return { status: 200, result: { undone: summary(updated) }, changes: [] };
}

/** REDO: re-applies the actor's most recently undone command (or whole batch). */
export async function redo(ctx: CommandContext): Promise<HandlerOutcome> {
  const entry = await ctx.uow.log.lastUndone(ctx.actorId);
  if (!entry) {
    throw new AppError(409, 'NOTHING_TO_REDO', 'There is no undone command of yours to redo.');
  }
  requireScopeOf(ctx, entry);
  ctx.uow.feed?.addCause({ redoOf: entry.id });
  const changes = await reapplyChanges(ctx.uow.graph, ctx.types, entry.changes);
  const updated: CommandLogEntry = { ...entry, state: 'applied', changes, updatedAt: ctx.now };
  await ctx.uow.log.update(updated);
  return { status: 200, result: { redone: summary(updated) }, changes: [] };
}
