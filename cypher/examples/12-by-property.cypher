// Entities of one type whose property has a given value (properties are real Neo4j
// properties: compare, sort and index them like any other).
// params: workspaceId, entityType, status
MATCH (n:Entity {workspaceId: $workspaceId, entityType: $entityType})
WHERE n.status = $status
RETURN n.id AS id, n.name AS name, properties(n) AS properties
ORDER BY name;
