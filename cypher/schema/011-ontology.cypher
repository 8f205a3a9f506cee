// Ontology types (docs/ontology.md, "Types"): one (:_OntologyType {workspaceId, kind, name,
// definition, version, createdAt, updatedAt}) per entity or relationship type, the
// definition as JSON text; (:_OntologySettings {workspaceId, strictOntology, revision,
// updatedAt}) per workspace that changed its ontology.
CREATE CONSTRAINT ontology_type_name IF NOT EXISTS
FOR (t:_OntologyType) REQUIRE (t.workspaceId, t.kind, t.name) IS UNIQUE;

CREATE CONSTRAINT ontology_settings_workspace IF NOT EXISTS
FOR (s:_OntologySettings) REQUIRE s.workspaceId IS UNIQUE;

// The unique index of `unique` properties: one (:_UniqueValue) per value held, under a
// uniqueness constraint, so that of two transactions claiming one value exactly one
// succeeds (MERGE on a constrained key locks it).
CREATE CONSTRAINT unique_value_key IF NOT EXISTS
FOR (u:_UniqueValue) REQUIRE (u.workspaceId, u.recordKind, u.typeName, u.property, u.value) IS UNIQUE;

// Dropping a type's values before its index is rebuilt.
CREATE INDEX unique_value_type IF NOT EXISTS
FOR (u:_UniqueValue) ON (u.workspaceId, u.recordKind, u.typeName);
