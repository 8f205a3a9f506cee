// Entity types are labels and edge types are relationship types, so patterns read
// naturally. Here: which pumps feed which valves (use your own types).
// params: workspaceId
MATCH (p:Pump {workspaceId: $workspaceId})-[f:FEEDS]->(v:Valve)
RETURN p.name AS pump, v.name AS valve, f.flow AS flow
ORDER BY pump, valve;
