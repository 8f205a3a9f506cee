import { z } from 'zod';
import { CHANGE_EVENT_TYPES } from '../../domain/change-events';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import { ValidationError } from '../../errors';
import type { SubscriptionService } from '../../events/delivery/subscription-service';
import { CURSOR_PATTERN } from '../../events/feed-input';
import { noBody, rotateSecretBody } from '../common-bodies';
import { parsePage } from '../paging';
import { presentAttempt, presentSubscription } from '../presenters/event-subscriptions';
import { sendData, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

/** Attempts per page of the delivery log: 50 unless asked, at most 100. */
const MAX_ATTEMPTS_PAGE = 100;

const cursorText = z
  .string()
  .regex(CURSOR_PATTERN, 'must be a cursor: the seq of an event, as decimal digits');

const fields = {
  url: z.string().max(2048, 'at most 2,048 characters'),
  description: z.string().max(500, 'at most 500 characters').nullable(),
  eventTypes: z
    .array(
      z.enum(CHANGE_EVENT_TYPES, { message: `must be one of ${CHANGE_EVENT_TYPES.join(', ')}` }),
    )
    .max(CHANGE_EVENT_TYPES.length, `at most ${CHANGE_EVENT_TYPES.length} types`),
  entityTypes: z
    .array(z.string().regex(TYPE_NAME_PATTERN, 'must be a valid type name'))
    .max(100, 'at most 100 types'),
  enabled: z.boolean({ message: 'must be true or false' }),
};

const createBody = z
  .object({
    url: fields.url,
    description: fields.description.optional(),
    eventTypes: fields.eventTypes.optional(),
    entityTypes: fields.entityTypes.optional(),
    enabled: fields.enabled.optional(),
    after: cursorText.optional(),
  })
  .strict();

const updateBody = z
  .object({
    url: fields.url.optional(),
    description: fields.description.optional(),
    eventTypes: fields.eventTypes.optional(),
    entityTypes: fields.entityTypes.optional(),
    enabled: fields.enabled.optional(),
  })
  .strict();

const redeliverBody = z
  .object({ seq: z.number({ message: 'must be a number' }).int().min(1) })
  .strict();
const replayBody = z.object({ after: cursorText }).strict();
const noQuery = z.object({}).strict();
const idParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z
  .object({ limit: z.string().optional(), offset: z.string().optional() })
  .strict();
const attemptsQuery = z
  .object({
    limit: z.string().optional(),
    before: z
      .string()
      .regex(/^att_[0-9a-f]{12}-[0-9a-f]{6}-[0-9a-f]{8}$/, 'must be the id of an attempt')
      .optional(),
  })
  .strict();

/**
 * Outbound webhook subscriptions (docs/events.md, "Webhook subscriptions"): reading them
 * takes read:events, changing them write:event-subscriptions.
 */
export function eventSubscriptionRoutes(deps: { subscriptions: SubscriptionService }): RouteDef[] {
  const { subscriptions } = deps;
  const read = { workspace: 'required', scope: 'read:events' } as const;
  const write = { workspace: 'required', scope: 'write:event-subscriptions' } as const;
  const base = '/api/webhook-subscriptions';
  return [
    {
      method: 'post',
      path: base,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(createBody, req.body, 'body');
        const { after, ...input } = body;
        const created = await subscriptions.create(
          workspaceId,
          req.ctx.scopes ?? [],
          input,
          after === undefined ? null : Number(after),
        );
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Location', `${base}/${created.subscription.id}`);
        sendData(res, 201, {
          ...presentSubscription(created.subscription),
          secret: created.secret,
        });
      },
    },
    {
      method: 'get',
      path: base,
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const q = parseInput(listQuery, req.query, 'query');
        const page = parsePage(q);
        const result = await subscriptions.list(workspaceId, page);
        sendPage(res, result.items.map(presentSubscription), result.total, page);
      },
    },
    {
      method: 'get',
      path: `${base}/:id`,
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        parseInput(noQuery, req.query, 'query');
        sendData(res, 200, presentSubscription(await subscriptions.get(workspaceId, id)));
      },
    },
    {
      method: 'patch',
      path: `${base}/:id`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const body = parseInput(updateBody, req.body, 'body');
        const updated = await subscriptions.update(workspaceId, id, req.ctx.scopes ?? [], body);
        sendData(res, 200, presentSubscription(updated));
      },
    },
    {
      method: 'delete',
      path: `${base}/:id`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        await subscriptions.delete(workspaceId, id);
        res.status(204).end();
      },
    },
    {
      method: 'post',
      path: `${base}/:id/rotate-secret`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const body = parseInput(rotateSecretBody, req.body, 'body');
        const rotated = await subscriptions.rotateSecret(workspaceId, id, body?.gracePeriodSeconds);
        res.setHeader('Cache-Control', 'no-store');
        sendData(res, 200, {
          ...presentSubscription(rotated.subscription),
          secret: rotated.secret,
        });
      },
    },
    {
      method: 'post',
      path: `${base}/:id/ping`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        parseInput(noBody, req.body, 'body');
        sendData(res, 200, presentAttempt(await subscriptions.ping(workspaceId, id)));
      },
    },
    {
      method: 'post',
      path: `${base}/:id/redeliver`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const { seq } = parseInput(redeliverBody, req.body, 'body');
        sendData(res, 200, presentAttempt(await subscriptions.redeliver(workspaceId, id, seq)));
      },
    },
    {
      method: 'post',
      path: `${base}/:id/replay`,
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const { after } = parseInput(replayBody, req.body, 'body');
        const updated = await subscriptions.replay(workspaceId, id, Number(after));
        sendData(res, 202, presentSubscription(updated));
      },
    },
    {
      method: 'get',
      path: `${base}/:id/deliveries`,
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const q = parseInput(attemptsQuery, req.query, 'query');
        const limit = limitOf(q.limit);
        const attempts = await subscriptions.attempts(workspaceId, id, limit + 1, q.before);
        const page = attempts.slice(0, limit);
        sendData(res, 200, page.map(presentAttempt), {
          limit,
          nextBefore: attempts.length > limit ? (page.at(-1)?.id ?? null) : null,
        });
      },
    },
  ];
}

/** `limit`: 50 unless given, clamped to 100; 0 or a non-integer is a 400. */
function limitOf(raw: string | undefined): number {
  if (raw === undefined) {
    return 50;
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
    throw new ValidationError('limit must be a positive integer.', [
      { path: 'query.limit', message: 'must be a positive integer' },
    ]);
  }
  return Math.min(Number(raw), MAX_ATTEMPTS_PAGE);
}
