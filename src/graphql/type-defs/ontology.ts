/** SDL of the ontology's types (the /api/ontology routes): reads and definitions. */
export const ONTOLOGY_TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    """
    The whole ontology (GET /api/ontology): settings, entity types and relationship types.
    Scope read:nodes.
    """
    ontology: Ontology

    """
    One entity type by name (GET /api/ontology/entity-types/{name}); an undefined one is null
    with a NOT_FOUND error. Scope read:nodes.
    """
    entityType(name: String!): EntityType

    "One relationship type by name, as entityType. Scope read:nodes."
    relationshipType(name: String!): RelationshipType
  }

  extend type Mutation {
    """
    Defines or changes an entity type (PUT /api/ontology/entity-types/{name}); definition is
    the REST body: { description, titleProperty, properties, additionalProperties }. With
    validateExisting (the default), nodes in place that break it make it a CONFLICT whose
    details count and sample them. Scope write:ontology.
    """
    putEntityType(name: String!, definition: JSON!, validateExisting: Boolean = true): TypePayload

    """
    Defines or changes a relationship type; definition is { description, source, target,
    cardinality, properties, additionalProperties } as in REST. Scope write:ontology.
    """
    putRelationshipType(
      name: String!
      definition: JSON!
      validateExisting: Boolean = true
    ): TypePayload

    "Deletes an entity type no node uses and no relationship type names. Scope write:ontology."
    deleteEntityType(name: String!): DeletedType

    "Deletes a relationship type no edge uses. Scope write:ontology."
    deleteRelationshipType(name: String!): DeletedType

    "PUT /api/ontology/settings. Scope write:ontology."
    setOntologySettings(
      strictOntology: Boolean!
      validateExisting: Boolean = true
    ): OntologySettings
  }

  "A workspace's schema."
  type Ontology {
    settings: OntologySettings!
    entityTypes: [EntityType!]!
    relationshipTypes: [RelationshipType!]!
  }

  type OntologySettings {
    "Only defined entity and relationship types may be written."
    strictOntology: Boolean!
    "Increases with every change of the ontology; 0 before the first."
    revision: Int!
    updatedAt: String
  }

  "One declared property. type is one of string, integer, number, boolean, datetime, date, json, string[], number[]."
  type PropertyDefinition {
    key: String!
    type: String!
    required: Boolean!
    enum: [JSON!]
    "A number, or a date / date-time for those types."
    min: JSON
    max: JSON
    minLength: Int
    maxLength: Int
    pattern: String
    unique: Boolean!
    description: String
  }

  "The constraints of the nodes of one entityType."
  type EntityType {
    name: String!
    description: String
    "The property shown as a node's title; null: the node's name."
    titleProperty: String
    properties: [PropertyDefinition!]!
    additionalProperties: Boolean!
    version: Int!
    createdAt: String!
    updatedAt: String!
    "The definition exactly as REST shows it (for a PUT of a copy)."
    definition: JSON!
  }

  enum Cardinality {
    one
    many
  }

  "one at an end: a node has at most one edge of the type at that end."
  type Cardinalities {
    source: Cardinality!
    target: Cardinality!
  }

  "The constraints of the edges of one type."
  type RelationshipType {
    name: String!
    description: String
    "Entity types allowed at the source; null: any."
    source: [String!]
    "Entity types allowed at the target; null: any."
    target: [String!]
    cardinality: Cardinalities!
    properties: [PropertyDefinition!]!
    additionalProperties: Boolean!
    version: Int!
    createdAt: String!
    updatedAt: String!
    definition: JSON!
  }

  type TypePayload {
    "True when the type did not exist before."
    created: Boolean!
    entityType: EntityType
    relationshipType: RelationshipType
  }

  type DeletedType {
    name: String!
    deleted: Boolean!
  }
`;
