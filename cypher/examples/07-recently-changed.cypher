// Entities changed in the last 7 days, newest first (timestamps are DATETIME values).
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
WHERE n.updatedAt >= datetime() - duration({days: 7})
RETURN n.id AS id, n.entityType AS entityType, n.name AS name, n.version AS version,
  n.updatedAt AS updatedAt
ORDER BY n.updatedAt DESC
LIMIT 50;
