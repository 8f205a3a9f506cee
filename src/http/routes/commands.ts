import type { Request, Response } from 'express';
import { z } from 'zod';
import { parseBatch } from '../../commands/batch-input';
import type { CommandService, ExecuteOptions } from '../../commands/command-service';
import { commandSchema } from '../../commands/schemas';
import { ValidationError } from '../../errors';
import { jsonBody } from '../middleware/json-body';
import { sendData } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/** The Idempotency-Key header, when sent; 400 when malformed. */
function idempotencyKeyOf(req: Request): string | undefined {
  const rawKey = req.headers['idempotency-key'];
  if (rawKey === undefined) {
    return undefined;
  }
  const parsed = idempotencyKey.safeParse(rawKey);
  if (!parsed.success) {
    throw new ValidationError('Idempotency-Key must be 1-255 printable ASCII characters.', [
      { path: 'headers.idempotency-key', message: 'must be 1-255 printable ASCII characters' },
    ]);
  }
  return parsed.data;
}

/** Who runs the commands, with which scopes, and the Idempotency-Key when sent. */
function executeOptionsOf(req: Request): ExecuteOptions {
  const { workspaceId, principal } = workspaceOf(req.ctx);
  const key = idempotencyKeyOf(req);
  return {
    workspaceId,
    actorId: principal.actorId,
    scopes: req.ctx.scopes ?? [],
    ...(key ? { idempotencyKey: key } : {}),
  };
}

/** The service's answer; with a key, Idempotent-Replayed tells whether it was a replay. */
function sendCommandResponse(
  res: Response,
  options: ExecuteOptions,
  response: { status: number; data: unknown; replayed: boolean },
): void {
  if (options.idempotencyKey !== undefined) {
    res.setHeader('Idempotent-Replayed', String(response.replayed));
  }
  sendData(res, response.status, response.data);
}

/**
 * POST /api/commands/execute, the single write endpoint, and POST /api/commands/batch, many
 * commands in one transaction. Scopes are checked per command type.
 */
export function commandRoutes(deps: {
  commands: CommandService;
  batchBodyLimitBytes: number;
  /** HTTP_BODY_TIMEOUT_MS: how long the batch route waits for its body (408 past it). */
  bodyTimeoutMs: number;
}): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/commands/execute',
      access: { workspace: 'required' },
      handler: async (req, res) => {
        const options = executeOptionsOf(req);
        const command = parseInput(commandSchema, req.body, 'body');
        sendCommandResponse(res, options, await deps.commands.execute(command, options));
      },
    },
    {
      method: 'post',
      path: '/api/commands/batch',
      access: { workspace: 'required' },
      // Its own JSON parser with a larger limit: 1,000 commands exceed the general 1 MiB.
      rawBody: true,
      before: jsonBody({ limitBytes: deps.batchBodyLimitBytes, timeoutMs: deps.bodyTimeoutMs }),
      handler: async (req, res) => {
        const options = executeOptionsOf(req);
        const items = parseBatch(req.body);
        sendCommandResponse(res, options, await deps.commands.executeBatch(items, options));
      },
    },
  ];
}
