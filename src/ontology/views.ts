import type { OntologySettings, OntologySnapshot, StoredType } from '../domain/ontology';

/**
 * The public shapes of types and settings, shared by REST, GraphQL and exports: a type is
 * its definition with its name, version and timestamps beside it.
 */

/** A type as the API shows it: `{ name, ...definition, version, createdAt, updatedAt }`. */
export function typeView(type: StoredType): Record<string, unknown> {
  return {
    name: type.name,
    ...type.definition,
    version: type.version,
    createdAt: type.createdAt,
    updatedAt: type.updatedAt,
  };
}

/** The settings, with their defaults before the first change (revision 0). */
export function settingsView(settings: OntologySettings | null) {
  return {
    strictOntology: settings?.strictOntology ?? false,
    revision: settings?.revision ?? 0,
    updatedAt: settings?.updatedAt ?? null,
  };
}

/** The whole schema: settings, entity types and relationship types, each by name. */
export function ontologyView(snapshot: OntologySnapshot) {
  return {
    settings: settingsView(snapshot.settings),
    entityTypes: snapshot.types.filter((t) => t.kind === 'entity').map(typeView),
    relationshipTypes: snapshot.types.filter((t) => t.kind === 'relationship').map(typeView),
  };
}
