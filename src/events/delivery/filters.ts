import type { ChangeEventType } from '../../domain/change-events';
import type { EventSubscription } from '../../domain/event-subscriptions';
import { visibleTypes } from '../event-feed';

/**
 * The event types a subscription is sent: those it asks for (all when none), of those its
 * scopes may read. Events of other types are skipped, as a feed reader's would be.
 */
export function subscriptionTypes(subscription: EventSubscription): ChangeEventType[] {
  const visible = visibleTypes(subscription.scopes);
  return subscription.eventTypes.length === 0
    ? visible
    : subscription.eventTypes.filter((type) => visible.includes(type));
}
