import { cypher, type Statement } from '../statement';

/** The two statements of one label's re-encryption pass. */
export interface ResealStatements {
  candidates: Statement<'prefix' | 'afterId' | 'afterWorkspaceId' | 'limit'>;
  rewrite: Statement<'rewrites'>;
}

/**
 * The re-encryption statements of nodes of `label` (one of the service's own, holding
 * `secret` and `previousSecret`): the nodes with a secret not sealed under the current key,
 * after the pass's place; and the rewrite, which takes each node's write lock before it
 * checks that its secrets are still those read, so a rotation in between is never undone.
 */
function resealStatementsFor(label: '_WebhookConnector' | '_EventSubscription'): ResealStatements {
  const name = label === '_WebhookConnector' ? 'webhook-connectors' : 'subscriptions';
  return {
    candidates: cypher(
      `${name}-to-reseal`,
      ['prefix', 'afterId', 'afterWorkspaceId', 'limit'],
      `
      MATCH (c:${label})
      WHERE (c.id > $afterId OR (c.id = $afterId AND c.workspaceId > $afterWorkspaceId))
        AND (NOT c.secret STARTS WITH $prefix
          OR (c.previousSecret IS NOT NULL AND NOT c.previousSecret STARTS WITH $prefix))
      RETURN c.workspaceId AS workspaceId, c.id AS id, c.secret AS secret,
        c.previousSecret AS previousSecret
      ORDER BY c.id, c.workspaceId
      LIMIT $limit`,
    ),
    rewrite: cypher(
      `${name}-reseal`,
      ['rewrites'],
      `
      UNWIND $rewrites AS r
      MATCH (c:${label} {workspaceId: r.workspaceId, id: r.id})
      SET c.\`~lock\` = true
      REMOVE c.\`~lock\`
      WITH c, r
      WHERE c.secret = r.expectedSecret
        AND coalesce(c.previousSecret, '') = coalesce(r.expectedPrevious, '')
      SET c.secret = r.secret, c.previousSecret = r.previousSecret
      RETURN count(c) AS resealed`,
    ),
  };
}

/** Webhook connectors' secrets (`secret`, `previousSecret`). */
export const CONNECTOR_RESEAL = resealStatementsFor('_WebhookConnector');

/** Outbound webhook subscriptions' secrets. */
export const SUBSCRIPTION_RESEAL = resealStatementsFor('_EventSubscription');

export const RESEAL_STATEMENTS = [
  CONNECTOR_RESEAL.candidates,
  CONNECTOR_RESEAL.rewrite,
  SUBSCRIPTION_RESEAL.candidates,
  SUBSCRIPTION_RESEAL.rewrite,
];
