// Webhook connectors and the events they received. Endpoint ids are globally unique.
CREATE CONSTRAINT webhook_connector_id IF NOT EXISTS
FOR (c:_WebhookConnector) REQUIRE (c.workspaceId, c.id) IS UNIQUE;

CREATE CONSTRAINT webhook_connector_endpoint IF NOT EXISTS
FOR (c:_WebhookConnector) REQUIRE c.endpointId IS UNIQUE;

CREATE INDEX webhook_connector_created IF NOT EXISTS
FOR (c:_WebhookConnector) ON (c.workspaceId, c.createdAt);

CREATE CONSTRAINT webhook_event_id IF NOT EXISTS
FOR (e:_WebhookEvent) REQUIRE (e.workspaceId, e.id) IS UNIQUE;

// Replay protection: a live (received or processed) event carries liveDeliveryId and
// liveSignatureKey, which it loses when it fails. A composite uniqueness constraint applies
// only to nodes with every property, so these are SQLite's partial unique indexes.
CREATE CONSTRAINT webhook_event_live_delivery IF NOT EXISTS
FOR (e:_WebhookEvent) REQUIRE (e.connectorId, e.liveDeliveryId) IS UNIQUE;

CREATE CONSTRAINT webhook_event_live_signature IF NOT EXISTS
FOR (e:_WebhookEvent) REQUIRE (e.connectorId, e.liveSignatureKey) IS UNIQUE;

// Event lists (newest first, optionally by status) and connector deletion.
CREATE INDEX webhook_event_list IF NOT EXISTS
FOR (e:_WebhookEvent) ON (e.workspaceId, e.connectorId, e.receivedAt);

CREATE INDEX webhook_event_status IF NOT EXISTS
FOR (e:_WebhookEvent) ON (e.workspaceId, e.connectorId, e.status);

// Retention and the recovery of interrupted events.
CREATE INDEX webhook_event_received IF NOT EXISTS
FOR (e:_WebhookEvent) ON (e.receivedAt);

CREATE INDEX webhook_event_in_flight IF NOT EXISTS
FOR (e:_WebhookEvent) ON (e.status, e.receivedAt);

// One lock node per connector serialises its claims and replays (MERGE is safe under the
// constraint).
CREATE CONSTRAINT webhook_claim_lock IF NOT EXISTS
FOR (l:_WebhookClaimLock) REQUIRE l.connectorId IS UNIQUE;

CREATE INDEX webhook_claim_lock_workspace IF NOT EXISTS
FOR (l:_WebhookClaimLock) ON (l.workspaceId);
