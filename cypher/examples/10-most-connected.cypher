// The ten most connected entities of a workspace.
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
RETURN n.id AS id, n.entityType AS entityType, n.name AS name, COUNT { (n)--() } AS degree
ORDER BY degree DESC, id
LIMIT 10;
