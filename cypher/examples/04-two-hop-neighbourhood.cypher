// Everything within two hops of one entity, following only some relationship types.
// params: workspaceId, nodeId, types
MATCH path = (n:Entity {workspaceId: $workspaceId, id: $nodeId})-[*1..2]-(m:Entity)
WHERE all(r IN relationships(path) WHERE type(r) IN $types)
RETURN path
LIMIT 200;
