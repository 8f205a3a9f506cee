import { cypher, deleteChunkText } from '../statement';
import { CONNECTOR_STATEMENTS } from './webhook-connectors';

/**
 * The events webhook connectors received (the connectors: `webhook-connectors.ts`)
 * `(:_WebhookEvent {workspaceId, id,
 * connectorId, status, scheme?, deliveryId?, signatureKey?, signedAt?, receivedAt,
 * updatedAt, processedAt?, attempts, nodeId?, duplicateOf?, failureReason?, payloadBytes,
 * payload?, liveDeliveryId?, liveSignatureKey?})`.
 *
 * Replay protection: a live (`received` or `processed`) event also carries its delivery id
 * and signature key as `liveDeliveryId` / `liveSignatureKey`, which lose them when it
 * leaves those states; uniqueness constraints on `(connectorId, liveDeliveryId)` and
 * `(connectorId, liveSignatureKey)` are the partial unique indexes of the SQLite schema.
 * Claims and replays of one connector are serialised by the write lock of its
 * `(:_WebhookClaimLock {connectorId, workspaceId})` node (unique per connector, so MERGE
 * is safe), taken first in the transaction: the check for a live holder and the write it
 * guards are one atomic step, and concurrent deliveries of one event are claimed once.
 */

/** One chunk of a deleted connector's history; `deleted` below `limit` means it is gone. */
export const CONNECTOR_EVENTS_DELETE_CHUNK = cypher(
  'webhook-connector-events-delete-chunk',
  ['workspaceId', 'connectorId', 'limit'],
  deleteChunkText(
    'MATCH (e:_WebhookEvent {workspaceId: $workspaceId, connectorId: $connectorId})',
    'e',
  ),
);

export const CLAIM_LOCK_DELETE = cypher(
  'webhook-claim-lock-delete',
  ['connectorId'],
  `
  MATCH (l:_WebhookClaimLock {connectorId: $connectorId})
  DELETE l`,
);

/** Takes the connector's claim lock (creating its lock node on first use); see above. */
export const CLAIM_LOCK = cypher(
  'webhook-claim-lock',
  ['workspaceId', 'connectorId'],
  `
  MERGE (l:_WebhookClaimLock {connectorId: $connectorId})
  ON CREATE SET l.workspaceId = $workspaceId
  SET l.\`~lock\` = true
  REMOVE l.\`~lock\``,
);

/** The live event of the connector holding this delivery id (at most one, by constraint). */
export const EVENT_LIVE_BY_DELIVERY = cypher(
  'webhook-event-live-by-delivery',
  ['connectorId', 'deliveryId'],
  `
  MATCH (e:_WebhookEvent {connectorId: $connectorId, liveDeliveryId: $deliveryId})
  WHERE e.status IN ['received', 'processed']
  RETURN properties(e) AS event
  LIMIT 1`,
);

/** The live event of the connector holding this signature key (at most one, by constraint). */
export const EVENT_LIVE_BY_SIGNATURE = cypher(
  'webhook-event-live-by-signature',
  ['connectorId', 'signatureKey'],
  `
  MATCH (e:_WebhookEvent {connectorId: $connectorId, liveSignatureKey: $signatureKey})
  WHERE e.status IN ['received', 'processed']
  RETURN properties(e) AS event
  LIMIT 1`,
);

/** Every property of a stored event, as both event-creating statements take them. */
const EVENT_PARAMS = [
  'workspaceId',
  'id',
  'connectorId',
  'status',
  'scheme',
  'deliveryId',
  'signatureKey',
  'signedAt',
  'receivedAt',
  'updatedAt',
  'processedAt',
  'attempts',
  'nodeId',
  'duplicateOf',
  'failureReason',
  'payloadBytes',
  'payload',
  'liveDeliveryId',
  'liveSignatureKey',
] as const;

export const EVENT_CREATE = cypher(
  'webhook-event-create',
  EVENT_PARAMS,
  `
  CREATE (e:_WebhookEvent {
    workspaceId: $workspaceId, id: $id, connectorId: $connectorId, status: $status,
    scheme: $scheme, deliveryId: $deliveryId, signatureKey: $signatureKey,
    signedAt: $signedAt, receivedAt: $receivedAt, updatedAt: $updatedAt,
    processedAt: $processedAt, attempts: $attempts, nodeId: $nodeId,
    duplicateOf: $duplicateOf, failureReason: $failureReason, payloadBytes: $payloadBytes,
    payload: $payload, liveDeliveryId: $liveDeliveryId, liveSignatureKey: $liveSignatureKey
  })`,
);

/**
 * Stores a failure record unless an event with its id exists (then leaves that one as it
 * is); returns the event either way. Only ever called with a `failed` record, which holds no
 * delivery, so the live-key properties stay unset.
 */
