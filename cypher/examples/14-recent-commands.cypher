// The latest commands run in a workspace, from the undo/redo log.
// params: workspaceId
MATCH (e:_CommandLogEntry {workspaceId: $workspaceId})
RETURN e.createdAt AS at, e.actorId AS actor, e.type AS command, e.state AS state
ORDER BY at DESC
LIMIT 20;
