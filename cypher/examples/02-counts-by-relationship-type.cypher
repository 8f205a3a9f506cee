// How many relationships of each type a workspace has.
// params: workspaceId
MATCH (:Entity {workspaceId: $workspaceId})-[r]->(:Entity)
RETURN type(r) AS type, count(*) AS relationships
ORDER BY relationships DESC, type;
