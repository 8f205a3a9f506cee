// Entities: (:Entity:<EntityType> {id, workspaceId, entityType, name, version, createdAt,
// updatedAt, ...properties}). Ids are unique per workspace, not globally: a composite node
// property uniqueness constraint, which Neo4j Community supports (node key and property
// existence constraints would need Enterprise).
CREATE CONSTRAINT entity_workspace_id IF NOT EXISTS
FOR (n:Entity) REQUIRE (n.workspaceId, n.id) IS UNIQUE;

// Lists and filters of one workspace (GET /api/queries/nodes).
CREATE INDEX entity_workspace IF NOT EXISTS
FOR (n:Entity) ON (n.workspaceId);

CREATE INDEX entity_workspace_type IF NOT EXISTS
FOR (n:Entity) ON (n.workspaceId, n.entityType);

CREATE INDEX entity_workspace_name IF NOT EXISTS
FOR (n:Entity) ON (n.workspaceId, n.name);

CREATE INDEX entity_workspace_created IF NOT EXISTS
FOR (n:Entity) ON (n.workspaceId, n.createdAt);

CREATE INDEX entity_workspace_updated IF NOT EXISTS
FOR (n:Entity) ON (n.workspaceId, n.updatedAt);
