import { cypher } from '../statement';

/**
 * Removal of everything stored for some workspaces, label by label so that each statement
 * seeks an index instead of scanning every node. Used by tests against a shared server
 * (each cleans only the workspaces it made) and by operators through `purgeWorkspaces`.
 */
export const PURGE_ENTITIES = cypher(
  'purge-entities',
  ['workspaceIds'],
  `
  MATCH (n:Entity)
  WHERE n.workspaceId IN $workspaceIds
  DETACH DELETE n`,
);

export const PURGE_EDGE_REFS = cypher(
  'purge-edge-refs',
  ['workspaceIds'],
  `
  MATCH (k:_EdgeRef)
  WHERE k.workspaceId IN $workspaceIds
  DELETE k`,
);

export const PURGE_COMMAND_LOG = cypher(
  'purge-command-log',
  ['workspaceIds'],
  `
  MATCH (e:_CommandLogEntry)
  WHERE e.workspaceId IN $workspaceIds
  DELETE e`,
);

export const PURGE_COMMAND_LOG_SEQUENCES = cypher(
  'purge-command-log-sequences',
  ['workspaceIds'],
  `
  MATCH (c:_CommandLogSequence)
  WHERE c.workspaceId IN $workspaceIds
  DELETE c`,
);

export const PURGE_IDEMPOTENCY = cypher(
  'purge-idempotency',
  ['workspaceIds'],
  `
  MATCH (r:_IdempotencyRecord)
  WHERE r.workspaceId IN $workspaceIds
  DELETE r`,
);

export const PURGE_API_KEYS = cypher(
  'purge-api-keys',
  ['workspaceIds'],
  `
  MATCH (k:_ApiKey)
  WHERE k.workspaceId IN $workspaceIds
  DELETE k`,
);

export const PURGE_LIVE_DATA_SOURCES = cypher(
  'purge-live-data-sources',
  ['workspaceIds'],
  `
  MATCH (s:_LiveDataSource)
  WHERE s.workspaceId IN $workspaceIds
  DELETE s`,
);

export const PURGE_IMPORTS = cypher(
  'purge-imports',
  ['workspaceIds'],
  `
  MATCH (i:_Import)
  WHERE i.workspaceId IN $workspaceIds
  DELETE i`,
);

export const PURGE_WEBHOOK_EVENTS = cypher(
  'purge-webhook-events',
  ['workspaceIds'],
  `
  MATCH (e:_WebhookEvent)
  WHERE e.workspaceId IN $workspaceIds
  DELETE e`,
);

export const PURGE_WEBHOOK_CONNECTORS = cypher(
  'purge-webhook-connectors',
  ['workspaceIds'],
  `
  MATCH (c:_WebhookConnector)
  WHERE c.workspaceId IN $workspaceIds
  DELETE c`,
);

export const PURGE_WEBHOOK_CLAIM_LOCKS = cypher(
  'purge-webhook-claim-locks',
  ['workspaceIds'],
  `
  MATCH (l:_WebhookClaimLock)
  WHERE l.workspaceId IN $workspaceIds
  DELETE l`,
);

export const PURGE_OAUTH_REQUESTS = cypher(
  'purge-oauth-requests',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:_OAuthRequest {clientId: c.id})
  DELETE x`,
);

export const PURGE_OAUTH_CODES = cypher(
  'purge-oauth-codes',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:_OAuthCode {clientId: c.id})
  DELETE x`,
);

export const PURGE_OAUTH_FAMILIES = cypher(
  'purge-oauth-families',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:_OAuthTokenFamily {clientId: c.id})
  DELETE x`,
);

export const PURGE_OAUTH_ACCESS_TOKENS = cypher(
  'purge-oauth-access-tokens',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:_OAuthAccessToken {clientId: c.id})
  DELETE x`,
);

export const PURGE_OAUTH_REFRESH_TOKENS = cypher(
  'purge-oauth-refresh-tokens',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:_OAuthRefreshToken {clientId: c.id})
  DELETE x`,
);

export const PURGE_OAUTH_CLIENTS = cypher(
  'purge-oauth-clients',
  ['workspaceIds'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  DELETE c`,
);

export const PURGE_MEMBERSHIPS = cypher(
  'purge-memberships',
  ['workspaceIds'],
  `
  MATCH (m:_Membership)
  WHERE m.workspaceId IN $workspaceIds
  DELETE m`,
);

