import { cypher } from '../statement';

/**
 * Statements of the Cypher endpoint besides the analyst's own query (which is emitted from
 * its syntax tree, src/adapters/neo4j/cypher/).
 */

/**
 * The record ids of entities known by Neo4j's element ids (the ends of relationships in a
 * result), in the workspace only.
 */
export const NODE_IDS_BY_ELEMENT_IDS = cypher(
  'node-ids-by-element-ids',
  ['workspaceId', 'elementIds'],
  `
  UNWIND $elementIds AS elementId
  MATCH (n:Entity {workspaceId: $workspaceId})
  WHERE elementId(n) = elementId
  RETURN elementId, n.id AS id`,
);

export const CYPHER_ENDPOINT_STATEMENTS = [NODE_IDS_BY_ELEMENT_IDS];
