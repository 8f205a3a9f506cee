import type { Migration } from './index';

/**
 * The periodic purge of expired OAuth records (docs/oauth.md "Expiry and purge") finds
 * them by `expires_at`: one index per table that has it, so each purge chunk reads only the
 * rows it deletes instead of scanning the table. Token families have no expiry; they go
 * with their last token.
 */
export const m008OAuthExpiryIndexes: Migration = {
  version: 8,
  name: 'oauth-expiry-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX oauth_authorization_requests_expires
        ON oauth_authorization_requests (expires_at);
      CREATE INDEX oauth_authorization_codes_expires ON oauth_authorization_codes (expires_at);
      CREATE INDEX oauth_access_tokens_expires ON oauth_access_tokens (expires_at);
      CREATE INDEX oauth_refresh_tokens_expires ON oauth_refresh_tokens (expires_at);
    `);
  },
};
