import type { GraphEdge, GraphNode, Properties, RecordKind } from '../domain/graph';
import type { UniqueValue } from '../domain/ontology';
import type { ValidationIssue } from '../errors';
import type { UnitOfWork } from '../ports/graph-store';
import type { CompiledSchema, CompiledType } from './compiled-schema';
import type { SchemaCache } from './schema-cache';

/**
 * A way a record breaks its type. `conflict` marks what depends on other records (a
 * `unique` value another record holds, a `one` end that already has its edge): the record
 * alone is fine, the data around it is not.
 */
export interface TypeViolation extends ValidationIssue {
  conflict?: true;
}

const NONE: readonly TypeViolation[] = Object.freeze([]);

/**
 * A record's properties against its type. A record of no defined type is a violation
 * (`undefinedType`) only in a workspace that allows only defined types.
 */
function checkAgainstType(
  strict: boolean,
  type: CompiledType | undefined,
  record: { properties: Properties },
  undefinedType: TypeViolation,
): readonly TypeViolation[] {
  if (!type) {
    return strict
      ? [
          {
            path: undefinedType.path,
            message: `${undefinedType.message}, and the workspace allows only defined types (strictOntology)`,
          },
        ]
      : NONE;
  }
  const out: TypeViolation[] = [];
  type.checkProperties(record.properties, out);
  return out;
}

type End = 'source' | 'target';
const ENDS: readonly End[] = ['source', 'target'];

function endsText(types: ReadonlySet<string>): string {
  return [...types].join(' or ');
}

/** A node or an edge as far as its type is concerned. */
interface TypedRecord {
  id: string;
  typeName: string;
  properties: Properties;
}

const typedNode = (node: GraphNode | null): TypedRecord | null =>
  node && { id: node.id, typeName: node.entityType, properties: node.properties };

const typedEdge = (edge: GraphEdge | null): TypedRecord | null =>
  edge && { id: edge.id, typeName: edge.type, properties: edge.properties };

/** The values the record holds in `unique` properties of its type. */
function uniqueValuesOf(
  kind: RecordKind,
  types: ReadonlyMap<string, CompiledType>,
  record: TypedRecord | null,
): UniqueValue[] {
  const type = record ? types.get(record.typeName) : undefined;
  if (!record || !type) {
    return [];
  }
  return type
    .uniqueKeys(record.properties)
    .map((key) => ({ kind, typeName: record.typeName, ...key, recordId: record.id }));
}

const valueText = (v: UniqueValue) => `${v.typeName}\u0000${v.property}\u0000${v.value}`;

/**
 * The ontology's rules applied to the records one transaction writes (docs/ontology.md,
 * "Types"). Every writer of records goes through it: the command handlers (so REST,
 * batches, GraphQL and webhook ingestion), UNDO/REDO and imports. Two steps per write:
 *
 * - `checkNode`/`checkEdge` before the write: the record alone against its type (property
 *   types and constraints, required and undeclared properties, an undefined type in a
 *   strict workspace);
 * - `nodeWritten`/`edgeWritten` after it: the unique index (values claimed and released in
 *   this transaction, so two concurrent writers of one value cannot both succeed), the end
 *   types and cardinality of edges (counted after the insert, which holds the ends' locks on
 *   Neo4j), and a node's new entity type against the relationship types of its edges.
 *
 * The schema is read once per transaction (a point read of the ontology's revision; see
 * SchemaCache), so in a workspace without types the cost is that one read.
 */
export class TypeEnforcer {
  private schema: Promise<CompiledSchema> | null = null;

