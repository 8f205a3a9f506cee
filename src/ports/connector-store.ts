import type {
  Connector,
  EventStatus,
  SignatureScheme,
  StoredWebhookEvent,
  WebhookEvent,
} from '../domain/webhooks';
import type { UnitOfWork } from './graph-store';
import type { Page, PageRequest } from './paging';

/** A verified delivery to record as `received` (or as a duplicate of a live one). */
export interface NewDelivery {
  id: string;
  workspaceId: string;
  connectorId: string;
  scheme: SignatureScheme;
  deliveryId: string | null;
  /**
   * The replay key of a delivery whose id is not signed (`<timestamp>:<hex HMAC>`); null
   * when the signature covers `deliveryId`, which then identifies the delivery alone.
   */
  signatureKey: string | null;
  signedAt: string;
  receivedAt: string;
  /** The raw JSON text of the body. */
  payload: string;
  payloadBytes: number;
}

/** A refused request, recorded without its payload. */
export interface RejectedAttempt {
  id: string;
  workspaceId: string;
  connectorId: string;
  scheme: SignatureScheme | null;
  deliveryId: string | null;
  receivedAt: string;
  reason: string;
  payloadBytes: number;
}

/**
 * What `claimDeliveryIn` did. `claimed`: the event was stored as `received` and the caller
 * now ingests it. `duplicate`: another live (`received` or `processed`) event of the
 * connector has the same delivery id or signature key; a `duplicate` record pointing at it
 * was stored instead.
 */
export type DeliveryClaim =
  | { status: 'claimed'; event: WebhookEvent }
  | { status: 'duplicate'; event: WebhookEvent; original: WebhookEvent };

/** The node a claimed delivery becomes in its claim's own transaction, and when. */
export interface IngestedAs {
  nodeId: string;
  at: string;
}

/** What `claimReplay` did; only `claimed` moved the event (back to `received`). */
export type ReplayClaim =
  | { status: 'claimed'; event: StoredWebhookEvent }
  | { status: 'missing' }
  | { status: 'not_failed'; event: WebhookEvent }
  /** Another live event already holds this delivery (the sender retried it successfully). */
  | { status: 'superseded'; event: WebhookEvent; by: WebhookEvent };

/** How an ingestion attempt ended. */
export type EventOutcome =
  | { status: 'processed'; nodeId: string; at: string }
  | { status: 'failed'; reason: string; at: string };

export interface EventFilter {
  status?: EventStatus;
}

/**
 * Webhook connectors and the events they received (docs/webhooks.md). Engine-neutral:
 * the embedded store implements it on SQLite, the production engine on Neo4j. Every
 * read and write is confined to one workspace, except the lookup by endpoint id that
 * reception needs (endpoint ids are globally unique and unguessable).
 *
 * Replay protection lives here: at most one `received` or `processed` event per connector
 * may hold a given delivery id, and at most one a given signature key. The checks and the
 * write are one atomic step, so concurrent deliveries of the same event are claimed once.
 *
 * Ingestion records an event in the same transaction as the graph records it becomes: the
 * `...In(uow, ...)` methods write inside a transaction of the GraphStore on the same engine
 * (the container always pairs them; another store's unit of work is refused with an error),
 * and commit or roll back with it.
 */
export interface ConnectorStore {
  createConnector(connector: Connector): Promise<void>;
  getConnector(workspaceId: string, id: string): Promise<Connector | null>;
  findConnectorByEndpoint(endpointId: string): Promise<Connector | null>;
  /** Oldest first, ties broken by id. */
  listConnectors(workspaceId: string, page: PageRequest): Promise<Page<Connector>>;
  /** Replaces the secrets; returns the updated connector, or null when it does not exist. */
  rotateSecret(
    workspaceId: string,
    id: string,
    rotation: {
      secret: string;
      previousSecret: string | null;
      previousSecretExpiresAt: string | null;
      rotatedAt: string;
    },
  ): Promise<Connector | null>;
  /** Deletes the connector and every event it received; false when it did not exist. */
  deleteConnector(workspaceId: string, id: string): Promise<boolean>;

