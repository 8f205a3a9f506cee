// Workspaces and API keys. A key is found by the SHA-256 of its secret; the secret itself
// is never stored.
CREATE CONSTRAINT workspace_id IF NOT EXISTS
FOR (w:_Workspace) REQUIRE w.id IS UNIQUE;

CREATE INDEX workspace_created IF NOT EXISTS
FOR (w:_Workspace) ON (w.createdAt);

CREATE CONSTRAINT api_key_id IF NOT EXISTS
FOR (k:_ApiKey) REQUIRE k.id IS UNIQUE;

CREATE CONSTRAINT api_key_secret_hash IF NOT EXISTS
FOR (k:_ApiKey) REQUIRE k.secretHash IS UNIQUE;

CREATE INDEX api_key_workspace IF NOT EXISTS
FOR (k:_ApiKey) ON (k.workspaceId, k.createdAt);