  /**
   * @param uniqueOnly hold records only to what the store itself must keep, the unique index
   *   (a value held by another record is still a conflict), and take them otherwise as they
   *   are: property rules, strictOntology, end types, cardinality and a retyped node's edges
   *   are not checked. For imports of records kept by `validateExisting=false`.
   */
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaceId: string,
    private readonly cache: SchemaCache,
    private readonly uniqueOnly = false,
  ) {}

  /** The schema in force in this transaction. */
  current(): Promise<CompiledSchema> {
    this.schema ??= this.cache.load(this.workspaceId, this.uow.ontology);
    return this.schema;
  }

  /** Reads the schema again on next use: the ontology changed in this transaction. */
  invalidate(): void {
    this.schema = null;
  }

  /** The node alone against its entity type. */
  async checkNode(node: GraphNode): Promise<readonly TypeViolation[]> {
    if (this.uniqueOnly) {
      return NONE;
    }
    const schema = await this.current();
    return checkAgainstType(schema.strict, schema.entityTypes.get(node.entityType), node, {
      path: 'entityType',
      message: `${node.entityType} is not a defined entity type`,
    });
  }

  /** The edge alone against its relationship type (its ends are checked once it exists). */
  async checkEdge(edge: GraphEdge): Promise<readonly TypeViolation[]> {
    if (this.uniqueOnly) {
      return NONE;
    }
    const schema = await this.current();
    return checkAgainstType(schema.strict, schema.relationshipTypes.get(edge.type), edge, {
      path: 'type',
      message: `${edge.type} is not a defined relationship type`,
    });
  }

  /**
   * Whether `edgeWritten` counts the edges of this type at an edge's ends (a `one`
   * cardinality), so that its outcome depends on the edges written before the check: such
   * an edge cannot share a bulk insert with the edges after it.
   */
  async countsEdgesAtEnds(type: string): Promise<boolean> {
    if (this.uniqueOnly) {
      return false;
    }
    const cardinality = (await this.current()).relationshipTypes.get(type)?.cardinality;
    return cardinality?.source === 'one' || cardinality?.target === 'one';
  }

  /** After a node went from `before` to `after` (null: absent). */
  async nodeWritten(
    before: GraphNode | null,
    after: GraphNode | null,
  ): Promise<readonly TypeViolation[]> {
    const schema = await this.current();
    if (schema.entityTypes.size === 0 && schema.relationshipTypes.size === 0) {
      return NONE;
    }
    const out: TypeViolation[] = [];
    await this.updateUnique('node', schema.entityTypes, typedNode(before), typedNode(after), out);
    if (!this.uniqueOnly && before && after && before.entityType !== after.entityType) {
      await this.checkEdgesOfRetypedNode(schema, after, out);
    }
    return out;
  }

  /** After an edge was created (`before` null) or deleted (`after` null). */
  async edgeWritten(
    before: GraphEdge | null,
    after: GraphEdge | null,
  ): Promise<readonly TypeViolation[]> {
    const schema = await this.current();
    if (schema.relationshipTypes.size === 0) {
      return NONE;
    }
    const out: TypeViolation[] = [];
    await this.updateUnique(
      'edge',
      schema.relationshipTypes,
      typedEdge(before),
      typedEdge(after),
      out,
    );
    const type = after ? schema.relationshipTypes.get(after.type) : undefined;
    if (!this.uniqueOnly && after && !before && type) {
      for (const end of ENDS) {
        const nodeId = end === 'source' ? after.sourceId : after.targetId;
        const allowed = type.ends[end];
        if (allowed) {
          const node = await this.uow.graph.getNode(nodeId);
          if (node && !allowed.has(node.entityType)) {
            out.push({
              path: `${end}Id`,
              message: `must be a node of type ${endsText(allowed)} (${after.type} ${end}); ${nodeId} is a ${node.entityType}`,
            });
          }
        }
        if (type.cardinality[end] === 'one') {
          if ((await this.uow.graph.countEdgesAt(nodeId, end, after.type)) > 1) {
            out.push({
              path: `${end}Id`,
              message: `${nodeId} already has a ${after.type} edge at its ${end} end, and ${after.type} allows one (cardinality.${end}: one)`,
              conflict: true,
            });
          }
        }
      }
    }
    return out;
  }

  /**
   * Releases the unique values `before` held that `after` does not, and claims every value
   * `after` holds; a value held by another record is a conflict.
   */
  private async updateUnique(
    kind: RecordKind,
    types: ReadonlyMap<string, CompiledType>,
    before: TypedRecord | null,
    after: TypedRecord | null,
    out: TypeViolation[],
  ): Promise<void> {
    const held = uniqueValuesOf(kind, types, before);
    const wanted = uniqueValuesOf(kind, types, after);
    if (held.length === 0 && wanted.length === 0) {
      return;
    }
    const kept = new Set(wanted.map(valueText));
    for (const value of held) {
      if (!kept.has(valueText(value))) {
        await this.uow.ontology.releaseUnique(value);
      }
    }
    for (const value of wanted) {
      const holder = await this.uow.ontology.claimUnique(value);
      if (holder !== value.recordId) {
        out.push({
          path: `properties.${value.property}`,
          message: `must be unique among ${value.typeName} ${kind}s; ${kind} ${holder} holds the same value`,
          conflict: true,
        });
      }
    }
  }

  /** A node's new entity type against the relationship types of the edges it has. */
  private async checkEdgesOfRetypedNode(
    schema: CompiledSchema,
    node: GraphNode,
    out: TypeViolation[],
  ): Promise<void> {
    if (schema.relationshipTypes.size === 0) {
      return;
    }
    for (const edge of await this.uow.graph.edgesOfNode(node.id)) {
      const type = schema.relationshipTypes.get(edge.type);
      for (const end of ENDS) {
        const allowed = type?.ends[end];
        const atEnd = end === 'source' ? edge.sourceId : edge.targetId;
        if (allowed && atEnd === node.id && !allowed.has(node.entityType)) {
          out.push({
            path: 'entityType',
            message: `the node is the ${end} of ${edge.type} edge ${edge.id}, whose ${end} must be of type ${endsText(allowed)}`,
          });
        }
      }
    }
  }
}