  /**
   * Inside the graph transaction `uow`: stores the delivery as a `received` event, or as a
   * `duplicate` of the live event holding its delivery id or signature key. With
   * `ingestedAs`, a claimed delivery is stored as `processed` by that node straight away
   * (the caller writes the node in the same transaction). Fails (and so does the
   * transaction) when an event with the delivery's id exists already: a failure record for
   * it was written first (see `recordFailure`).
   */
  claimDeliveryIn(
    uow: UnitOfWork,
    delivery: NewDelivery,
    ingestedAs?: IngestedAs,
  ): Promise<DeliveryClaim>;
  /**
   * Records a delivery whose ingestion failed before its claim was committed (its
   * transaction rolled back, or had not committed when the processing bound passed), as a
   * `failed` event with `reason`, unless an event with its id exists: then that event is
   * returned unchanged (the ingestion committed after all). A `failed` event holds nothing,
   * and its id can no longer be claimed, so a late transaction of the attempt cannot commit.
   */
  recordFailure(delivery: NewDelivery, reason: string, at: string): Promise<WebhookEvent>;
  recordRejected(attempt: RejectedAttempt): Promise<void>;
  /**
   * Ends an ingestion attempt: moves a `received` event to `processed` or `failed`.
   * Returns the updated event, or null when the event is not `received` (any more).
   */
  finishEvent(workspaceId: string, id: string, outcome: EventOutcome): Promise<WebhookEvent | null>;
  /** `finishEvent` inside the graph transaction `uow`. */
  finishEventIn(
    uow: UnitOfWork,
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null>;
  /** Moves a `failed` event back to `received` (one more attempt) for a replay. */
  claimReplay(
    workspaceId: string,
    connectorId: string,
    id: string,
    at: string,
  ): Promise<ReplayClaim>;
  getEvent(
    workspaceId: string,
    connectorId: string,
    id: string,
  ): Promise<StoredWebhookEvent | null>;
  /** Newest first (by receipt time, ties broken by id descending). */
  listEvents(
    workspaceId: string,
    connectorId: string,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Page<WebhookEvent>>;
  /** Deletes events received before `before` (ISO time), every connector; returns how many. */
  purgeEvents(before: string): Promise<number>;
  /**
   * Marks `received` events received before `before` as `failed` with `reason`: their
   * processing was interrupted (the process stopped). Returns how many.
   */
  failInterrupted(before: string, reason: string, at: string): Promise<number>;
}

/**
 * The stored record of a rejected attempt: no payload, no claim keys. Shared by every
 * adapter so they record rejections identically.
 */
export function rejectedEvent(attempt: RejectedAttempt): StoredWebhookEvent {
  return {
    id: attempt.id,
    workspaceId: attempt.workspaceId,
    connectorId: attempt.connectorId,
    status: 'rejected',
    scheme: attempt.scheme,
    deliveryId: attempt.deliveryId,
    signatureKey: null,
    signedAt: null,
    receivedAt: attempt.receivedAt,
    updatedAt: attempt.receivedAt,
    processedAt: null,
    attempts: 0,
    nodeId: null,
    duplicateOf: null,
    failureReason: attempt.reason,
    payloadBytes: attempt.payloadBytes,
    payload: null,
  };
}

/**
 * The record `claimDeliveryIn` stores: `received` with the payload (`processed` by the node
 * of `ingestedAs` when given), or, when `original` holds the delivery, a `duplicate`
 * pointing at it (no payload, no claim keys). Shared by every adapter.
 */
export function claimedEvent(
  delivery: NewDelivery,
  original: WebhookEvent | null,
  ingestedAs?: IngestedAs,
): StoredWebhookEvent {
  if (original) {
    return {
      ...delivery,
      status: 'duplicate',
      signatureKey: null,
      updatedAt: delivery.receivedAt,
      processedAt: null,
      attempts: 0,
      nodeId: original.nodeId,
      duplicateOf: original.id,
      failureReason: null,
      payload: null,
    };
  }
  return {
    ...delivery,
    status: ingestedAs ? 'processed' : 'received',
    updatedAt: ingestedAs ? ingestedAs.at : delivery.receivedAt,
    processedAt: ingestedAs ? ingestedAs.at : null,
    attempts: 1,
    nodeId: ingestedAs ? ingestedAs.nodeId : null,
    duplicateOf: null,
    failureReason: null,
  };
}

/**
 * The record `recordFailure` stores: `failed` with the reason and the payload (so it can be
 * replayed), holding no delivery. Shared by every adapter.
 */
export function failedEvent(delivery: NewDelivery, reason: string, at: string): StoredWebhookEvent {
  return {
    ...delivery,
    status: 'failed',
    updatedAt: at,
    processedAt: null,
    attempts: 1,
    nodeId: null,
    duplicateOf: null,
    failureReason: reason,
  };
}

/** A claim's answer: the stored record without its payload. */
export function claimOf(event: StoredWebhookEvent, original: WebhookEvent | null): DeliveryClaim {
  const { payload: _payload, ...stored } = event;
  return original
    ? { status: 'duplicate', event: stored, original }
    : { status: 'claimed', event: stored };
}
