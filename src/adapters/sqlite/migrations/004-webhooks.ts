import type { Migration } from './index';

/**
 * Webhook connectors and their received events (docs/webhooks.md).
 *
 * - No foreign key to `workspaces` (the workspace is a partition key, as for the graph:
 *   the ConnectorStore contract suite runs on random workspace ids), and none from events
 *   to connectors: deleting a connector removes its events in chunks, not in one
 *   transaction that could hold the writer for as long as a big history takes.
 * - Replay protection is two partial unique indexes: among a connector's live events
 *   (`received` or `processed`) a delivery id, and a signature key, occur at most once.
 *   `failed` events do not count, so a retry after a failure is accepted.
 */
export const m004Webhooks: Migration = {
  version: 4,
  name: 'webhooks',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_connectors (
        workspace_id                TEXT NOT NULL,
        id                          TEXT NOT NULL,
        type                        TEXT NOT NULL CHECK (type IN ('Webhook')),
        name                        TEXT NOT NULL,
        entity_type                 TEXT NOT NULL,
        endpoint_id                 TEXT NOT NULL UNIQUE,
        secret                      TEXT NOT NULL,
        previous_secret             TEXT,
        previous_secret_expires_at  TEXT,
        secret_rotated_at           TEXT,
        created_at                  TEXT NOT NULL,
        updated_at                  TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id)
      ) STRICT;
      CREATE INDEX webhook_connectors_created ON webhook_connectors (workspace_id, created_at, id);

      CREATE TABLE webhook_events (
        workspace_id    TEXT NOT NULL,
        id              TEXT NOT NULL,
        connector_id    TEXT NOT NULL,
        status          TEXT NOT NULL
          CHECK (status IN ('received', 'processed', 'failed', 'duplicate', 'rejected')),
        scheme          TEXT CHECK (scheme IN ('x-webhook', 'standard-webhooks')),
        delivery_id     TEXT,
        signature_key   TEXT,
        signed_at       TEXT,
        received_at     TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        processed_at    TEXT,
        attempts        INTEGER NOT NULL CHECK (attempts >= 0),
        node_id         TEXT,
        duplicate_of    TEXT,
        failure_reason  TEXT,
        payload         TEXT,
        payload_bytes   INTEGER NOT NULL CHECK (payload_bytes >= 0),
        PRIMARY KEY (workspace_id, id)
      ) STRICT;
      -- The event list (newest first) and its status filter.
      CREATE INDEX webhook_events_list
        ON webhook_events (workspace_id, connector_id, received_at, id);
      CREATE INDEX webhook_events_status
        ON webhook_events (workspace_id, connector_id, status, received_at, id);
      CREATE UNIQUE INDEX webhook_events_live_delivery
        ON webhook_events (connector_id, delivery_id)
        WHERE delivery_id IS NOT NULL AND status IN ('received', 'processed');
      CREATE UNIQUE INDEX webhook_events_live_signature
        ON webhook_events (connector_id, signature_key)
        WHERE signature_key IS NOT NULL AND status IN ('received', 'processed');
      -- Retention and the recovery of interrupted events.
      CREATE INDEX webhook_events_received ON webhook_events (received_at);
      CREATE INDEX webhook_events_in_flight ON webhook_events (received_at)
        WHERE status = 'received';
    `);
  },
};
