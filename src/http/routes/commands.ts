import { z } from 'zod';
import type { CommandService } from '../../commands/command-service';
import { commandSchema } from '../../commands/schemas';
import { ValidationError } from '../../errors';
import { sendData } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../validate';

const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/** POST /api/commands/execute: the single write endpoint. Scopes are checked per type. */
export function commandRoutes(deps: { commands: CommandService }): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/commands/execute',
      access: { workspace: 'required' },
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const rawKey = req.headers['idempotency-key'];
        let key: string | undefined;
        if (rawKey !== undefined) {
          const parsed = idempotencyKey.safeParse(rawKey);
          if (!parsed.success) {
            throw new ValidationError('Idempotency-Key must be 1-255 printable ASCII characters.', [
              {
                path: 'headers.idempotency-key',
                message: 'must be 1-255 printable ASCII characters',
              },
            ]);
          }
          key = parsed.data;
        }
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
  ];
}
