// OAuth: users and memberships, clients, pending authorization requests, codes, token
// families and tokens (hashes only). Emails are stored normalized, so unique as stored.
CREATE CONSTRAINT oauth_user_id IF NOT EXISTS
FOR (u:_User) REQUIRE u.id IS UNIQUE;

CREATE CONSTRAINT oauth_user_email IF NOT EXISTS
FOR (u:_User) REQUIRE u.email IS UNIQUE;

CREATE INDEX oauth_user_created IF NOT EXISTS
FOR (u:_User) ON (u.createdAt);

// One membership per user and workspace (MERGE is safe under it).
CREATE CONSTRAINT oauth_membership IF NOT EXISTS
FOR (m:_Membership) REQUIRE (m.userId, m.workspaceId) IS UNIQUE;

CREATE INDEX oauth_membership_workspace IF NOT EXISTS
FOR (m:_Membership) ON (m.workspaceId);

CREATE CONSTRAINT oauth_client_id IF NOT EXISTS
FOR (c:_OAuthClient) REQUIRE c.id IS UNIQUE;

CREATE INDEX oauth_client_workspace IF NOT EXISTS
FOR (c:_OAuthClient) ON (c.workspaceId, c.createdAt);

CREATE INDEX oauth_client_created IF NOT EXISTS
FOR (c:_OAuthClient) ON (c.createdAt);

CREATE CONSTRAINT oauth_request_id IF NOT EXISTS
FOR (r:_OAuthRequest) REQUIRE r.id IS UNIQUE;

CREATE INDEX oauth_request_client IF NOT EXISTS
FOR (r:_OAuthRequest) ON (r.clientId);

CREATE CONSTRAINT oauth_code_id IF NOT EXISTS
FOR (k:_OAuthCode) REQUIRE k.id IS UNIQUE;

CREATE CONSTRAINT oauth_code_hash IF NOT EXISTS
FOR (k:_OAuthCode) REQUIRE k.codeHash IS UNIQUE;

CREATE INDEX oauth_code_client IF NOT EXISTS
FOR (k:_OAuthCode) ON (k.clientId);

CREATE CONSTRAINT oauth_family_id IF NOT EXISTS
FOR (f:_OAuthTokenFamily) REQUIRE f.id IS UNIQUE;

CREATE INDEX oauth_family_code IF NOT EXISTS
FOR (f:_OAuthTokenFamily) ON (f.authorizationCodeId);

CREATE INDEX oauth_family_client IF NOT EXISTS
FOR (f:_OAuthTokenFamily) ON (f.clientId);

CREATE CONSTRAINT oauth_access_token_id IF NOT EXISTS
FOR (a:_OAuthAccessToken) REQUIRE a.id IS UNIQUE;

CREATE CONSTRAINT oauth_access_token_hash IF NOT EXISTS
FOR (a:_OAuthAccessToken) REQUIRE a.tokenHash IS UNIQUE;

CREATE INDEX oauth_access_token_client IF NOT EXISTS
FOR (a:_OAuthAccessToken) ON (a.clientId);

CREATE CONSTRAINT oauth_refresh_token_id IF NOT EXISTS
FOR (t:_OAuthRefreshToken) REQUIRE t.id IS UNIQUE;

CREATE CONSTRAINT oauth_refresh_token_hash IF NOT EXISTS
FOR (t:_OAuthRefreshToken) REQUIRE t.tokenHash IS UNIQUE;

CREATE INDEX oauth_refresh_token_client IF NOT EXISTS
FOR (t:_OAuthRefreshToken) ON (t.clientId);
