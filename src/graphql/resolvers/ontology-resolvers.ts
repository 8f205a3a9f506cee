import { z } from 'zod';
import type { StoredType, TypeKind } from '../../domain/ontology';
import { typeName } from '../../domain/properties';
import { parseInput } from '../../parse-input';
import { entityTypeSchema, relationshipTypeSchema } from '../../ontology/definition-schema';
import type { OntologyService, TypeInput } from '../../ontology/ontology-service';
import { settingsView } from '../../ontology/views';
import { requireScope, type GraphQLContext } from '../context';
import { asArguments } from '../errors';
import type { ResolverMap } from './inputs';

const nameArgs = z.object({ name: typeName('name') });

/** The name argument, or a VALIDATION_ERROR naming `args.name`. */
function nameOf(args: { name: string }): string {
  return asArguments(() => parseInput(nameArgs, { name: args.name }, 'body').name);
}

/** A type in the GraphQL shape: properties as a list, ends as lists (null for any). */
function graphqlType(type: StoredType) {
  const d = type.definition;
  const properties = Object.entries(d.properties).map(([key, p]) => ({
    key,
    ...p,
    required: p.required === true,
    unique: p.unique === true,
  }));
  const common = {
    name: type.name,
    description: d.description ?? null,
    properties,
    additionalProperties: d.additionalProperties,
    version: type.version,
    createdAt: type.createdAt,
    updatedAt: type.updatedAt,
    definition: d,
  };
  if (type.kind === 'entity') {
    return { ...common, titleProperty: type.definition.titleProperty ?? null };
  }
  const r = type.definition;
  return {
    ...common,
    source: r.source === 'any' ? null : r.source,
    target: r.target === 'any' ? null : r.target,
    cardinality: r.cardinality ?? { source: 'many', target: 'many' },
  };
}

/** Parses a definition argument with the REST schema; issues name `args.definition`. */
function inputOf(kind: TypeKind, name: string, definition: unknown): TypeInput {
  const renames = [[/^body(?=\.|$)/, 'args.definition']] as const;
  return asArguments(
    () =>
      kind === 'entity'
        ? { kind, name, definition: parseInput(entityTypeSchema, definition, 'body') }
        : { kind, name, definition: parseInput(relationshipTypeSchema, definition, 'body') },
    renames,
  );
}

interface PutArgs {
  name: string;
  definition: unknown;
  validateExisting?: boolean | null;
}

/**
 * The ontology's types over GraphQL: the same OntologyService as the REST routes, so
 * definitions, checks of existing records and errors are identical.
 */
export function ontologyResolvers(ontology: OntologyService): ResolverMap {
  const read = async (ctx: GraphQLContext, kind: TypeKind, name: string) => {
    requireScope(ctx, 'read:nodes');
    return graphqlType(await ontology.getType(ctx.workspaceId, kind, nameOf({ name })));
  };
  const put = async (ctx: GraphQLContext, kind: TypeKind, args: PutArgs) => {
    requireScope(ctx, 'write:ontology');
    const input = inputOf(kind, nameOf(args), args.definition);
    const result = await ontology.putType(ctx.workspaceId, input, {
      validateExisting: args.validateExisting ?? true,
      actorId: ctx.principal.actorId,
    });
    const shown = graphqlType(result.type);
    return {
      created: result.created,
      entityType: kind === 'entity' ? shown : null,
      relationshipType: kind === 'relationship' ? shown : null,
    };
  };
  const remove = async (ctx: GraphQLContext, kind: TypeKind, args: { name: string }) => {
    requireScope(ctx, 'write:ontology');
    const deleted = await ontology.deleteType(ctx.workspaceId, kind, nameOf(args), {
      actorId: ctx.principal.actorId,
    });
    return { name: deleted.name, deleted: true };
  };
  return {
    Query: {
      ontology: async (_root, _args, ctx) => {
        requireScope(ctx, 'read:nodes');
        const snapshot = await ontology.read(ctx.workspaceId);
        return {
          settings: settingsView(snapshot.settings),
          entityTypes: snapshot.types.filter((t) => t.kind === 'entity').map(graphqlType),
          relationshipTypes: snapshot.types
            .filter((t) => t.kind === 'relationship')
            .map(graphqlType),
        };
      },
      entityType: (_root, args: { name: string }, ctx) => read(ctx, 'entity', args.name),
      relationshipType: (_root, args: { name: string }, ctx) =>
        read(ctx, 'relationship', args.name),
    },
    Mutation: {
      putEntityType: (_root, args: PutArgs, ctx) => put(ctx, 'entity', args),
      putRelationshipType: (_root, args: PutArgs, ctx) => put(ctx, 'relationship', args),
      deleteEntityType: (_root, args: { name: string }, ctx) => remove(ctx, 'entity', args),
      deleteRelationshipType: (_root, args: { name: string }, ctx) =>
        remove(ctx, 'relationship', args),
      setOntologySettings: async (
        _root,
        args: { strictOntology: boolean; validateExisting?: boolean | null },
        ctx,
      ) => {
        requireScope(ctx, 'write:ontology');
        const settings = await ontology.setSettings(ctx.workspaceId, args.strictOntology, {
          validateExisting: args.validateExisting ?? true,
          actorId: ctx.principal.actorId,
        });
        return settingsView(settings);
      },
    },
  };
}
