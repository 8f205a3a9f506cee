import { newTimeOrderedId } from './ids';

/** The only connector type of the spec ("Has a type (Webhook)"). */
export const CONNECTOR_TYPES = ['Webhook'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/** Entity type of the nodes an event becomes when the connector names none (docs/webhooks.md). */
export const DEFAULT_EVENT_ENTITY_TYPE = 'WebhookEvent';
/** Entity type of the node that stands for the connector itself in the graph. */
export const CONNECTOR_ENTITY_TYPE = 'WebhookConnector';
/** Relationship from an event node to its connector node. */
export const RECEIVED_VIA = 'RECEIVED_VIA';

/**
 * Statuses of a received request (docs/webhooks.md): `received` while it is being
 * ingested, then `processed` or `failed`; `duplicate` and `rejected` are final at once.
 */
export const EVENT_STATUSES = ['received', 'processed', 'failed', 'duplicate', 'rejected'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The two signing conventions reception accepts (docs/webhooks.md). */
export type SignatureScheme = 'x-webhook' | 'standard-webhooks';

/** A webhook connector as stored. Its secrets are stored because HMAC needs them in clear. */
export interface Connector {
  id: string;
  workspaceId: string;
  type: ConnectorType;
  name: string;
  /** Entity type of the nodes its events become. */
  entityType: string;
  /** Unguessable id in the reception URL `/api/webhooks/<endpointId>`. */
  endpointId: string;
  secret: string;
  /** The secret before the last rotation, valid until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  secretRotatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One received request, as listed (the payload is read separately). */
export interface WebhookEvent {
  id: string;
  workspaceId: string;
  connectorId: string;
  status: EventStatus;
  /** Null for a rejected request whose signature headers named no scheme. */
  scheme: SignatureScheme | null;
  /** The sender's id (`X-Webhook-Id` or `webhook-id`), when it sent one. */
  deliveryId: string | null;
  /**
   * `<timestamp>:<hex HMAC>` of a verified request whose signature does not cover its id: a
   * second live request with the same key is a replay, whatever id it names. Null when the
   * signature covers the id (the id alone identifies the delivery), and on rejected and
   * duplicate records.
   */
  signatureKey: string | null;
  /** The sender's timestamp, when the request carried a valid one. */
  signedAt: string | null;
  receivedAt: string;
  updatedAt: string;
  processedAt: string | null;
  /** How many times ingestion was started (replays included). */
  attempts: number;
  nodeId: string | null;
  /** For a duplicate: the event that holds the delivery. */
  duplicateOf: string | null;
  /** Why the event failed or was rejected. */
  failureReason: string | null;
  payloadBytes: number;
}

/** An event together with its raw JSON payload (null for rejected and duplicate records). */
export interface StoredWebhookEvent extends WebhookEvent {
  payload: string | null;
}

/**
 * A stored payload as JSON text ready to parse or show, or null when the event has none.
 * Reception decodes bodies ignoring a leading byte order mark but stores the bytes as
 * sent; the mark is not JSON, so it is dropped here.
 */
export function payloadJson(event: StoredWebhookEvent): string | null {
  return event.payload === null ? null : event.payload.replace(/^\uFEFF/, '');
}

/**
 * A new event id: `evt_` and a time-ordered UUID (see `newTimeOrderedId`), so the event
 * history's key index grows at its end instead of at random places.
 */
export function newEventId(nowMs: number): string {
  return `evt_${newTimeOrderedId(nowMs)}`;
}

/**
 * The name an event node gets: the payload's `type` or `event` field when it is a short
 * string (the Standard Webhooks payload convention, and GitHub's and Stripe's), else the
 * event id.
 */
export function eventNodeName(payload: Record<string, unknown>, eventId: string): string {
  for (const key of ['type', 'event']) {
    const value = payload[key];
    if (typeof value === 'string' && value.trim() !== '' && value.trim().length <= 200) {
      return value.trim();
    }
  }
  return eventId;
}
