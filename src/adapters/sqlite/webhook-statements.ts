import type { SqliteDatabase } from './database';
import {
  CONNECTOR_COLUMNS,
  EVENT_COLUMNS,
  INSERT_EVENT,
  type ConnectorRow,
  type EventRow,
  type StoredEventRow,
} from './webhook-rows';

/** Rows deleted per transaction when a connector's history or expired events are removed. */
export const DELETE_CHUNK = 1000;

const LIVE = `status IN ('received', 'processed')`;
const UNPROCESSED = `status <> 'processed'`;
const BY_STATUS = 'WHERE workspace_id = ? AND connector_id = ? AND status = ?';
const NEWEST_FIRST = 'ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?';

/** Every statement the SQLite ConnectorStore runs, prepared once. */
export function prepareWebhookStatements(db: SqliteDatabase) {
  const { reader, writer } = db;
  const connectorById = `SELECT ${CONNECTOR_COLUMNS} FROM webhook_connectors
    WHERE workspace_id = ? AND id = ?`;
  const eventById = `SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE workspace_id = ? AND id = ?`;
  const storedEvent = `SELECT ${EVENT_COLUMNS}, payload FROM webhook_events
    WHERE workspace_id = ? AND connector_id = ? AND id = ?`;
  return {
    insertConnector: writer.prepare(
      `INSERT INTO webhook_connectors (${CONNECTOR_COLUMNS})
       VALUES (@workspaceId, @id, @type, @name, @entityType, @endpointId, @secret,
         @previousSecret, @previousSecretExpiresAt, @secretRotatedAt, @createdAt, @updatedAt)`,
    ),
    getConnector: reader.prepare<[string, string], ConnectorRow>(connectorById),
    getConnectorWriter: writer.prepare<[string, string], ConnectorRow>(connectorById),
    byEndpoint: reader.prepare<[string], ConnectorRow>(
      `SELECT ${CONNECTOR_COLUMNS} FROM webhook_connectors WHERE endpoint_id = ?`,
    ),
    countConnectors: reader.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM webhook_connectors WHERE workspace_id = ?',
    ),
    pageConnectors: reader.prepare<[string, number, number], ConnectorRow>(
      `SELECT ${CONNECTOR_COLUMNS} FROM webhook_connectors WHERE workspace_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    ),
    rotate: writer.prepare(
      `UPDATE webhook_connectors SET secret = @secret, previous_secret = @previousSecret,
         previous_secret_expires_at = @previousSecretExpiresAt, secret_rotated_at = @rotatedAt,
         updated_at = @rotatedAt
       WHERE workspace_id = @workspaceId AND id = @id`,
    ),
    deleteConnector: writer.prepare(
      'DELETE FROM webhook_connectors WHERE workspace_id = ? AND id = ?',
    ),
    deleteEventsChunk: writer.prepare(
      `DELETE FROM webhook_events WHERE rowid IN (SELECT rowid FROM webhook_events
         WHERE workspace_id = ? AND connector_id = ? LIMIT ${DELETE_CHUNK})`,
    ),
    insertEvent: writer.prepare(INSERT_EVENT),
    insertEventIfNew: writer.prepare(`${INSERT_EVENT} ON CONFLICT (workspace_id, id) DO NOTHING`),
    liveByDelivery: writer.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM webhook_events
       WHERE connector_id = ? AND delivery_id = ? AND ${LIVE}`,
    ),
    liveBySignature: writer.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM webhook_events
       WHERE connector_id = ? AND signature_key = ? AND ${LIVE}`,
    ),
    finish: writer.prepare(
      `UPDATE webhook_events SET status = @status, updated_at = @at,
         processed_at = @processedAt, node_id = COALESCE(@nodeId, node_id),
         failure_reason = @reason
       WHERE workspace_id = @workspaceId AND id = @id AND status = 'received'`,
    ),
    reclaim: writer.prepare(
      `UPDATE webhook_events SET status = 'received', attempts = attempts + 1,
         updated_at = @at, failure_reason = NULL
       WHERE workspace_id = @workspaceId AND id = @id AND status = 'failed'`,
    ),
    getEventWriter: writer.prepare<[string, string], EventRow>(eventById),
    getStoredEvent: reader.prepare<[string, string, string], StoredEventRow>(storedEvent),
    getStoredEventWriter: writer.prepare<[string, string, string], StoredEventRow>(storedEvent),
    countEvents: reader.prepare<[string, string], { n: number }>(
      'SELECT COUNT(*) AS n FROM webhook_events WHERE workspace_id = ? AND connector_id = ?',
    ),
    pageEvents: reader.prepare<[string, string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE workspace_id = ? AND connector_id = ?
       ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`,
    ),
    // Processed events by the list index; the other statuses by their partial index, which
    // SQLite uses only when the WHERE repeats its condition (migration 007).
    countProcessed: reader.prepare<[string, string, string], { n: number }>(
      `SELECT COUNT(*) AS n FROM webhook_events ${BY_STATUS}`,
    ),
    pageProcessed: reader.prepare<[string, string, string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM webhook_events ${BY_STATUS} ${NEWEST_FIRST}`,
    ),
    countUnprocessed: reader.prepare<[string, string, string], { n: number }>(
      `SELECT COUNT(*) AS n FROM webhook_events ${BY_STATUS} AND ${UNPROCESSED}`,
    ),
    pageUnprocessed: reader.prepare<[string, string, string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM webhook_events ${BY_STATUS} AND ${UNPROCESSED}
       ${NEWEST_FIRST}`,
    ),
    purgeChunk: writer.prepare(
      `DELETE FROM webhook_events WHERE rowid IN (SELECT rowid FROM webhook_events
         WHERE received_at < ? LIMIT ${DELETE_CHUNK})`,
    ),
    failInterrupted: writer.prepare(
      `UPDATE webhook_events SET status = 'failed', failure_reason = @reason, updated_at = @at
       WHERE status = 'received' AND received_at < @before`,
    ),
  };
}
