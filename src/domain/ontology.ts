import type { RecordKind } from './graph';

/**
 * Ontology types: entity types (for nodes) and relationship types (for edges) with typed
 * properties, defined per workspace (docs/ontology.md, "Types"). The definitions are data;
 * their rules live in src/ontology/.
 */

/** The value types a property can be declared with. */
export const PROPERTY_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'datetime',
  'date',
  'json',
  'string[]',
  'number[]',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** One declared property of a type. */
export interface PropertyDefinition {
  type: PropertyType;
  required?: boolean;
  /** Allowed values (each item's, for arrays). */
  enum?: (string | number)[];
  /** Bounds of numbers (each item's, for number[]) or of dates and date-times. */
  min?: number | string;
  max?: number | string;
  /** Length of strings (characters) or arrays (items). */
  minLength?: number;
  maxLength?: number;
  /** A safe regular expression the whole string (each item's, for string[]) must match. */
  pattern?: string;
  /** No two records of the type hold the same value. */
  unique?: boolean;
  description?: string;
}

export type PropertyDefinitions = Record<string, PropertyDefinition>;

/** What an entity type says about the nodes of its `entityType`. */
export interface EntityTypeDefinition {
  description?: string;
  /** The property shown as the node's title; the node's `name` when absent. */
  titleProperty?: string;
  properties: PropertyDefinitions;
  /** False: a property that is not declared is refused. */
  additionalProperties: boolean;
}

/** `one`: a node has at most one edge of the type at this end. */
export type Cardinality = 'one' | 'many';

/** The entity types allowed at one end of a relationship, or any node. */
export type EndTypes = string[] | 'any';

/** What a relationship type says about the edges of its `type`. */
export interface RelationshipTypeDefinition {
  description?: string;
  source: EndTypes;
  target: EndTypes;
  cardinality?: { source: Cardinality; target: Cardinality };
  properties: PropertyDefinitions;
  additionalProperties: boolean;
}

/** `entity` types constrain nodes; `relationship` types constrain edges. */
export type TypeKind = 'entity' | 'relationship';

/** The record kind each type kind constrains. */
export const RECORD_KIND_OF: Readonly<Record<TypeKind, RecordKind>> = {
  entity: 'node',
  relationship: 'edge',
};

interface StoredTypeBase {
  name: string;
  /** Starts at 1 and increases by one on every change of the definition. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoredEntityType extends StoredTypeBase {
  kind: 'entity';
  definition: EntityTypeDefinition;
}

export interface StoredRelationshipType extends StoredTypeBase {
  kind: 'relationship';
  definition: RelationshipTypeDefinition;
}

/** A type as stored in a workspace. */
export type StoredType = StoredEntityType | StoredRelationshipType;

/**
 * The workspace's ontology settings. `revision` increases with every change of the
 * ontology (a type defined, changed or deleted, or a setting changed): commands compare it
 * with the schema they compiled last to know whether it is still current.
 */
export interface OntologySettings {
  strictOntology: boolean;
  revision: number;
  updatedAt: string;
}

/** A workspace's whole ontology as stored; `settings` is null until the first change. */
export interface OntologySnapshot {
  settings: OntologySettings | null;
  types: StoredType[];
}

/**
 * One value held by a `unique` property: at most one record of the type may hold it.
 * `value` is the canonical JSON text of the value (date-times as UTC instants).
 */
export interface UniqueValue {
  kind: RecordKind;
  typeName: string;
  property: string;
  value: string;
  recordId: string;
}

/** The stored fields of a type, as every engine keeps them (definition as JSON text). */
export interface StoredTypeFields {
  kind: string;
  name: string;
  definition: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A type from its stored fields (one mapping for every engine). */
export function storedTypeFrom(fields: StoredTypeFields): StoredType {
  const base = {
    name: fields.name,
    version: fields.version,
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt,
  };
  switch (fields.kind) {
    case 'entity':
      return {
        ...base,
        kind: 'entity',
        definition: JSON.parse(fields.definition) as EntityTypeDefinition,
      };
    case 'relationship':
      return {
        ...base,
        kind: 'relationship',
        definition: JSON.parse(fields.definition) as RelationshipTypeDefinition,
      };
    default:
      throw new TypeError(`Stored ontology type ${fields.name} has an unknown kind`);
  }
}

/** The fields to store for a type. */
export function storedTypeFields(type: StoredType): StoredTypeFields {
  return {
    kind: type.kind,
    name: type.name,
    definition: JSON.stringify(type.definition),
    version: type.version,
    createdAt: type.createdAt,
    updatedAt: type.updatedAt,
  };
}
