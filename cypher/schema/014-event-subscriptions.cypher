// Outbound webhook subscriptions (docs/events.md) and their delivery log.
CREATE CONSTRAINT event_subscription_id IF NOT EXISTS
FOR (s:_EventSubscription) REQUIRE (s.workspaceId, s.id) IS UNIQUE;

CREATE INDEX event_subscription_enabled IF NOT EXISTS
FOR (s:_EventSubscription) ON (s.enabled);

CREATE INDEX event_attempt_subscription IF NOT EXISTS
FOR (a:_EventDeliveryAttempt) ON (a.workspaceId, a.subscriptionId, a.id);

CREATE INDEX event_attempt_time IF NOT EXISTS
FOR (a:_EventDeliveryAttempt) ON (a.attemptedAt);
