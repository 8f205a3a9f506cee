// Live data source records (the time series themselves are in the time-series store).
// Ids are fresh UUIDs, unique per workspace.
CREATE CONSTRAINT live_data_source_id IF NOT EXISTS
FOR (s:_LiveDataSource) REQUIRE (s.workspaceId, s.id) IS UNIQUE;

CREATE INDEX live_data_source_created IF NOT EXISTS
FOR (s:_LiveDataSource) ON (s.workspaceId, s.createdAt);

CREATE INDEX live_data_source_entity IF NOT EXISTS
FOR (s:_LiveDataSource) ON (s.workspaceId, s.entityId);
