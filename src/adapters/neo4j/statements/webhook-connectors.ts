import { cypher } from '../statement';

/**
 * Webhook connectors `(:_WebhookConnector {workspaceId, id, type, name, entityType,
 * endpointId, secret, previousSecret?, previousSecretExpiresAt?, secretRotatedAt?,
 * createdAt, updatedAt})`. `secret` and `previousSecret` hold sealed values
 * (`v1:<keyId>:<iv>:<ciphertext>`, see src/secrets/secret-box.ts), or plaintext stored
 * before encryption until the re-encryption pass rewrites it.
 */

export const CONNECTOR_CREATE = cypher(
  'webhook-connector-create',
  [
    'workspaceId',
    'id',
    'type',
    'name',
    'entityType',
    'endpointId',
    'secret',
    'previousSecret',
    'previousSecretExpiresAt',
    'secretRotatedAt',
    'createdAt',
    'updatedAt',
  ],
  `
  CREATE (c:_WebhookConnector {
    workspaceId: $workspaceId, id: $id, type: $type, name: $name, entityType: $entityType,
    endpointId: $endpointId, secret: $secret, previousSecret: $previousSecret,
    previousSecretExpiresAt: $previousSecretExpiresAt, secretRotatedAt: $secretRotatedAt,
    createdAt: $createdAt, updatedAt: $updatedAt
  })`,
);

export const CONNECTOR_GET = cypher(
  'webhook-connector-get',
  ['workspaceId', 'id'],
  `
  MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $id})
  RETURN properties(c) AS connector`,
);

export const CONNECTOR_BY_ENDPOINT = cypher(
  'webhook-connector-by-endpoint',
  ['endpointId'],
  `
  MATCH (c:_WebhookConnector {endpointId: $endpointId})
  RETURN properties(c) AS connector`,
);

export const CONNECTOR_COUNT = cypher(
  'webhook-connector-count',
  ['workspaceId'],
  `
  MATCH (c:_WebhookConnector {workspaceId: $workspaceId})
  RETURN count(c) AS total`,
);

export const CONNECTOR_LIST = cypher(
  'webhook-connector-list',
  ['workspaceId', 'offset', 'limit'],
  `
  MATCH (c:_WebhookConnector {workspaceId: $workspaceId})
  RETURN properties(c) AS connector
  ORDER BY c.createdAt, c.id
  SKIP $offset
  LIMIT $limit`,
);

export const CONNECTOR_ROTATE = cypher(
  'webhook-connector-rotate',
  ['workspaceId', 'id', 'secret', 'previousSecret', 'previousSecretExpiresAt', 'rotatedAt'],
  `
  MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $id})
  SET c.secret = $secret, c.previousSecret = $previousSecret,
    c.previousSecretExpiresAt = $previousSecretExpiresAt, c.secretRotatedAt = $rotatedAt,
    c.updatedAt = $rotatedAt
  RETURN properties(c) AS connector`,
);

export const CONNECTOR_DELETE = cypher(
  'webhook-connector-delete',
  ['workspaceId', 'id'],
  `
  MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $id})
  DELETE c
  RETURN count(*) AS deleted`,
);

/**
 * One chunk of the re-encryption pass: connectors with a secret not sealed under the current
 * key (their value does not start with `$prefix`), in (id, workspaceId) order after the
 * pass's position. Connectors are few, so a label scan per chunk is cheap.
 */
export const CONNECTORS_TO_RESEAL = cypher(
  'webhook-connectors-to-reseal',
  ['prefix', 'afterId', 'afterWorkspaceId', 'limit'],
  `
  MATCH (c:_WebhookConnector)
  WHERE (c.id > $afterId OR (c.id = $afterId AND c.workspaceId > $afterWorkspaceId))
    AND (NOT c.secret STARTS WITH $prefix
      OR (c.previousSecret IS NOT NULL AND NOT c.previousSecret STARTS WITH $prefix))
  RETURN c.workspaceId AS workspaceId, c.id AS id, c.secret AS secret,
    c.previousSecret AS previousSecret
  ORDER BY c.id, c.workspaceId
  LIMIT $limit`,
);

/**
 * Rewrites connectors' secrets under the current key, each only if its secrets are still
 * those the pass read. The write lock comes first, then the check, so a rotation committed
 * in between is never overwritten with the old secret.
 */
export const CONNECTORS_RESEAL = cypher(
  'webhook-connectors-reseal',
  ['rewrites'],
  `
  UNWIND $rewrites AS r
  MATCH (c:_WebhookConnector {workspaceId: r.workspaceId, id: r.id})
  SET c.\`~lock\` = true
  REMOVE c.\`~lock\`
  WITH c, r
  WHERE c.secret = r.expectedSecret
    AND coalesce(c.previousSecret, '') = coalesce(r.expectedPrevious, '')
  SET c.secret = r.secret, c.previousSecret = r.previousSecret
  RETURN count(c) AS resealed`,
);

/** Every statement of this module, for the lint test. */
export const CONNECTOR_STATEMENTS = [
  CONNECTOR_CREATE,
  CONNECTOR_GET,
  CONNECTOR_BY_ENDPOINT,
  CONNECTOR_COUNT,
  CONNECTOR_LIST,
  CONNECTOR_ROTATE,
  CONNECTOR_DELETE,
  CONNECTORS_TO_RESEAL,
  CONNECTORS_RESEAL,
];
