import { CYPHER_TYPE_DEFS } from './cypher';
import { EVENTS_TYPE_DEFS } from './events';
import { GRAPH_TYPE_DEFS } from './graph';
import { LIVE_DATA_TYPE_DEFS } from './live-data';
import { ONTOLOGY_TYPE_DEFS } from './ontology';
import { SEARCH_TYPE_DEFS } from './search';

/**
 * The GraphQL schema of the mirror (docs/graphql.md), in SDL, one file per area.
 * `docs/api/schema.graphql` is the printed form of the schema built from this;
 * `npm run graphql:schema` regenerates it and test/unit/graphql/graphql-schema.test.ts fails when
 * the two drift apart.
 */
export const CORE_TYPE_DEFS = [
  GRAPH_TYPE_DEFS,
  ONTOLOGY_TYPE_DEFS,
  LIVE_DATA_TYPE_DEFS,
  SEARCH_TYPE_DEFS,
  CYPHER_TYPE_DEFS,
  EVENTS_TYPE_DEFS,
].join('\n');
