// Every shortest path between two entities, as the names and types along the way.
// params: workspaceId, fromId, toId
MATCH (a:Entity {workspaceId: $workspaceId, id: $fromId})
MATCH (b:Entity {workspaceId: $workspaceId, id: $toId})
MATCH path = allShortestPaths((a)-[*..6]-(b))
RETURN [n IN nodes(path) | n.name] AS names, [r IN relationships(path) | type(r)] AS types;
