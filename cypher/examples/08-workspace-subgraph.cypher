// A workspace's whole subgraph (capped: large workspaces do not draw well in Browser).
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
OPTIONAL MATCH (n)-[r]->(m:Entity)
RETURN n, r, m
LIMIT 1000;
