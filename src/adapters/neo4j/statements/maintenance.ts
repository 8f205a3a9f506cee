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

export const PURGE_WORKSPACES = cypher(
  'purge-workspaces',
  ['workspaceIds'],
  `
  MATCH (w:_Workspace)
  WHERE w.id IN $workspaceIds
  DELETE w`,
);

/** In the order they must run: relationships go with their entities first. */
export const MAINTENANCE_STATEMENTS = [
  PURGE_ENTITIES,
  PURGE_EDGE_REFS,
  PURGE_COMMAND_LOG,
  PURGE_COMMAND_LOG_SEQUENCES,
  PURGE_IDEMPOTENCY,
  PURGE_API_KEYS,
  PURGE_WORKSPACES,
];
