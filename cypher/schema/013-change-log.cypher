// The change log (docs/events.md): each workspace's events, numbered by its head, those of
// one transaction in blocks (a block's seq is its last event's). The composite constraint
// keeps seq unique per workspace and serves reads in seq order.
CREATE CONSTRAINT change_log_head IF NOT EXISTS
FOR (h:_ChangeLogHead) REQUIRE h.workspaceId IS UNIQUE;

CREATE CONSTRAINT change_event_seq IF NOT EXISTS
FOR (e:_ChangeEvent) REQUIRE (e.workspaceId, e.seq) IS UNIQUE;

// Retention removes the oldest events first, across workspaces.
CREATE INDEX change_event_time IF NOT EXISTS
FOR (e:_ChangeEvent) ON (e.occurredAt);
