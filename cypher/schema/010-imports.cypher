// Records of imports through the API, listed newest first per workspace. Ids are fresh
// time-ordered UUIDs, unique per workspace.
CREATE CONSTRAINT import_id IF NOT EXISTS
FOR (i:_Import) REQUIRE (i.workspaceId, i.id) IS UNIQUE;

CREATE INDEX import_started IF NOT EXISTS
FOR (i:_Import) ON (i.workspaceId, i.startedAt);
