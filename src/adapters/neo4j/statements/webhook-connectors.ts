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

/** Every statement of this module, for the lint test. */
export const CONNECTOR_STATEMENTS = [
  CONNECTOR_CREATE,
  CONNECTOR_GET,
  CONNECTOR_BY_ENDPOINT,
  CONNECTOR_COUNT,
  CONNECTOR_LIST,
  CONNECTOR_ROTATE,
  CONNECTOR_DELETE,
];
