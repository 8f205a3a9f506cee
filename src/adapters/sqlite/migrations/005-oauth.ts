import type { Migration } from './index';

/**
 * Users, workspace memberships and OAuth 2.0 (docs/oauth.md): clients, pending authorization
 * requests, authorization codes and token families.
 *
 * - Codes and tokens are stored only as SHA-256 hashes (`*_hash`, unique): a copy of the
 *   database does not let anyone act as a user.
 * - A token family groups every token descending from one authorization code. Revoking
 *   the family (sign-out, or a replayed code or refresh token) revokes them all with one
 *   row update; a token is valid only while neither it nor its family is revoked.
 * - Deleting a client or a user cascades to everything issued to them.
 */
export const m005OAuth: Migration = {
  version: 5,
  name: 'oauth',
  up(db) {
    db.exec(`
      CREATE TABLE users (
        id             TEXT PRIMARY KEY,
        email          TEXT NOT NULL UNIQUE,
        password_hash  TEXT NOT NULL,
        created_at     TEXT NOT NULL
      ) STRICT;
      CREATE INDEX users_created ON users (created_at, id);

      CREATE TABLE user_memberships (
        user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workspace_id  TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        scopes        TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        PRIMARY KEY (user_id, workspace_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX user_memberships_workspace ON user_memberships (workspace_id, user_id);

      CREATE TABLE oauth_clients (
        id            TEXT PRIMARY KEY,
        workspace_id  TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        redirect_uri  TEXT NOT NULL,
        scopes        TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        created_by    TEXT
      ) STRICT;
      CREATE INDEX oauth_clients_workspace ON oauth_clients (workspace_id, created_at, id);
      CREATE INDEX oauth_clients_created ON oauth_clients (created_at, id);

      CREATE TABLE oauth_authorization_requests (
        id              TEXT PRIMARY KEY,
        client_id       TEXT NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        redirect_uri    TEXT NOT NULL,
        scopes          TEXT NOT NULL,
        state           TEXT NOT NULL,
        code_challenge  TEXT NOT NULL,
        browser_hash    TEXT NOT NULL,
        user_id         TEXT REFERENCES users (id) ON DELETE CASCADE,
        created_at      TEXT NOT NULL,
        expires_at      TEXT NOT NULL,
        completed_at    TEXT
      ) STRICT;
      CREATE INDEX oauth_authorization_requests_client ON oauth_authorization_requests (client_id);
      CREATE INDEX oauth_authorization_requests_user ON oauth_authorization_requests (user_id);

      CREATE TABLE oauth_authorization_codes (
        id                     TEXT PRIMARY KEY,
        code_hash              TEXT NOT NULL UNIQUE,
        client_id              TEXT NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id                TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        redirect_uri           TEXT NOT NULL,
        scopes                 TEXT NOT NULL,
        code_challenge         TEXT NOT NULL,
        code_challenge_method  TEXT NOT NULL CHECK (code_challenge_method = 'S256'),
        created_at             TEXT NOT NULL,
        expires_at             TEXT NOT NULL,
        consumed_at            TEXT,
        revoked_at             TEXT
      ) STRICT;
      CREATE INDEX oauth_authorization_codes_client ON oauth_authorization_codes (client_id);
      CREATE INDEX oauth_authorization_codes_user ON oauth_authorization_codes (user_id);

      CREATE TABLE oauth_token_families (
        id                     TEXT PRIMARY KEY,
        client_id              TEXT NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id                TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        authorization_code_id  TEXT NOT NULL,
        created_at             TEXT NOT NULL,
        revoked_at             TEXT,
        revoked_reason         TEXT
      ) STRICT;
      CREATE INDEX oauth_token_families_code ON oauth_token_families (authorization_code_id);
      CREATE INDEX oauth_token_families_client ON oauth_token_families (client_id);
      CREATE INDEX oauth_token_families_user ON oauth_token_families (user_id);

      CREATE TABLE oauth_access_tokens (
        id          TEXT PRIMARY KEY,
        token_hash  TEXT NOT NULL UNIQUE,
        family_id   TEXT NOT NULL REFERENCES oauth_token_families (id) ON DELETE CASCADE,
        scopes      TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        expires_at  TEXT NOT NULL,
        revoked_at  TEXT
      ) STRICT;
      CREATE INDEX oauth_access_tokens_family ON oauth_access_tokens (family_id);

      CREATE TABLE oauth_refresh_tokens (
        id          TEXT PRIMARY KEY,
        token_hash  TEXT NOT NULL UNIQUE,
        family_id   TEXT NOT NULL REFERENCES oauth_token_families (id) ON DELETE CASCADE,
        scopes      TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        expires_at  TEXT NOT NULL,
        rotated_at  TEXT,
        revoked_at  TEXT
      ) STRICT;
      CREATE INDEX oauth_refresh_tokens_family ON oauth_refresh_tokens (family_id);
    `);
  },
};
