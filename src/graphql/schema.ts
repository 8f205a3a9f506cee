import { buildSchema, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { CommandService } from '../commands/command-service';
import type { LiveDataService } from '../live-data/live-data-service';
import type { OntologyService } from '../ontology/ontology-service';
import type { IndexStatus } from '../search/indexer';
import type { SearchService } from '../search/search-service';
import type { Clock } from '../ports/clock';
import type { GraphQueries } from '../queries/graph-queries';
import { commandResolvers } from './resolvers/command-resolvers';
import { graphResolvers } from './resolvers/graph-resolvers';
import type { ResolverMap } from './resolvers/inputs';
import { liveDataResolvers } from './resolvers/live-data-resolvers';
import { ontologyResolvers } from './resolvers/ontology-resolvers';
import { searchResolvers } from './resolvers/search-resolvers';
import { cypherResolvers } from './resolvers/cypher-resolvers';
import { eventResolvers } from './resolvers/event-resolvers';
import type { EventFeed } from '../events/event-feed';
import type { CypherService } from '../cypher/cypher-service';
import { CORE_TYPE_DEFS } from './type-defs';

/** The application services the resolvers call: the same ones the REST routes call. */
export interface GraphQLServices {
  queries: GraphQueries;
  cypher: CypherService;
  commands: CommandService;
  ontology: OntologyService;
  liveData: LiveDataService;
  search: SearchService;
  indexStatus: (workspaceId: string) => Promise<IndexStatus>;
  /** The change feed (Query.events, Subscription.events). */
  events: EventFeed;
  clock: Clock;
}

/** Merges resolver maps type by type; a field resolved twice is a programming error. */
export function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const target = (merged[type] ??= {});
      for (const [field, resolve] of Object.entries(fields)) {
        if (target[field]) {
          throw new Error(`${type}.${field} is resolved twice`);
        }
        target[field] = resolve;
      }
    }
  }
  return merged;
}

/**
 * Attaches `resolvers` to the fields of `schema`. Every resolver must name an existing
 * field, and every root field (Query, Mutation) must have a resolver: a field the schema
 * promises but nothing answers is caught here, at start-up.
 */
export function attachResolvers(schema: GraphQLSchema, resolvers: ResolverMap): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) {
      throw new Error(`Resolvers given for ${typeName}, which is not an object type`);
    }
    const typeFields = type.getFields();
    for (const [name, resolve] of Object.entries(fields)) {
      const field = typeFields[name];
      if (!field) {
        throw new Error(`Resolver given for ${typeName}.${name}, which is not in the schema`);
      }
      // The resolver's own parent/argument types hold for the values graphql-js passes in.
      if (typeof resolve === 'function') {
        field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
      } else {
        field.subscribe = resolve.subscribe as unknown as GraphQLFieldResolver<unknown, unknown>;
        field.resolve = resolve.resolve as unknown as GraphQLFieldResolver<unknown, unknown>;
      }
    }
  }
  for (const root of [
    schema.getQueryType(),
    schema.getMutationType(),
    schema.getSubscriptionType(),
  ]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.resolve) {
        throw new Error(`${root?.name}.${field.name} has no resolver`);
      }
    }
  }
  return schema;
}

/** The mirror's schema over the application services (the same on every engine). */
export function buildCoreSchema(services: GraphQLServices): GraphQLSchema {
  const schema = buildSchema(CORE_TYPE_DEFS);
  return attachResolvers(
    schema,
    mergeResolvers(
      graphResolvers(services.queries),
      commandResolvers(services.commands),
      ontologyResolvers(services.ontology),
      liveDataResolvers(services.liveData, services.clock),
      searchResolvers(services),
      cypherResolvers(services.cypher),
      eventResolvers(services.events),
    ),
  );
}
