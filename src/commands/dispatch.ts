import type { Scope } from '../domain/scopes';
import type { RecordCommandType } from '../ports/command-log';
import type { CommandContext, HandlerOutcome } from './context';
import { createEdge, deleteEdge } from './edge-commands';
import { createNode, deleteNode, updateNode } from './node-commands';
import type { Command } from './schemas';
import { redo, undo } from './undo-redo';

/** Scope each record command needs (UNDO/REDO need the scope of the command they invert). */
export const COMMAND_SCOPES: Record<RecordCommandType, Scope> = {
  CREATE_NODE: 'write:nodes',
  UPDATE_NODE: 'write:nodes',
  DELETE_NODE: 'write:nodes',
  CREATE_EDGE: 'write:edges',
  DELETE_EDGE: 'write:edges',
};

/** Runs the handler of `command` (no log entry: the caller writes it). */
export function dispatch(ctx: CommandContext, command: Command): Promise<HandlerOutcome> {
  switch (command.type) {
    case 'CREATE_NODE':
      return createNode(ctx, command.payload);
    case 'UPDATE_NODE':
      return updateNode(ctx, command.payload);
    case 'DELETE_NODE':
      return deleteNode(ctx, command.payload);
    case 'CREATE_EDGE':
      return createEdge(ctx, command.payload);
    case 'DELETE_EDGE':
      return deleteEdge(ctx, command.payload);
    case 'UNDO':
      return undo(ctx);
    case 'REDO':
      return redo(ctx);
  }
}
