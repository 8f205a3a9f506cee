// One shortest path between two entities, in either direction, up to 10 hops.
// params: workspaceId, fromId, toId
MATCH (a:Entity {workspaceId: $workspaceId, id: $fromId})
MATCH (b:Entity {workspaceId: $workspaceId, id: $toId})
MATCH path = shortestPath((a)-[*..10]-(b))
RETURN path, length(path) AS hops;
