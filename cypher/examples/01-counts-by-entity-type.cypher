// How many entities of each type a workspace has.
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
RETURN n.entityType AS entityType, count(*) AS entities
ORDER BY entities DESC, entityType;
