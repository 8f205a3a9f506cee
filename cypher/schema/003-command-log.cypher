// The command log (undo/redo history per actor) and the Idempotency-Key records.
CREATE CONSTRAINT command_log_entry_workspace_id IF NOT EXISTS
FOR (e:_CommandLogEntry) REQUIRE (e.workspaceId, e.id) IS UNIQUE;

CREATE INDEX command_log_entry_actor IF NOT EXISTS
FOR (e:_CommandLogEntry) ON (e.workspaceId, e.actorId);

// One counter per workspace and actor orders that actor's entries (seq).
CREATE CONSTRAINT command_log_sequence_actor IF NOT EXISTS
FOR (c:_CommandLogSequence) REQUIRE (c.workspaceId, c.actorId) IS UNIQUE;

CREATE CONSTRAINT idempotency_record_key IF NOT EXISTS
FOR (r:_IdempotencyRecord) REQUIRE (r.workspaceId, r.actorId, r.key) IS UNIQUE;

CREATE INDEX idempotency_record_created IF NOT EXISTS
FOR (r:_IdempotencyRecord) ON (r.workspaceId, r.createdAt);
