import type { Logger } from 'pino';
import { NO_PROPERTY_INDEXES, type PropertyIndexes } from '../../filters/indexes';
import type { HealthCheck } from '../../ports/health';
import type { SecretBox } from '../../secrets/secret-box';
import { Neo4jApiKeyStore } from './api-key-store';
import { Neo4jClient, Neo4jHealthCheck, type Neo4jSettings } from './client';
import { Neo4jConnectorStore } from './connector-store';
import { Neo4jCypherEngine } from './cypher/index';
import { Neo4jGraphStore } from './graph-store';
import { Neo4jChangeLogStore } from './change-log';
import { Neo4jEventSubscriptionStore } from './event-subscription-store';
import { Neo4jImportStore } from './import-store';
import { Neo4jIndexOutbox } from './index-outbox';
import { Neo4jLiveDataSourceStore } from './live-data-source-store';
import { Neo4jOAuthClientStore } from './oauth-client-store';
import { Neo4jOAuthGrantStore } from './oauth-grant-store';
import { Neo4jOntologyStore } from './ontology-store';
import { loadSchema } from './schema';
import { propertyIndexSchema } from './statements/property-indexes';
import { Neo4jUserStore } from './user-store';
import { Neo4jWorkspaceStore } from './workspace-store';

/** After a connection failure, requests are answered 503 at once for this long. */
const OUTAGE_COOLDOWN_MS = 1000;

/** The Neo4j-backed stores the container wires when NEO4J_URI is set. */
export interface Neo4jStores {
  client: Neo4jClient;
  graph: Neo4jGraphStore;
  /** The search outbox the graph writer fills (docs/search.md). */
  indexOutbox: Neo4jIndexOutbox;
  workspaces: Neo4jWorkspaceStore;
  apiKeys: Neo4jApiKeyStore;
  liveDataSources: Neo4jLiveDataSourceStore;
  imports: Neo4jImportStore;
  changeLog: Neo4jChangeLogStore;
  eventSubscriptions: Neo4jEventSubscriptionStore;
  ontology: Neo4jOntologyStore;
  connectors: Neo4jConnectorStore;
  users: Neo4jUserStore;
  oauthClients: Neo4jOAuthClientStore;
  oauthGrants: Neo4jOAuthGrantStore;
  /** Analysts' read-only Cypher, confined to one workspace (docs/neo4j.md). */
  cypher: Neo4jCypherEngine;
  healthCheck: HealthCheck;
  close(): Promise<void>;
}

/**
 * Opens the driver and the stores over it. Nothing connects yet: the schema is applied and
 * the first connection made on first use, so the service starts (and `/ready` says what is
 * wrong) even while Neo4j is still coming up. `secrets` seals the secrets stored at rest
 * (webhook connectors').
 */
export function openNeo4jStores(
  settings: Omit<Neo4jSettings, 'outageCooldownMs'> & { outageCooldownMs?: number },
  logger: Logger,
  secrets: SecretBox,
  propertyIndexes: PropertyIndexes = NO_PROPERTY_INDEXES,
): Neo4jStores {
  const client = Neo4jClient.open(
    { ...settings, outageCooldownMs: settings.outageCooldownMs ?? OUTAGE_COOLDOWN_MS },
    logger,
    () => [...loadSchema(), ...propertyIndexSchema(propertyIndexes)],
  );
  return {
    client,
    graph: new Neo4jGraphStore(client, propertyIndexes),
    indexOutbox: new Neo4jIndexOutbox(client),
    workspaces: new Neo4jWorkspaceStore(client),
    apiKeys: new Neo4jApiKeyStore(client),
    liveDataSources: new Neo4jLiveDataSourceStore(client),
    imports: new Neo4jImportStore(client),
    changeLog: new Neo4jChangeLogStore(client),
    eventSubscriptions: new Neo4jEventSubscriptionStore(client, secrets),
    ontology: new Neo4jOntologyStore(client),
    connectors: new Neo4jConnectorStore(client, secrets),
    users: new Neo4jUserStore(client),
    oauthClients: new Neo4jOAuthClientStore(client),
    oauthGrants: new Neo4jOAuthGrantStore(client),
    cypher: new Neo4jCypherEngine(client, propertyIndexes),
    healthCheck: new Neo4jHealthCheck(client),
    close: () => client.close(),
  };
}