export const PURGE_WORKSPACES = cypher(
  'purge-workspaces',
  ['workspaceIds'],
  `
  MATCH (w:_Workspace)
  WHERE w.id IN $workspaceIds
  DELETE w`,
);

/** The search outbox entries (`cypher/schema/008-search.cypher`). */
export const PURGE_INDEX_OUTBOX = cypher(
  'purge-index-outbox',
  ['workspaceIds'],
  `
  MATCH (o:_IndexOutbox)
  WHERE o.workspaceId IN $workspaceIds
  DELETE o`,
);

/** Search vectors stored in Neo4j (`statements/vectors.ts`; the service's label). */
export const PURGE_VECTORS = cypher(
  'purge-vectors',
  ['workspaceIds'],
  `
  MATCH (v:_Vector)
  WHERE v.workspaceId IN $workspaceIds
  DELETE v`,
);

/** Ontology types, settings and unique values (`cypher/schema/011-ontology.cypher`). */
export const PURGE_ONTOLOGY_TYPES = cypher(
  'purge-ontology-types',
  ['workspaceIds'],
  `
  MATCH (t:_OntologyType)
  WHERE t.workspaceId IN $workspaceIds
  DELETE t`,
);

export const PURGE_ONTOLOGY_SETTINGS = cypher(
  'purge-ontology-settings',
  ['workspaceIds'],
  `
  MATCH (s:_OntologySettings)
  WHERE s.workspaceId IN $workspaceIds
  DELETE s`,
);

export const PURGE_UNIQUE_VALUES = cypher(
  'purge-unique-values',
  ['workspaceIds'],
  `
  MATCH (u:_UniqueValue)
  WHERE u.workspaceId IN $workspaceIds
  DELETE u`,
);

/** In the order they must run: relationships go with their entities first. */
export const PURGE_CHANGE_EVENTS = cypher(
  'purge-change-events',
  ['workspaceIds'],
  `
  MATCH (e:_ChangeEvent)
  WHERE e.workspaceId IN $workspaceIds
  DELETE e`,
);

export const PURGE_CHANGE_LOG_HEADS = cypher(
  'purge-change-log-heads',
  ['workspaceIds'],
  `
  MATCH (h:_ChangeLogHead)
  WHERE h.workspaceId IN $workspaceIds
  DELETE h`,
);

export const PURGE_EVENT_SUBSCRIPTIONS = cypher(
  'purge-event-subscriptions',
  ['workspaceIds'],
  `
  MATCH (s:_EventSubscription)
  WHERE s.workspaceId IN $workspaceIds
  DELETE s`,
);

export const PURGE_EVENT_DELIVERY_ATTEMPTS = cypher(
  'purge-event-delivery-attempts',
  ['workspaceIds'],
  `
  MATCH (a:_EventDeliveryAttempt)
  WHERE a.workspaceId IN $workspaceIds
  DELETE a`,
);

export const MAINTENANCE_STATEMENTS = [
  PURGE_ENTITIES,
  PURGE_EDGE_REFS,
  PURGE_COMMAND_LOG,
  PURGE_COMMAND_LOG_SEQUENCES,
  PURGE_IDEMPOTENCY,
  PURGE_API_KEYS,
  PURGE_LIVE_DATA_SOURCES,
  PURGE_IMPORTS,
  PURGE_WEBHOOK_EVENTS,
  PURGE_WEBHOOK_CONNECTORS,
  PURGE_WEBHOOK_CLAIM_LOCKS,
  PURGE_OAUTH_REQUESTS,
  PURGE_OAUTH_CODES,
  PURGE_OAUTH_FAMILIES,
  PURGE_OAUTH_ACCESS_TOKENS,
  PURGE_OAUTH_REFRESH_TOKENS,
  PURGE_OAUTH_CLIENTS,
  PURGE_MEMBERSHIPS,
  PURGE_INDEX_OUTBOX,
  PURGE_VECTORS,
  PURGE_ONTOLOGY_TYPES,
  PURGE_ONTOLOGY_SETTINGS,
  PURGE_UNIQUE_VALUES,
  PURGE_CHANGE_EVENTS,
  PURGE_CHANGE_LOG_HEADS,
  PURGE_EVENT_SUBSCRIPTIONS,
  PURGE_EVENT_DELIVERY_ATTEMPTS,
  PURGE_WORKSPACES,
];
