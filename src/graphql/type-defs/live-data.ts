/** SDL of live data (the /api/live-data routes): sources, series and ingest. */
export const LIVE_DATA_TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    """
    One live data source (GET /api/live-data/sources/{id}). Scope read:livedata.
    """
    liveDataSource(id: ID!): LiveDataSource

    """
    A page of live data sources (GET /api/live-data/sources). Scope read:livedata.
    """
    liveDataSources(entityId: ID, limit: Int = 50, offset: Int = 0): LiveDataSourceConnection

    """
    A time series of one source (GET /api/live-data/query). from and to are ISO-8601 or epoch
    milliseconds; the window [from, to) defaults to the hour before now. Aggregations need an
    interval such as 1m; limit and order apply to RAW only. Scope read:livedata.
    """
    series(
      sourceId: ID!
      from: String
      to: String
      aggregation: Aggregation = RAW
      interval: String
      limit: Int
      order: SortOrder
    ): Series
  }

  extend type Mutation {
    "Creates a live data source (POST /api/live-data/sources). Scope write:livedata."
    createLiveDataSource(input: CreateLiveDataSourceInput!): LiveDataSource

    """
    Ingests points into one source (POST /api/live-data/ingest): all points are validated
    first and one bad point writes nothing. At most 10,000 points. Scope write:livedata.
    """
    ingestDataPoints(sourceId: ID!, points: [DataPointInput!]!): IngestResult
  }

  extend type Node {
    "Live data sources linked to this node. Scope read:livedata."
    liveDataSources(limit: Int = 50, offset: Int = 0): LiveDataSourceConnection
  }

  "A source of data points."
  type LiveDataSource {
    id: ID!
    name: String!
    unit: String
    description: String
    entityId: ID
    "The linked node, if any and still present. Scope read:nodes."
    entity: Node
    createdAt: String!
    lastPointAt: String
    pointCount: Int!
  }

  type LiveDataSourceConnection {
    items: [LiveDataSource!]!
    total: Int!
    limit: Int!
    offset: Int!
  }

  enum Aggregation {
    RAW
    MEAN
    MIN
    MAX
    SUM
    COUNT
    FIRST
    LAST
  }

  type DataPoint {
    timestamp: String!
    value: Float!
    tags: JSON
  }

  "A time series as GET /api/live-data/query answers it for one source."
  type Series {
    sourceId: ID!
    aggregation: Aggregation!
    "The bucket width of an aggregation; null for RAW."
    interval: String
    from: String!
    to: String!
    "RAW only: the page size used."
    limit: Int
    "RAW only."
    order: SortOrder
    "RAW only: true when more points lie in the window than limit."
    truncated: Boolean
    points: [DataPoint!]!
  }

  input CreateLiveDataSourceInput {
    name: String!
    unit: String
    description: String
    entityId: ID
  }

  input DataPointInput {
    "ISO-8601 string or epoch milliseconds (as a string or a number)."
    timestamp: JSON!
    value: Float!
    tags: JSON
  }

  type IngestResult {
    accepted: Int!
  }
`;
