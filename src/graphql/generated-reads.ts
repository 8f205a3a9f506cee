import {
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import type { GeneratedGraphQLReads } from '../ports/graphql-reads';
import { requireScope, type GraphQLContext } from './context';

/**
 * Scope check and error translation around a generated field: the engine says what a read
 * that failed answers (`GeneratedGraphQLReads.readError`).
 */
function guarded(
  field: GraphQLFieldConfig<unknown, GraphQLContext>,
  reads: GeneratedGraphQLReads,
): GraphQLFieldConfig<unknown, GraphQLContext> {
  const resolve = field.resolve;
  if (!resolve) {
    throw new Error('a generated root field has no resolver');
  }
  return {
    ...field,
    resolve: async (source, args, ctx, info) => {
      requireScope(ctx, 'read:nodes');
      try {
        return await resolve(source, args, ctx, info);
      } catch (error) {
        throw reads.readError(error, ctx);
      }
    },
  };
}

/**
 * The core schema plus the engine's generated read fields (and the types they use) on its
 * Query type (Neo4j mode, docs/graphql.md). Type names of the two must not collide; the
 * core schema avoids the generated ones.
 */
export async function withGeneratedReads(
  core: GraphQLSchema,
  reads: GeneratedGraphQLReads,
): Promise<GraphQLSchema> {
  const engineSchema = await reads.buildSchema();
  const coreConfig = core.toConfig();
  const coreQuery = core.getQueryType();
  const engineQuery = engineSchema.getQueryType();
  if (!coreQuery || !engineQuery) {
    throw new Error('both schemas need a Query type');
  }
  const generated = engineQuery.toConfig().fields as GraphQLFieldConfigMap<unknown, GraphQLContext>;
  const extra: GraphQLFieldConfigMap<unknown, GraphQLContext> = {};
  for (const name of reads.fields) {
    const field = generated[name];
    if (!field) {
      throw new Error(`the generated schema has no Query.${name}`);
    }
    extra[name] = guarded(field, reads);
  }
  const queryConfig = coreQuery.toConfig();
  const query = new GraphQLObjectType({
    ...queryConfig,
    fields: { ...queryConfig.fields, ...extra },
  });
  const seen = new Set(coreConfig.types.map((t) => t.name));
  const engineTypes: GraphQLNamedType[] = engineSchema
    .toConfig()
    .types.filter((t) => !t.name.startsWith('__') && t !== engineQuery && !seen.has(t.name));
  return new GraphQLSchema({
    ...coreConfig,
    query,
    types: [...coreConfig.types.filter((t) => t !== coreQuery), ...engineTypes],
  });
}
