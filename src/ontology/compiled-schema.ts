import type { Properties, PropertyValue } from '../domain/graph';
import type {
  Cardinality,
  OntologySnapshot,
  PropertyDefinitions,
  PropertyType,
  StoredType,
} from '../domain/ontology';
import type { ValidationIssue } from '../errors';
import { compilePropertyCheck, uniqueKeyOf, type PropertyCheck } from './property-checks';

/** A `unique` property's value held by a record: what the unique index keeps. */
export interface UniqueKey {
  property: string;
  value: string;
}

/** One type, ready to check records: what the hot path of every write uses. */
export interface CompiledType {
  readonly stored: StoredType;
  /** Appends an issue per problem of the properties alone (paths `properties.<key>`). */
  checkProperties(properties: Properties, out: ValidationIssue[]): void;
  /** The values the record holds in `unique` properties (valid values only). */
  uniqueKeys(properties: Properties): UniqueKey[];
}

/** A relationship type, with what it says about the edge's ends. */
export interface CompiledRelationshipType extends CompiledType {
  /** Entity types allowed at each end; null for any. */
  readonly ends: { source: ReadonlySet<string> | null; target: ReadonlySet<string> | null };
  readonly cardinality: { source: Cardinality; target: Cardinality };
}

/** A workspace's ontology, compiled. */
export interface CompiledSchema {
  readonly strict: boolean;
  readonly entityTypes: ReadonlyMap<string, CompiledType>;
  readonly relationshipTypes: ReadonlyMap<string, CompiledRelationshipType>;
}

/** The schema of a workspace that never defined anything: every check passes. */
export const EMPTY_SCHEMA: CompiledSchema = {
  strict: false,
  entityTypes: new Map(),
  relationshipTypes: new Map(),
};

interface DeclaredProperty {
  key: string;
  /** `properties.<key>`, built once: the check runs on every write. */
  path: string;
  type: PropertyType;
  required: boolean;
  unique: boolean;
  check: PropertyCheck;
}

function compileType(stored: StoredType): CompiledType {
  const definitions: PropertyDefinitions = stored.definition.properties;
  const declared: DeclaredProperty[] = Object.entries(definitions).map(([key, d]) => ({
    key,
    path: `properties.${key}`,
    type: d.type,
    required: d.required === true,
    unique: d.unique === true,
    check: compilePropertyCheck(d),
  }));
  const keys = new Set(declared.map((p) => p.key));
  const unique = declared.filter((p) => p.unique);
  const closed = !stored.definition.additionalProperties;
  const typeLabel = stored.kind === 'entity' ? 'entity type' : 'relationship type';
  return {
    stored,
    checkProperties(properties, out) {
      for (const property of declared) {
        const path = property.path;
        if (!Object.hasOwn(properties, property.key)) {
          if (property.required) {
            out.push({ path, message: 'is required' });
          }
          continue;
        }
        property.check(properties[property.key] as PropertyValue, path, out);
      }
      if (closed) {
        for (const key of Object.keys(properties)) {
          if (!keys.has(key)) {
            out.push({
              path: `properties.${key}`,
              message: `is not a property of the ${typeLabel} ${stored.name} (additionalProperties is false)`,
            });
          }
        }
      }
    },
    uniqueKeys(properties) {
      const found: UniqueKey[] = [];
      for (const property of unique) {
        if (Object.hasOwn(properties, property.key)) {
          const value = uniqueKeyOf(property.type, properties[property.key] as PropertyValue);
          if (value !== null) {
            found.push({ property: property.key, value });
          }
        }
      }
      return found;
    },
  };
}

/** Compiles a workspace's ontology as stored. */
export function compileSchema(snapshot: OntologySnapshot): CompiledSchema {
  const entityTypes = new Map<string, CompiledType>();
  const relationshipTypes = new Map<string, CompiledRelationshipType>();
  for (const stored of snapshot.types) {
    const compiled = compileType(stored);
    if (stored.kind === 'entity') {
      entityTypes.set(stored.name, compiled);
    } else {
      const d = stored.definition;
      relationshipTypes.set(stored.name, {
        ...compiled,
        ends: {
          source: d.source === 'any' ? null : new Set(d.source),
          target: d.target === 'any' ? null : new Set(d.target),
        },
        cardinality: d.cardinality ?? { source: 'many', target: 'many' },
      });
    }
  }
  return { strict: snapshot.settings?.strictOntology ?? false, entityTypes, relationshipTypes };
}
