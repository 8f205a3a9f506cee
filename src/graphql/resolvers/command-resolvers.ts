import { parseBatch } from '../../commands/batch-input';
import type { CommandResponse, CommandService } from '../../commands/command-service';
import { commandSchema, type Command } from '../../commands/schemas';
import { BatchItemError, ValidationError } from '../../errors';
import { parseInput } from '../../parse-input';
import type { GraphQLContext } from '../context';
import { asArguments } from '../errors';
import { idempotencyKeyOf, withoutNulls, type ResolverMap } from './inputs';

type Json = Record<string, unknown>;

/**
 * Parses `{ type, payload }` with the command schema of POST /api/commands/execute and
 * reports issues against `args.<where>` (`payload` for executeCommand, `input` for the typed
 * mutations, the arguments themselves for delete/undo/redo).
 */
function parseCommand(body: unknown, where: 'payload' | 'input' | ''): Command {
  const target = where === '' ? 'args' : `args.${where}`;
  return asArguments(
    () => parseInput(commandSchema, body, 'body'),
    [
      [/^body\.payload(?=\.|$)/, target],
      [/^body(?=\.|$)/, 'args'],
    ],
  );
}

async function run(
  commands: CommandService,
  ctx: GraphQLContext,
  command: Command,
  rawKey: string | null | undefined,
): Promise<CommandResponse> {
  const key = idempotencyKeyOf(rawKey);
  return commands.execute(command, {
    workspaceId: ctx.workspaceId,
    actorId: ctx.principal.actorId,
    scopes: ctx.scopes,
    ...(key ? { idempotencyKey: key } : {}),
  });
}

function commandResult(response: CommandResponse) {
  return { ...response.data, replayed: response.replayed };
}

function deleteResult(response: CommandResponse) {
  const result = response.data.result as { id: string; deletedEdgeIds?: string[] };
  return {
    commandId: response.data.commandId,
    id: result.id,
    deletedEdgeIds: result.deletedEdgeIds ?? [],
    replayed: response.replayed,
  };
}

/**
 * Runs `parse` with validation issues reported against `args.commands.<index>...`, the
 * arguments of executeBatch, instead of the REST body; a failing command stays named by its
 * index.
 */
function batchArguments<T>(parse: () => T): T {
  try {
    return asArguments(parse, BATCH_RENAMES);
  } catch (error) {
    throw inArguments(error);
  }
}

const BATCH_RENAMES = [[/^body(?=\.|$)/, 'args']] as const;

/** A failing command's validation error with its paths in `args` (parsing or running). */
function inArguments(error: unknown): unknown {
  if (error instanceof BatchItemError && error.item instanceof ValidationError) {
    const item = error.item;
    let renamed: unknown = item;
    try {
      asArguments(() => {
        throw item;
      }, BATCH_RENAMES);
    } catch (thrown) {
      renamed = thrown;
    }
    return new BatchItemError(error.index, error.type, renamed as ValidationError);
  }
  return error;
}

interface KeyArg {
  idempotencyKey?: string | null;
}

/**
 * Mutations that change the ontology. Every one builds the same command object that POST
 * /api/commands/execute parses and hands it to the same CommandService, so the command log,
 * UNDO/REDO, versions, scope checks and idempotency are shared with REST (an idempotency
 * key used over REST replays over GraphQL too, for the same command).
 */
export function commandResolvers(commands: CommandService): ResolverMap {
  return {
    Mutation: {
      executeCommand: async (
        _root,
        args: KeyArg & { type: Command['type']; payload?: unknown },
        ctx,
      ) => {
        const body =
          args.payload === undefined || args.payload === null
            ? { type: args.type }
            : { type: args.type, payload: args.payload };
        const response = await run(
          commands,
          ctx,
          parseCommand(body, 'payload'),
          args.idempotencyKey,
        );
        return commandResult(response);
      },
      createNode: async (_root, args: KeyArg & { input: Json }, ctx) => {
        const command = parseCommand(
          { type: 'CREATE_NODE', payload: withoutNulls(args.input) },
          'input',
        );
        const response = await run(commands, ctx, command, args.idempotencyKey);
        return { ...response.data, node: response.data.result, replayed: response.replayed };
      },
      updateNode: async (_root, args: KeyArg & { input: Json }, ctx) => {
        // A null inside `properties` removes that key, so only top-level nulls are dropped.
        const command = parseCommand(
          { type: 'UPDATE_NODE', payload: withoutNulls(args.input) },
          'input',
        );
        const response = await run(commands, ctx, command, args.idempotencyKey);
        return { ...response.data, node: response.data.result, replayed: response.replayed };
      },
      deleteNode: async (
        _root,
        args: KeyArg & { id: string; expectedVersion?: number | null },
        ctx,
      ) => {
        const payload = withoutNulls({ id: args.id, expectedVersion: args.expectedVersion });
        const command = parseCommand({ type: 'DELETE_NODE', payload }, '');
        return deleteResult(await run(commands, ctx, command, args.idempotencyKey));
      },
      createEdge: async (_root, args: KeyArg & { input: Json }, ctx) => {
        const command = parseCommand(
          { type: 'CREATE_EDGE', payload: withoutNulls(args.input) },
          'input',
        );
        const response = await run(commands, ctx, command, args.idempotencyKey);
        return { ...response.data, edge: response.data.result, replayed: response.replayed };
      },
      deleteEdge: async (
        _root,
        args: KeyArg & { id: string; expectedVersion?: number | null },
        ctx,
      ) => {
        const payload = withoutNulls({ id: args.id, expectedVersion: args.expectedVersion });
        const command = parseCommand({ type: 'DELETE_EDGE', payload }, '');
        return deleteResult(await run(commands, ctx, command, args.idempotencyKey));
      },
      executeBatch: async (
        _root,
        args: KeyArg & { commands: { type: Command['type']; payload?: unknown }[] },
        ctx,
      ) => {
        const body = {
          commands: args.commands.map((item) =>
            item.payload === undefined || item.payload === null
              ? { type: item.type }
              : { type: item.type, payload: item.payload },
          ),
        };
        const items = batchArguments(() => parseBatch(body));
        const key = idempotencyKeyOf(args.idempotencyKey);
        const response = await commands
          .executeBatch(items, {
            workspaceId: ctx.workspaceId,
            actorId: ctx.principal.actorId,
            scopes: ctx.scopes,
            ...(key ? { idempotencyKey: key } : {}),
          })
          .catch((error: unknown) => {
            throw inArguments(error);
          });
        return { ...response.data, replayed: response.replayed };
      },
      undo: async (_root, args: KeyArg, ctx) =>
        commandResult(await run(commands, ctx, { type: 'UNDO', payload: {} }, args.idempotencyKey)),
      redo: async (_root, args: KeyArg, ctx) =>
        commandResult(await run(commands, ctx, { type: 'REDO', payload: {} }, args.idempotencyKey)),
    },
  };
}
