/** SDL of semantic and hybrid search (the /api/rag routes). */
export const SEARCH_TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    """
    Semantic search (POST /api/rag/search): the nodes nearest to query in meaning, best
    first. topK 1 to 100 (default 10); minScore -1 to 1. Scope read:nodes.
    """
    search(query: String!, topK: Int = 10, entityType: String, minScore: Float): [SearchHit!]

    """
    Hybrid vector+graph search (POST /api/rag/hybrid-search): the topK nearest nodes seed a
    traversal of depth hops (0 to 3, following only relationshipTypes when given); every
    node reached is ranked by fusion of its similarity and its distance to the seeds.
    Scopes read:nodes and read:edges.
    """
    hybridSearch(
      query: String!
      topK: Int = 10
      entityType: String
      minScore: Float
      depth: Int = 1
      relationshipTypes: [String!]
      fusion: FusionInput
    ): HybridSearchResult

    "State of the workspace's search index (GET /api/rag/index/status). Scope read:nodes."
    searchIndexStatus: SearchIndexStatus
  }

  type SearchHit {
    node: Node!
    "Cosine similarity to the query, -1 to 1."
    score: Float!
  }

  enum FusionMethod {
    "Reciprocal rank fusion of the similarity rank and the graph rank."
    RRF
    "alpha * similarity + (1 - alpha) * graphScore."
    WEIGHTED
  }

  "How hybrid search combines similarity and graph proximity (default RRF with k 60)."
  input FusionInput {
    method: FusionMethod!
    "RRF only: 1 to 1000 (default 60)."
    k: Int
    "WEIGHTED only: 0 to 1 (default 0.5)."
    alpha: Float
  }

  type SearchPath {
    "From the seed to the node, both included."
    nodeIds: [ID!]!
    edgeIds: [ID!]!
  }

  type HybridHit {
    node: Node!
    score: Float!
    "Similarity when the node is among the 100 nearest to the query, else null."
    vectorScore: Float
    graphScore: Float!
    hops: Int!
    "The vector hit whose path reached the node."
    seedId: ID!
    path: SearchPath!
  }

  type HybridSearchResult {
    results: [HybridHit!]!
    "The results, the nodes on their paths, and every edge among those nodes."
    subgraph: SearchSubgraph!
    "Vector hits that seeded the traversal."
    seedCount: Int!
    "Nodes the traversal reached (at most 500)."
    reachedCount: Int!
    truncated: Boolean!
  }

  type SearchSubgraph {
    nodes: [Node!]!
    edges: [Edge!]!
  }

  type SearchIndexStatus {
    "ready, indexing or degraded."
    state: String!
    backend: String!
    embedder: String!
    dimensions: Int
    indexed: Int
    pending: Int!
    lastIndexedAt: String
    lastError: String
    "The in-process approximate graph (embedded default); null with Neo4j or Qdrant vectors."
    approximate: ApproximateIndexStatus
  }

  type ApproximateIndexStatus {
    "exact (no graph: searches are exact), loading, building, ready or failed."
    mode: String!
    points: Int
    backlog: Int!
  }
`;
