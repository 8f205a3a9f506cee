import type { Migration } from './index';

/**
 * Outbound webhook subscriptions (docs/events.md): each one's filters, sealed signing
 * secrets, cursor in its workspace's change log and failure state; and the delivery log,
 * one row per attempt, listed newest first per subscription.
 */
export const m017EventSubscriptions: Migration = {
  version: 17,
  name: 'event-subscriptions',
  up(db) {
    db.exec(`
      CREATE TABLE event_subscriptions (
        workspace_id TEXT NOT NULL,
        id TEXT NOT NULL,
        url TEXT NOT NULL,
        description TEXT,
        event_types TEXT NOT NULL,
        entity_types TEXT NOT NULL,
        scopes TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        disabled_reason TEXT,
        cursor INTEGER NOT NULL,
        failing_since TEXT,
        attempts INTEGER NOT NULL,
        next_attempt_at TEXT,
        last_error TEXT,
        secret TEXT NOT NULL,
        previous_secret TEXT,
        previous_secret_expires_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id)
      ) WITHOUT ROWID;
      CREATE INDEX event_subscriptions_enabled ON event_subscriptions (enabled, workspace_id);
      CREATE TABLE event_delivery_attempts (
        workspace_id TEXT NOT NULL,
        subscription_id TEXT NOT NULL,
        id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        event_seq INTEGER,
        event_type TEXT NOT NULL,
        trigger TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        attempted_at TEXT NOT NULL,
        outcome TEXT NOT NULL,
        response_status INTEGER,
        duration_ms INTEGER NOT NULL,
        response_excerpt TEXT,
        error TEXT,
        PRIMARY KEY (workspace_id, subscription_id, id)
      ) WITHOUT ROWID;
      CREATE INDEX event_delivery_attempts_time ON event_delivery_attempts (attempted_at);
    `);
  },
};
