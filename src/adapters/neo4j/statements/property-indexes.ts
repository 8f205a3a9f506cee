import type { PropertyIndexes } from '../../../filters/indexes';
import type { SchemaStatement } from '../schema';
import { slotted } from '../statement';

/**
 * Range indexes for the declared node property keys (NODE_PROPERTY_INDEXES): `(workspaceId,
 * <key>)` on `:Entity`, so a list condition on the key (compiled as a static property
 * access) is an index seek within the workspace. Applied with the schema, IF NOT EXISTS.
 * Neo4j indexes relationship properties only per relationship type, which a list does not
 * know in advance, so EDGE_PROPERTY_INDEXES has no Neo4j index (edge property conditions
 * are evaluated on the edges the other conditions select).
 */
export const ENTITY_PROPERTY_INDEX = slotted(
  'entity-property-index',
  [],
  ['NAME_INDEX', 'PROPERTY_KEY'],
  'CREATE INDEX `__NAME_INDEX__` IF NOT EXISTS FOR (n:Entity) ON (n.workspaceId, n.`__PROPERTY_KEY__`)',
);

export const PROPERTY_INDEX_STATEMENTS = [ENTITY_PROPERTY_INDEX];

/** The schema statements of the declared indexes (added to cypher/schema's). */
export function propertyIndexSchema(indexes: PropertyIndexes): SchemaStatement[] {
  return indexes.node.map((key) => ({
    file: 'NODE_PROPERTY_INDEXES',
    text: ENTITY_PROPERTY_INDEX.fill({ NAME_INDEX: `entity_property_${key}`, PROPERTY_KEY: key })
      .text,
  }));
}
