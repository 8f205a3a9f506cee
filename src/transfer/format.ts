import { z } from 'zod';
import type { GraphEdge, GraphNode } from '../domain/graph';
import type { OntologySettings, StoredType } from '../domain/ontology';
import { propertiesSchema, recordId, typeName } from '../domain/properties';
import { isUuid, PLANS, type Workspace } from '../domain/workspace';
import { entityTypeSchema, relationshipTypeSchema } from '../ontology/definition-schema';

/**
 * The workspace export format (docs/cli.md, "Export and import"): NDJSON, one JSON object
 * per line, in this order:
 *
 *   {"kind":"workspace","format":"workspace-ontology-export","version":2,"exportedAt":...,"workspace":{...}}
 *   {"kind":"entityType","name":...,...definition,"version":..}   every entity type, by name
 *   {"kind":"relationshipType",...}    every relationship type, by name
 *   {"kind":"ontology","strictOntology":true}  the settings, when the ontology ever changed
 *   {"kind":"node", ...GraphNode}      every node, by id
 *   {"kind":"edge", ...GraphEdge}      every edge, by id (after all nodes: imports stream)
 *   {"kind":"end","nodes":N,"edges":M,"types":T} so a truncated file is refused
 *
 * Records and types are exactly as stored: ids, versions and timestamps included. The
 * command log, idempotency records and API keys are not exported (see docs/neo4j.md).
 *
 * Version 2 added the type and ontology lines (and `types` on the end line); version 1 files
 * have none of them and import as before.
 */
export const EXPORT_FORMAT = 'workspace-ontology-export';
export const EXPORT_VERSION = 2;
/** Every version this service reads. */
const READABLE_VERSIONS = [1, 2] as const;

/** Instants as the service writes them (`toISOString()`), so every engine keeps them exactly. */
const instant = z
  .string()
  .refine(
    (v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString() === v,
    'must be an ISO-8601 UTC instant with milliseconds, as toISOString() writes it',
  );

const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const name = z.string().min(1).max(1000);

const workspaceSchema = z
  .object({
    id: z.string().refine(isUuid, 'must be a UUID'),
    name: z.string().min(1).max(200),
    plan: z.enum(PLANS),
    limits: z
      .object({ perMinute: z.number().int().positive(), perDay: z.number().int().positive() })
      .strict()
      .nullable(),
    createdAt: instant,
  })
  .strict();

const headerLine = z
  .object({
    kind: z.literal('workspace'),
    format: z.literal(EXPORT_FORMAT),
    version: z.union(READABLE_VERSIONS.map((v) => z.literal(v))),
    exportedAt: instant,
    workspace: workspaceSchema,
  })
  .strict();

const nodeLine = z
  .object({
    kind: z.literal('node'),
    id: recordId,
    entityType: typeName('entityType'),
    name,
    properties: propertiesSchema('node'),
    version,
    createdAt: instant,
    updatedAt: instant,
  })
  .strict();

const edgeLine = z
  .object({
    kind: z.literal('edge'),
    id: recordId,
    type: typeName('type'),
    sourceId: recordId,
    targetId: recordId,
    properties: propertiesSchema('edge'),
    version,
    createdAt: instant,
    updatedAt: instant,
  })
  .strict();

/**
 * A type line: the type's name, version and timestamps beside its definition, which the
 * schema of PUT /api/ontology/... checks (so a file can never define what the API refuses).
 */
function typeLine<K extends 'entityType' | 'relationshipType', S extends z.ZodType>(
  kind: K,
  definitionSchema: S,
) {
  return z
    .looseObject({
      kind: z.literal(kind),
      name: typeName('name'),
      version,
      createdAt: instant,
      updatedAt: instant,
    })
    .transform((line, ctx) => {
      const { kind: _kind, name, version: v, createdAt, updatedAt, ...definition } = line;
      const parsed = definitionSchema.safeParse(definition);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
        return z.NEVER;
      }
      const parsedDefinition: z.output<S> = parsed.data;
      return { kind, name, version: v, createdAt, updatedAt, definition: parsedDefinition };
    });
}

const entityTypeLine = typeLine('entityType', entityTypeSchema);
const relationshipTypeLine = typeLine('relationshipType', relationshipTypeSchema);

const ontologyLine = z
  .object({ kind: z.literal('ontology'), strictOntology: z.boolean() })
  .strict();

const endLine = z
  .object({
    kind: z.literal('end'),
    nodes: z.number().int().min(0),
    edges: z.number().int().min(0),
    types: z.number().int().min(0).optional(),
  })
  .strict();

/** Any line of an export. */
export const exportLineSchema = z.discriminatedUnion('kind', [
  headerLine,
  entityTypeLine,
  relationshipTypeLine,
  ontologyLine,
  nodeLine,
  edgeLine,
  endLine,
]);

export type ExportLine = z.input<typeof exportLineSchema>;
export type ParsedLine = z.output<typeof exportLineSchema>;
export type HeaderLine = z.infer<typeof headerLine>;

/** The header line of an export of `workspace`. */
export function headerOf(workspace: Workspace, exportedAt: string): HeaderLine {
  return {
    kind: 'workspace',
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      limits: workspace.limits,
      createdAt: workspace.createdAt,
    },
  };
}

/** A type's line: kind and name first, then the definition, then version and timestamps. */
export function typeLineOf(type: StoredType): ExportLine {
  const stamps = { version: type.version, createdAt: type.createdAt, updatedAt: type.updatedAt };
  return type.kind === 'entity'
    ? { kind: 'entityType', name: type.name, ...type.definition, ...stamps }
    : { kind: 'relationshipType', name: type.name, ...type.definition, ...stamps };
}

/** The ontology settings' line. */
export function ontologyLineOf(settings: OntologySettings): ExportLine {
  return { kind: 'ontology', strictOntology: settings.strictOntology };
}

/** A type as stored, from its parsed line. */
export function storedTypeOf(
  line: Extract<ParsedLine, { kind: 'entityType' | 'relationshipType' }>,
): StoredType {
  const stamps = { version: line.version, createdAt: line.createdAt, updatedAt: line.updatedAt };
  return line.kind === 'entityType'
    ? { kind: 'entity', name: line.name, definition: line.definition, ...stamps }
    : { kind: 'relationship', name: line.name, definition: line.definition, ...stamps };
}

/** A node's line: the record with `kind` first. */
export function nodeLineOf(node: GraphNode): ExportLine {
  return { kind: 'node', ...node };
}

/** An edge's line: the record with `kind` first. */
export function edgeLineOf(edge: GraphEdge): ExportLine {
  return { kind: 'edge', ...edge };
}
