// Entities created per day over the last 30 days.
// params: workspaceId
MATCH (n:Entity {workspaceId: $workspaceId})
WHERE n.createdAt >= datetime() - duration({days: 30})
RETURN date(n.createdAt) AS day, count(*) AS created
ORDER BY day DESC;
