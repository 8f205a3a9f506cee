import { z } from 'zod';
import type { GraphEdge, GraphNode } from '../domain/graph';
import { propertiesSchema, recordId, typeName } from '../domain/properties';
import { isUuid, PLANS, type Workspace } from '../domain/workspace';

/**
 * The workspace export format (docs/neo4j.md, "Moving up"): NDJSON, one JSON object per
 * line, in this order:
 *
 *   {"kind":"workspace","format":"workspace-ontology-export","version":1,"exportedAt":...,"workspace":{...}}
 *   {"kind":"node", ...GraphNode}      every node, by id
 *   {"kind":"edge", ...GraphEdge}      every edge, by id (after all nodes: imports stream)
 *   {"kind":"end","nodes":N,"edges":M} so a truncated file is refused
 *
 * Records are exactly as stored: ids, versions and timestamps included. The command log,
 * idempotency records and API keys are not exported (see docs/neo4j.md).
 */
export const EXPORT_FORMAT = 'workspace-ontology-export';
export const EXPORT_VERSION = 1;

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
    version: z.literal(EXPORT_VERSION),
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

const endLine = z
  .object({
    kind: z.literal('end'),
    nodes: z.number().int().min(0),
    edges: z.number().int().min(0),
  })
  .strict();

/** Any line of an export. */
export const exportLineSchema = z.discriminatedUnion('kind', [
  headerLine,
  nodeLine,
  edgeLine,
  endLine,
]);

export type ExportLine = z.infer<typeof exportLineSchema>;
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

/** A node's line: the record with `kind` first. */
export function nodeLineOf(node: GraphNode): ExportLine {
  return { kind: 'node', ...node };
}

/** An edge's line: the record with `kind` first. */
export function edgeLineOf(edge: GraphEdge): ExportLine {
  return { kind: 'edge', ...edge };
}
