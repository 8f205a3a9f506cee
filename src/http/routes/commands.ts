import type { Request } from 'express';
import { z } from 'zod';
import { parseBatch } from '../../commands/batch-input';
import type { CommandService } from '../../commands/command-service';
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
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const key = idempotencyKeyOf(req);
        const command = parseInput(commandSchema, req.body, 'body');
        const response = await deps.commands.execute(command, {
          workspaceId,
          actorId: principal.actorId,
          scopes: req.ctx.scopes ?? [],
          ...(key ? { idempotencyKey: key } : {}),
        });
        if (key) {
          res.setHeader('Idempotent-Replayed', String(response.replayed));
        }
        sendData(res, response.status, response.data);
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
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const key = idempotencyKeyOf(req);
        const items = parseBatch(req.body);
        const response = await deps.commands.executeBatch(items, {
          workspaceId,
          actorId: principal.actorId,
          scopes: req.ctx.scopes ?? [],
          ...(key ? { idempotencyKey: key } : {}),
        });
        if (key) {
          res.setHeader('Idempotent-Replayed', String(response.replayed));
        }
        sendData(res, response.status, response.data);
      },
    },
  ];
}
