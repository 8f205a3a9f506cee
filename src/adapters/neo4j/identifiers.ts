import { PROPERTY_KEY_PATTERN, TYPE_NAME_PATTERN } from '../../domain/properties';

/**
 * Labels and relationship types cannot be query parameters in Cypher 5, so entity and
 * edge types reach statements as text. This is the only way they do: checked against the
 * domain's pattern (letters, digits and _; no backtick can get through) and backtick-quoted.
 */
export function quoteIdentifier(name: string): string {
  if (!TYPE_NAME_PATTERN.test(name)) {
    throw new Error(`Not a valid label or relationship type: ${JSON.stringify(name)}`);
  }
  return `\`${name}\``;
}

/**
 * A property key as a quoted identifier (`` n.`rpm` ``), for the declared property indexes:
 * Neo4j's planner uses an index only for a static property access, not for `n[$key]`. The
 * key comes from the declared index list, checked against the property key pattern (no
 * backtick can get through).
 */
export function quotePropertyKey(key: string): string {
  if (!PROPERTY_KEY_PATTERN.test(key)) {
    throw new Error(`Not a valid property key: ${JSON.stringify(key)}`);
  }
  return `\`${key}\``;
}

/** An index name built from a prefix and a property key. */
const INDEX_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Quotes an index name (`entity_property_<key>`), checked like the other identifiers. */
export function quoteIndexName(name: string): string {
  if (!INDEX_NAME_PATTERN.test(name)) {
    throw new Error(`Not a valid index name: ${JSON.stringify(name)}`);
  }
  return `\`${name}\``;
}

/** The service's own labels: `_` and a capital letter, which no entity type can start with. */
const SYSTEM_LABEL_PATTERN = /^_[A-Z][A-Za-z0-9]{0,62}$/;

/**
 * Quotes one of the service's own labels given at run time (the vector store's, which
 * tests replace with one of their own), checked against the system label pattern.
 */
export function quoteSystemLabel(name: string): string {
  if (!SYSTEM_LABEL_PATTERN.test(name)) {
    throw new Error(`Not a valid system label: ${JSON.stringify(name)}`);
  }
  return `\`${name}\``;
}

/**
 * The label every entity carries beside its type label. An entity of type `Entity` has it
 * once; relabelling such a node must never remove it.
 */
export const ENTITY_LABEL = 'Entity';

/**
 * Labels of the service's own records. They start with `_`, which entity types cannot
 * (TYPE_NAME_PATTERN), so an entity type can never collide with them.
 */
export const SYSTEM_LABELS = {
  edgeRef: '_EdgeRef',
  commandLogEntry: '_CommandLogEntry',
  commandLogSequence: '_CommandLogSequence',
  idempotencyRecord: '_IdempotencyRecord',
  workspace: '_Workspace',
  apiKey: '_ApiKey',
  liveDataSource: '_LiveDataSource',
  webhookConnector: '_WebhookConnector',
  webhookEvent: '_WebhookEvent',
  webhookClaimLock: '_WebhookClaimLock',
  user: '_User',
  membership: '_Membership',
  oauthClient: '_OAuthClient',
  oauthRequest: '_OAuthRequest',
  oauthCode: '_OAuthCode',
  oauthTokenFamily: '_OAuthTokenFamily',
  oauthAccessToken: '_OAuthAccessToken',
  oauthRefreshToken: '_OAuthRefreshToken',
} as const;
