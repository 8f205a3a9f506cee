import Database from 'better-sqlite3';
import neo4j from 'neo4j-driver';
import type { Config } from '../../src/config/load-config';

/**
 * Stored records read and written behind the service's back, as any reader of the store, an
 * older version or a tampering database writer would: in the SQLite file of the service's
 * data dir, or on its Neo4j when `config` has NEO4J_URI.
 */

/** A connector's stored `secret` and `previousSecret`, as they are at rest. */
export interface RawConnectorSecrets {
  secret: string;
  previousSecret: string | null;
}

/** Runs one Cypher statement on the Neo4j of `config`; its records as plain objects. */
async function onNeo4j(
  settings: NonNullable<Config['neo4j']>,
  statement: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const driver = neo4j.driver(settings.uri, neo4j.auth.basic(settings.user, settings.password));
  try {
    const result = await driver.executeQuery(statement, params, {
      ...(settings.database ? { database: settings.database } : {}),
    });
    return result.records.map((record) => record.toObject());
  } finally {
    await driver.close();
  }
}

/** Runs `work` on the SQLite file of `config`'s data dir. */
function onSqlite<T>(config: Config, work: (db: Database.Database) => T): T {
  const db = new Database(config.sqlitePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** What the store holds for a connector's secrets. */
export async function readConnectorSecrets(
  config: Config,
  workspaceId: string,
  connectorId: string,
): Promise<RawConnectorSecrets> {
  if (config.neo4j) {
    const [row] = await onNeo4j(
      config.neo4j,
      `MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $connectorId})
       RETURN c.secret AS secret, c.previousSecret AS previousSecret`,
      { workspaceId, connectorId },
    );
    return row as unknown as RawConnectorSecrets;
  }
  const row = onSqlite(config, (db) =>
    db
      .prepare('SELECT secret, previous_secret FROM webhook_connectors WHERE id = ?')
      .get(connectorId),
  ) as { secret: string; previous_secret: string | null };
  return { secret: row.secret, previousSecret: row.previous_secret };
}

/** Overwrites a connector's stored secret with `secret`, as it is (no sealing). */
export async function writeConnectorSecret(
  config: Config,
  workspaceId: string,
  connectorId: string,
  secret: string,
): Promise<void> {
  if (config.neo4j) {
    await onNeo4j(
      config.neo4j,
      `MATCH (c:_WebhookConnector {workspaceId: $workspaceId, id: $connectorId})
       SET c.secret = $secret`,
      { workspaceId, connectorId, secret },
    );
    return;
  }
  onSqlite(config, (db) =>
    db.prepare('UPDATE webhook_connectors SET secret = ? WHERE id = ?').run(secret, connectorId),
  );
}

/** Overwrites a webhook event's stored payload with `payload`, as it is (no checks). */
export async function writeEventPayload(
  config: Config,
  workspaceId: string,
  eventId: string,
  payload: string,
): Promise<void> {
  if (config.neo4j) {
    await onNeo4j(
      config.neo4j,
      `MATCH (e:_WebhookEvent {workspaceId: $workspaceId, id: $eventId})
       SET e.payload = $payload`,
      { workspaceId, eventId, payload },
    );
    return;
  }
  onSqlite(config, (db) =>
    db.prepare('UPDATE webhook_events SET payload = ? WHERE id = ?').run(payload, eventId),
  );
}

/** Every stored access token, refresh token and authorization code of an OAuth client. */
export async function oauthGrantRecords(config: Config, clientId: string): Promise<unknown[]> {
  if (config.neo4j) {
    const rows = await onNeo4j(
      config.neo4j,
      `MATCH (x)
       WHERE (x:_OAuthAccessToken OR x:_OAuthRefreshToken OR x:_OAuthCode)
         AND x.clientId = $clientId
       RETURN properties(x) AS record`,
      { clientId },
    );
    return rows.map((row) => row.record);
  }
  // Tokens name their family, the family its client.
  return onSqlite(config, (db) => [
    ...db
      .prepare(
        `SELECT t.* FROM oauth_access_tokens t
         JOIN oauth_token_families f ON f.id = t.family_id WHERE f.client_id = ?`,
      )
      .all(clientId),
    ...db
      .prepare(
        `SELECT t.* FROM oauth_refresh_tokens t
         JOIN oauth_token_families f ON f.id = t.family_id WHERE f.client_id = ?`,
      )
      .all(clientId),
    ...db.prepare('SELECT * FROM oauth_authorization_codes WHERE client_id = ?').all(clientId),
  ]);
}
