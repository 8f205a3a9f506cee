// Entities without any relationship.
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
WHERE NOT (n)--()
RETURN n.id AS id, n.entityType AS entityType, n.name AS name
ORDER BY entityType, name;
