import { cypher, oldestBeforeText } from '../statement';

/**
 * Outbound webhook subscriptions (docs/events.md). A subscription is
 * `(:_EventSubscription {workspaceId, id, url, description, eventTypes, entityTypes, scopes,
 * enabled, disabledReason, cursor, failingSince, attempts, nextAttemptAt, lastError, secret,
 * previousSecret, previousSecretExpiresAt, createdAt, updatedAt})`, lists as space-separated
 * text and instants as ISO text, as on SQLite; the secrets sealed. Its delivery log is one
 * `(:_EventDeliveryAttempt)` per attempt. Moving the cursor takes the subscription's write
 * lock first (`SET s.\`~lock\` ... REMOVE`), then compares it: Neo4j reads without locks, so
 * a comparison before the lock would let two instances both move it.
 */

export const SUBSCRIPTION_CREATE = cypher(
  'subscription-create',
  ['subscription'],
  `
  CREATE (s:_EventSubscription)
  SET s = $subscription`,
);

export const SUBSCRIPTION_GET = cypher(
  'subscription-get',
  ['workspaceId', 'id'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  RETURN properties(s) AS subscription`,
);

export const SUBSCRIPTION_LIST = cypher(
  'subscription-list',
  ['workspaceId', 'offset', 'limit'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId})
  RETURN properties(s) AS subscription
  ORDER BY s.createdAt, s.id
  SKIP $offset LIMIT $limit`,
);

export const SUBSCRIPTION_COUNT = cypher(
  'subscription-count',
  ['workspaceId'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId})
  RETURN count(s) AS total`,
);

export const SUBSCRIPTION_UPDATE = cypher(
  'subscription-update',
  ['workspaceId', 'id', 'changes', 'at'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  SET s += $changes, s.updatedAt = $at
  RETURN properties(s) AS subscription`,
);

export const SUBSCRIPTION_DELETE_ATTEMPTS = cypher(
  'subscription-delete-attempts',
  ['workspaceId', 'id'],
  `
  MATCH (a:_EventDeliveryAttempt {workspaceId: $workspaceId, subscriptionId: $id})
  DELETE a`,
);

export const SUBSCRIPTION_DELETE = cypher(
  'subscription-delete',
  ['workspaceId', 'id'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  DELETE s
  RETURN count(*) AS deleted`,
);

export const SUBSCRIPTION_SECRETS = cypher(
  'subscription-secrets',
  ['workspaceId', 'id'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  RETURN s.secret AS secret, s.previousSecret AS previousSecret,
    s.previousSecretExpiresAt AS previousSecretExpiresAt`,
);

export const SUBSCRIPTION_ROTATE = cypher(
  'subscription-rotate',
  ['workspaceId', 'id', 'secret', 'previousExpiresAt', 'at'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  SET s.previousSecret = s.secret, s.previousSecretExpiresAt = $previousExpiresAt,
    s.secret = $secret, s.updatedAt = $at
  RETURN count(s) AS rotated`,
);

export const SUBSCRIPTIONS_DUE = cypher(
  'subscriptions-due',
  ['now', 'limit'],
  `
  MATCH (s:_EventSubscription {enabled: true})
  MATCH (h:_ChangeLogHead {workspaceId: s.workspaceId})
  WHERE s.cursor < h.head AND (s.nextAttemptAt IS NULL OR s.nextAttemptAt <= $now)
  RETURN properties(s) AS subscription
  ORDER BY coalesce(s.nextAttemptAt, s.updatedAt)
  LIMIT $limit`,
);

export const SUBSCRIPTIONS_BEHIND = cypher(
  'subscriptions-behind',
  ['workspaceId', 'head', 'now'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, enabled: true})
  WHERE s.cursor < $head AND (s.nextAttemptAt IS NULL OR s.nextAttemptAt <= $now)
  RETURN properties(s) AS subscription`,
);

export const SUBSCRIPTION_ADVANCE = cypher(
  'subscription-advance',
  ['workspaceId', 'id', 'from', 'to', 'at'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  SET s.\`~lock\` = true
  REMOVE s.\`~lock\`
  WITH s
  WHERE s.cursor = $from
  SET s.cursor = $to, s.failingSince = null, s.attempts = 0, s.nextAttemptAt = null,
    s.lastError = null, s.updatedAt = $at
  RETURN count(s) AS updated`,
);

export const SUBSCRIPTION_FAIL = cypher(
  'subscription-fail',
  ['workspaceId', 'id', 'cursor', 'attempts', 'failingSince', 'nextAttemptAt', 'lastError', 'at'],
  `
  MATCH (s:_EventSubscription {workspaceId: $workspaceId, id: $id})
  SET s.\`~lock\` = true
  REMOVE s.\`~lock\`
  WITH s
  WHERE s.cursor = $cursor
  SET s.attempts = $attempts, s.failingSince = $failingSince, s.nextAttemptAt = $nextAttemptAt,
    s.lastError = $lastError, s.updatedAt = $at
  RETURN count(s) AS updated`,
);

export const ATTEMPT_CREATE = cypher(
  'attempt-create',
  ['attempt'],
  `
  CREATE (a:_EventDeliveryAttempt)
  SET a = $attempt`,
);

export const ATTEMPT_LIST = cypher(
  'attempt-list',
  ['workspaceId', 'subscriptionId', 'before', 'limit'],
  `
  MATCH (a:_EventDeliveryAttempt {workspaceId: $workspaceId, subscriptionId: $subscriptionId})
  WHERE a.id < $before
  RETURN properties(a) AS attempt
  ORDER BY a.id DESC
  LIMIT $limit`,
);

export const ATTEMPT_TRIM = cypher(
  'attempt-trim',
  ['before', 'limit'],
  `${oldestBeforeText('a', '_EventDeliveryAttempt', 'attemptedAt')}
  DELETE a
  RETURN count(*) AS removed`,
);

export const EVENT_SUBSCRIPTION_STATEMENTS = [
  SUBSCRIPTION_CREATE,
  SUBSCRIPTION_GET,
  SUBSCRIPTION_LIST,
  SUBSCRIPTION_COUNT,
  SUBSCRIPTION_UPDATE,
  SUBSCRIPTION_DELETE_ATTEMPTS,
  SUBSCRIPTION_DELETE,
  SUBSCRIPTION_SECRETS,
  SUBSCRIPTION_ROTATE,
  SUBSCRIPTIONS_DUE,
  SUBSCRIPTIONS_BEHIND,
  SUBSCRIPTION_ADVANCE,
  SUBSCRIPTION_FAIL,
  ATTEMPT_CREATE,
  ATTEMPT_LIST,
  ATTEMPT_TRIM,
];
