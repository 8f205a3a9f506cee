/** SDL of analyst Cypher (POST /api/queries/cypher). */
export const CYPHER_TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    """
    A read-only Cypher query over the workspace (POST /api/queries/cypher, docs/cypher.md):
    { columns, rows, meta: { rowCount, truncated, elapsedMs } }, nodes and relationships
    rendered as node and edge records. Scopes read:nodes and read:edges.
    """
    cypher(query: String!, parameters: JSON): JSON
  }
`;