export const EVENT_CREATE_FAILED_IF_NEW = cypher(
  'webhook-event-create-failed-if-new',
  EVENT_PARAMS,
  `
  MERGE (e:_WebhookEvent {workspaceId: $workspaceId, id: $id})
  ON CREATE SET e.connectorId = $connectorId, e.status = $status, e.scheme = $scheme,
    e.deliveryId = $deliveryId, e.signatureKey = $signatureKey, e.signedAt = $signedAt,
    e.receivedAt = $receivedAt, e.updatedAt = $updatedAt, e.processedAt = $processedAt,
    e.attempts = $attempts, e.nodeId = $nodeId, e.duplicateOf = $duplicateOf,
    e.failureReason = $failureReason, e.payloadBytes = $payloadBytes, e.payload = $payload,
    e.liveDeliveryId = $liveDeliveryId, e.liveSignatureKey = $liveSignatureKey
  RETURN properties(e) AS event`,
);

/**
 * Ends an ingestion attempt of a `received` event (lock first, then the check, so two
 * concurrent finishes cannot both pass). A failed event gives up its delivery.
 */
export const EVENT_FINISH = cypher(
  'webhook-event-finish',
  ['workspaceId', 'id', 'status', 'at', 'processedAt', 'nodeId', 'reason'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, id: $id})
  SET e.\`~lock\` = true
  REMOVE e.\`~lock\`
  WITH e
  WHERE e.status = 'received'
  SET e.status = $status, e.updatedAt = $at, e.processedAt = $processedAt,
    e.nodeId = coalesce($nodeId, e.nodeId), e.failureReason = $reason,
    e.liveDeliveryId = CASE WHEN $status = 'processed' THEN e.liveDeliveryId ELSE null END,
    e.liveSignatureKey = CASE WHEN $status = 'processed' THEN e.liveSignatureKey ELSE null END
  RETURN properties(e) AS event`,
);

/** Takes the event's write lock, then returns it as committed (or nothing). */
export const EVENT_LOCK_GET = cypher(
  'webhook-event-lock-get',
  ['workspaceId', 'connectorId', 'id'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, id: $id})
  WHERE e.connectorId = $connectorId
  SET e.\`~lock\` = true
  REMOVE e.\`~lock\`
  RETURN properties(e) AS event`,
);

/** Moves a failed event (locked by the caller) back to `received`: it holds its delivery again. */
export const EVENT_RECLAIM = cypher(
  'webhook-event-reclaim',
  ['workspaceId', 'id', 'at'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, id: $id})
  WHERE e.status = 'failed'
  SET e.status = 'received', e.attempts = e.attempts + 1, e.updatedAt = $at,
    e.failureReason = null, e.liveDeliveryId = e.deliveryId,
    e.liveSignatureKey = e.signatureKey
  RETURN properties(e) AS event`,
);

export const EVENT_GET = cypher(
  'webhook-event-get',
  ['workspaceId', 'connectorId', 'id'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, id: $id})
  WHERE e.connectorId = $connectorId
  RETURN properties(e) AS event`,
);

/** A null `status` counts every event of the connector. */
export const EVENT_COUNT = cypher(
  'webhook-event-count',
  ['workspaceId', 'connectorId', 'status'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, connectorId: $connectorId})
  WHERE $status IS NULL OR e.status = $status
  RETURN count(e) AS total`,
);

/** Newest first; the payload stays in the store. */
export const EVENT_LIST = cypher(
  'webhook-event-list',
  ['workspaceId', 'connectorId', 'status', 'offset', 'limit'],
  `
  MATCH (e:_WebhookEvent {workspaceId: $workspaceId, connectorId: $connectorId})
  WHERE $status IS NULL OR e.status = $status
  RETURN e {.*, payload: null} AS event
  ORDER BY e.receivedAt DESC, e.id DESC
  SKIP $offset
  LIMIT $limit`,
);

/** Retention: one chunk of events received before `before`, every connector. */
export const EVENTS_PURGE_CHUNK = cypher(
  'webhook-events-purge-chunk',
  ['before', 'limit'],
  deleteChunkText(
    `MATCH (e:_WebhookEvent)
  WHERE e.receivedAt < $before`,
    'e',
  ),
);

/** Events left `received` by a stopped process become `failed` and give up their delivery. */
export const EVENTS_FAIL_INTERRUPTED = cypher(
  'webhook-events-fail-interrupted',
  ['before', 'reason', 'at'],
  `
  MATCH (e:_WebhookEvent)
  WHERE e.status = 'received' AND e.receivedAt < $before
  SET e.\`~lock\` = true
  REMOVE e.\`~lock\`
  WITH e
  WHERE e.status = 'received'
  SET e.status = 'failed', e.failureReason = $reason, e.updatedAt = $at,
    e.liveDeliveryId = null, e.liveSignatureKey = null
  RETURN count(e) AS failed`,
);

/** Every statement of this module and of the connectors', for the lint test. */
export const WEBHOOK_STATEMENTS = [
  ...CONNECTOR_STATEMENTS,
  CONNECTOR_EVENTS_DELETE_CHUNK,
  CLAIM_LOCK_DELETE,
  CLAIM_LOCK,
  EVENT_LIVE_BY_DELIVERY,
  EVENT_LIVE_BY_SIGNATURE,
  EVENT_CREATE,
  EVENT_CREATE_FAILED_IF_NEW,
  EVENT_FINISH,
  EVENT_LOCK_GET,
  EVENT_RECLAIM,
  EVENT_GET,
  EVENT_COUNT,
  EVENT_LIST,
  EVENTS_PURGE_CHUNK,
  EVENTS_FAIL_INTERRUPTED,
];
