// The periodic purge of expired OAuth records (docs/oauth.md "Expiry and purge"): range
// indexes on expiresAt find each chunk of expired requests, codes and tokens, and the
// tokens' familyId indexes tell whether a family has any token left once they are deleted.
CREATE INDEX oauth_request_expires IF NOT EXISTS
FOR (r:_OAuthRequest) ON (r.expiresAt);

CREATE INDEX oauth_code_expires IF NOT EXISTS
FOR (k:_OAuthCode) ON (k.expiresAt);

CREATE INDEX oauth_access_token_expires IF NOT EXISTS
FOR (a:_OAuthAccessToken) ON (a.expiresAt);

CREATE INDEX oauth_refresh_token_expires IF NOT EXISTS
FOR (t:_OAuthRefreshToken) ON (t.expiresAt);

CREATE INDEX oauth_access_token_family IF NOT EXISTS
FOR (a:_OAuthAccessToken) ON (a.familyId);

CREATE INDEX oauth_refresh_token_family IF NOT EXISTS
FOR (t:_OAuthRefreshToken) ON (t.familyId);
