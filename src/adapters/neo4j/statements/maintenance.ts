import { cypher, slotted, type Statement } from '../statement';
import { OAUTH_ISSUED_LABELS } from './oauth-clients';

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

/** The records of one of the service's labels that carry their `workspaceId`. */
export const PURGE_WORKSPACE_RECORDS = slotted(
  'purge-workspace-records',
  ['workspaceIds'],
  ['RECORD_SYSTEM_LABEL'],
  `
  MATCH (x:\`__RECORD_SYSTEM_LABEL__\`)
  WHERE x.workspaceId IN $workspaceIds
  DELETE x`,
);

/** What was issued to the workspaces' OAuth clients, by the label's `clientId`. */
export const PURGE_OAUTH_ISSUED = slotted(
  'purge-oauth-issued',
  ['workspaceIds'],
  ['ISSUED_SYSTEM_LABEL'],
  `
  MATCH (c:_OAuthClient)
  WHERE c.workspaceId IN $workspaceIds
  MATCH (x:\`__ISSUED_SYSTEM_LABEL__\` {clientId: c.id})
  DELETE x`,
);

export const PURGE_WORKSPACES = cypher(
  'purge-workspaces',
  ['workspaceIds'],
  `
  MATCH (w:_Workspace)
  WHERE w.id IN $workspaceIds
  DELETE w`,
);

const records = (label: string) => PURGE_WORKSPACE_RECORDS.fill({ RECORD_SYSTEM_LABEL: label });
const issued = (label: string) => PURGE_OAUTH_ISSUED.fill({ ISSUED_SYSTEM_LABEL: label });

/**
 * Every purge, in the order `purgeWorkspaces` runs them: relationships go with their
 * entities first, what refers to a record before the record, the workspaces last.
 */
export const PURGE_IN_ORDER: readonly Statement<'workspaceIds'>[] = [
  PURGE_ENTITIES,
  records('_EdgeRef'),
  records('_CommandLogEntry'),
  records('_CommandLogSequence'),
  records('_IdempotencyRecord'),
  records('_ApiKey'),
  records('_LiveDataSource'),
  records('_Import'),
  records('_WebhookEvent'),
  records('_WebhookConnector'),
  records('_WebhookClaimLock'),
  ...OAUTH_ISSUED_LABELS.map(issued),
  records('_OAuthClient'),
  records('_Membership'),
  // The search outbox (`cypher/schema/008-search.cypher`) and the vectors stored in Neo4j
  // (`statements/vectors.ts`).
  records('_IndexOutbox'),
  records('_Vector'),
  // Ontology types, settings and unique values (`cypher/schema/011-ontology.cypher`).
  records('_OntologyType'),
  records('_OntologySettings'),
  records('_UniqueValue'),
  records('_ChangeEvent'),
  records('_ChangeLogHead'),
  records('_EventSubscription'),
  records('_EventDeliveryAttempt'),
  PURGE_WORKSPACES,
];

/** Every statement of this module, for the lint test (the slotted ones as templates). */
export const MAINTENANCE_STATEMENTS = [
  PURGE_ENTITIES,
  PURGE_WORKSPACE_RECORDS,
  PURGE_OAUTH_ISSUED,
  PURGE_WORKSPACES,
];
