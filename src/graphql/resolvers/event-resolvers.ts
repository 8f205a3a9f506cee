import type { ChangeEvent } from '../../domain/change-events';
import { ValidationError } from '../../errors';
import type { EventFeed } from '../../events/event-feed';
import { EventStream } from '../../events/event-stream';
import { parseFeedFilter } from '../../events/feed-input';
import { presentEvent } from '../../events/event-view';
import { requireScope, type GraphQLContext } from '../context';
import type { ResolverMap } from './inputs';

interface FeedArgs {
  after?: string | null;
  types?: string[] | null;
  entityType?: string | null;
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** Events a subscription reads from the log per step. */
const STREAM_PAGE = 200;

/**
 * The change feed in GraphQL (docs/events.md): Query.events is GET /api/events, and
 * Subscription.events is GET /api/events/stream over graphql-ws; both check arguments,
 * scopes and cursors as those routes do.
 */
export function eventResolvers(feed: EventFeed): ResolverMap {
  return {
    Query: {
      events: async (_root, args: FeedArgs & { limit?: number | null }, ctx: GraphQLContext) => {
        requireScope(ctx, 'read:events');
        const filter = parseFeedFilter(args, 'args');
        const limit = args.limit ?? DEFAULT_LIMIT;
        if (limit < 1) {
          throw new ValidationError('Invalid arguments: args.limit: must be a positive integer', [
            { path: 'args.limit', message: 'must be a positive integer' },
          ]);
        }
        const page = await feed.page(ctx.workspaceId, ctx.scopes, {
          ...filter,
          limit: Math.min(limit, MAX_LIMIT),
        });
        return {
          events: page.events.map(presentEvent),
          nextCursor: String(page.nextCursor),
          hasMore: page.more,
        };
      },
    },
    Subscription: {
      events: {
        subscribe: async (_root: unknown, args: FeedArgs, ctx: GraphQLContext) => {
          requireScope(ctx, 'read:events');
          const filter = parseFeedFilter(args, 'args');
          return EventStream.open(feed, ctx.workspaceId, ctx.scopes, {
            ...filter,
            limit: STREAM_PAGE,
          });
        },
        resolve: (event: ChangeEvent) => presentEvent(event),
      },
    },
  };
}
