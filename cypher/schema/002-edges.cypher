// Edges are relationships typed by their type: [:<TYPE> {id, workspaceId, version,
// createdAt, updatedAt, ...properties}]. Neo4j indexes and constrains relationship
// properties per relationship type only (relationship property uniqueness constraints,
// Community since 5.7, are per type too), but an edge id must be unique across all types of
// a workspace and be found without knowing its type. So each edge has a companion
// (:_EdgeRef {workspaceId, id, type, sourceId, targetId, createdAt, updatedAt}) node, and
// the uniqueness constraint lives there.
CREATE CONSTRAINT edge_ref_workspace_id IF NOT EXISTS
FOR (k:_EdgeRef) REQUIRE (k.workspaceId, k.id) IS UNIQUE;

// Lists and filters of one workspace's edges (GET /api/queries/edges).
CREATE INDEX edge_ref_workspace IF NOT EXISTS
FOR (k:_EdgeRef) ON (k.workspaceId);

CREATE INDEX edge_ref_workspace_source IF NOT EXISTS
FOR (k:_EdgeRef) ON (k.workspaceId, k.sourceId);

CREATE INDEX edge_ref_workspace_target IF NOT EXISTS
FOR (k:_EdgeRef) ON (k.workspaceId, k.targetId);

CREATE INDEX edge_ref_workspace_type IF NOT EXISTS
FOR (k:_EdgeRef) ON (k.workspaceId, k.type);

CREATE INDEX edge_ref_workspace_created IF NOT EXISTS
FOR (k:_EdgeRef) ON (k.workspaceId, k.createdAt);
