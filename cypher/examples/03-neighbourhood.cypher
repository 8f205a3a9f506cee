// The direct neighbours of one entity, in both directions (draws as a graph in Browser).
// params: workspaceId, nodeId
MATCH (n:Entity {workspaceId: $workspaceId, id: $nodeId})-[r]-(m:Entity)
RETURN n, r, m;
