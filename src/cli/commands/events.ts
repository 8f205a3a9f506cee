import { SCOPES } from '../../domain/scopes';
import { parseFeedFilter } from '../../events/feed-input';
import { presentEvent } from '../../events/event-view';
import { presentSubscription } from '../../http/presenters/event-subscriptions';
import { positiveIntValue, required } from '../args';
import { collectAll, existingWorkspace, type CommandDef } from '../command';
import { formatFields, formatTable, listResult } from '../output';

const WORKSPACE_OPTION = { name: 'workspace', value: '<uuid>', description: 'Workspace id' };
const ID_OPTION = { name: 'id', value: '<sub_...>', description: 'Subscription id' };

const list: CommandDef = {
  group: 'events',
  name: 'list',
  summary: "Print a workspace's change events after a cursor",
  usage: '--workspace <uuid> [--after <cursor>] [--limit <n>] [--types <a,b>] [--entity-type <T>]',
  description: [
    'The change feed of a workspace (docs/events.md), as GET /api/events gives it, oldest first: every event type, as an operator sees it. The last line gives the cursor to continue after.',
  ],
  options: [
    WORKSPACE_OPTION,
    {
      name: 'after',
      value: '<cursor>',
      description: 'Events after this cursor (default: the oldest retained)',
    },
    {
      name: 'limit',
      value: '<n>',
      description: 'At most this many events (default 100, at most 1,000)',
    },
    { name: 'types', value: '<a,b>', description: 'Only these event types, comma-separated' },
    { name: 'entity-type', value: '<T>', description: 'Only events about records of this type' },
  ],
  examples: [
    'events list --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --after 40 --types node.updated',
  ],
  async run(values, deps) {
    const workspaceId = await existingWorkspace(values, deps);
    const filter = parseFeedFilter(
      {
        ...(values.after !== undefined ? { after: values.after } : {}),
        ...(values.types !== undefined
          ? { types: values.types.split(',').map((t) => t.trim()) }
          : {}),
        ...(values['entity-type'] !== undefined ? { entityType: values['entity-type'] } : {}),
      },
      'option',
    );
    const limit = Math.min(
      values.limit === undefined ? 100 : positiveIntValue(values.limit, 'limit'),
      1000,
    );
    const page = await deps.events.feed.page(workspaceId, SCOPES, { ...filter, limit });
    const events = page.events.map(presentEvent);
    return {
      json: { events, nextCursor: String(page.nextCursor), hasMore: page.more },
      text: [
        ...formatTable(
          ['seq', 'type', 'subject', 'occurred at', 'actor'],
          events.map((e) => [
            String(e.seq),
            e.type,
            `${e.subject.type ?? ''} ${e.subject.id}`.trim(),
            e.occurredAt,
            e.actor.id ?? e.actor.kind,
          ]),
        ),
        `next cursor: ${page.nextCursor}${page.more ? ' (more follow)' : ''}`,
      ],
    };
  },
};

const trim: CommandDef = {
  group: 'events',
  name: 'trim',
  summary: 'Remove change events and delivery attempts past the retention now',
  usage: '',
  description: [
    'What the server does every minute (EVENTS_RETENTION_DAYS, 30 by default), run once now: events and webhook delivery attempts older than the retention are removed, in steps.',
  ],
  options: [],
  examples: ['events trim'],
  async run(_values, deps) {
    const removed = await deps.events.retention.run();
    return {
      json: { removed },
      text: [`Removed ${removed} events and attempts past the retention.`],
    };
  },
};

const subscriptions: CommandDef = {
  group: 'subscriptions',
  name: 'list',
  summary: "List a workspace's webhook subscriptions and how their delivery stands",
  usage: '--workspace <uuid>',
  description: [
    'Every outbound webhook subscription of the workspace (docs/events.md), never its secret: enabled or why not, its cursor, and while it fails, since when and why.',
  ],
  options: [WORKSPACE_OPTION],
  examples: ['subscriptions list --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11'],
  async run(values, deps) {
    const workspaceId = await existingWorkspace(values, deps);
    const all = (await collectAll((page) => deps.events.subscriptions.list(workspaceId, page))).map(
      presentSubscription,
    );
    return listResult(all, {
      json: (s) => s,
      empty: 'No webhook subscriptions.',
      headers: ['id', 'url', 'state', 'cursor', 'failing since', 'last error'],
      row: (s) => [
        s.id,
        s.url,
        s.enabled ? 'enabled' : `disabled: ${s.disabledReason ?? ''}`,
        s.cursor,
        s.failure?.since ?? '',
        s.failure?.lastError ?? '',
      ],
    });
  },
};

/** `subscriptions enable` / `disable`: what PATCH { enabled } does. */
function toggle(enabled: boolean): CommandDef {
  const verb = enabled ? 'enable' : 'disable';
  return {
    group: 'subscriptions',
    name: verb,
    summary: enabled
      ? 'Enable a subscription again: delivery resumes where it stopped'
      : 'Pause a subscription: nothing is sent until it is enabled again',
    usage: '--workspace <uuid> --id <sub_...>',
    description: [
      enabled
        ? 'Clears the failure state; the events since its cursor are sent, in order, nothing skipped.'
        : 'Keeps its cursor, so enabling it later sends what was missed.',
    ],
    options: [WORKSPACE_OPTION, ID_OPTION],
    examples: [`subscriptions ${verb} --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --id sub_x`],
    async run(values, deps) {
      const workspaceId = await existingWorkspace(values, deps);
      const updated = presentSubscription(
        await deps.events.subscriptions.update(workspaceId, required(values, 'id'), SCOPES, {
          enabled,
        }),
      );
      return {
        json: updated,
        text: [
          `Subscription ${enabled ? 'enabled' : 'disabled'}.`,
          ...formatFields([
            ['id', updated.id],
            ['url', updated.url],
            ['cursor', updated.cursor],
          ]),
        ],
      };
    },
  };
}

/** The change feed and webhook subscriptions (docs/events.md). */
export const eventCommands: CommandDef[] = [list, trim, subscriptions, toggle(true), toggle(false)];
