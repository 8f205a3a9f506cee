import type { Statement } from '../statement';
import { CHANGE_LOG_STATEMENTS } from './change-log';
import { EVENT_SUBSCRIPTION_STATEMENTS } from './event-subscriptions';
import { RESEAL_STATEMENTS } from './reseal';
import { COMMAND_LOG_STATEMENTS } from './command-log';
import { CYPHER_ENDPOINT_STATEMENTS } from './cypher-endpoint';
import { GRAPH_STATEMENTS } from './graph';
import { IMPORT_STATEMENTS } from './imports';
import { LIVE_DATA_STATEMENTS } from './live-data';
import { listStatementsForLint } from './list-shapes';
import { PROPERTY_INDEX_STATEMENTS } from './property-indexes';
import { MAINTENANCE_STATEMENTS } from './maintenance';
import { ONTOLOGY_STATEMENTS } from './ontology';
import { SYSTEM_STATEMENTS } from './system';
import { OAUTH_CLIENT_STATEMENTS } from './oauth-clients';
import { OAUTH_GRANT_STATEMENTS } from './oauth-grants';
import { OAUTH_TOKEN_STATEMENTS } from './oauth-tokens';
import { USER_STATEMENTS } from './users';
import { SEARCH_STATEMENTS } from './search';
import { VECTOR_STATEMENTS } from './vectors';
import { WEBHOOK_STATEMENTS } from './webhooks';

/**
 * Every Cypher statement the Neo4j adapters can send, for
 * `test/unit/adapters/neo4j/cypher-lint.test.ts`.
 * Slotted statements appear as templates (their slots are valid quoted identifiers);
 * composed list statements appear in every shape the lint test must see.
 */
export function allStatements(): Statement[] {
  return [
    ...GRAPH_STATEMENTS,
    ...listStatementsForLint(),
    ...COMMAND_LOG_STATEMENTS,
    ...SYSTEM_STATEMENTS,
    ...LIVE_DATA_STATEMENTS,
    ...IMPORT_STATEMENTS,
    ...WEBHOOK_STATEMENTS,
    ...USER_STATEMENTS,
    ...OAUTH_CLIENT_STATEMENTS,
    ...OAUTH_GRANT_STATEMENTS,
    ...OAUTH_TOKEN_STATEMENTS,
    ...MAINTENANCE_STATEMENTS,
    ...SEARCH_STATEMENTS,
    ...VECTOR_STATEMENTS,
    ...PROPERTY_INDEX_STATEMENTS,
    ...ONTOLOGY_STATEMENTS,
    ...CYPHER_ENDPOINT_STATEMENTS,
    ...CHANGE_LOG_STATEMENTS,
    ...EVENT_SUBSCRIPTION_STATEMENTS,
    ...RESEAL_STATEMENTS,
  ];
}
