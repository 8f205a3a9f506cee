/**
 * SDL of the ontology: the JSON scalar, the Query and Mutation roots with the reads and
 * commands of nodes and edges (GET /api/queries/*, POST /api/commands/execute), and their
 * types. The other areas extend the roots (live-data.ts, search.ts).
 */
/** The paging arguments of every node and edge list (the REST lists' limit, offset, after, count). */
const PAGE_ARGS = 'limit: Int = 50, offset: Int = 0, after: String, count: Boolean = true';

/** The ordering operators of a filter input (eq, ne, gt, gte, lt, lte) on values of `type`. */
const comparisons = (type: string): string =>
  ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'].map((op) => `${op}: ${type}`).join('\n    ');

export const GRAPH_TYPE_DEFS = /* GraphQL */ `
  """
  Any JSON value: node and edge properties, command payloads and results.
  """
  scalar JSON

  """
  Reads of the workspace named by the x-workspace-id header. Every field needs the scope the
  matching REST route needs; records of other workspaces are never visible (NOT_FOUND).
  Fields that can fail (a missing scope, a bad argument) are nullable: a failed field is null
  with its error in errors, and the other fields still answer.
  """
  type Query {
    """
    One node by id (GET /api/queries/nodes/{id}). A missing node, or one of another workspace,
    is null with a NOT_FOUND error. Scope read:nodes.
    """
    node(id: ID!): Node

    """
    A page of nodes (GET /api/queries/nodes). limit defaults to 50 and is clamped to 100.
    A deep offset is slow (prefer after); after takes the nextCursor of the previous page (not
    with offset) and reaches any depth; count: false skips the total (null). Scope read:nodes.
    """
    nodes(
      where: NodeWhere
      sort: [NodeSort!]
      ${PAGE_ARGS}
    ): NodeConnection

    """
    One edge by id (GET /api/queries/edges/{id}). Scope read:edges.
    """
    edge(id: ID!): Edge

    """
    A page of edges (GET /api/queries/edges), paged as nodes. Scope read:edges.
    """
    edges(
      where: EdgeWhere
      sort: [EdgeSort!]
      ${PAGE_ARGS}
    ): EdgeConnection
  }

  """
  Changes, all through the command handlers of POST /api/commands/execute: the command log,
  UNDO/REDO, versions, scopes and idempotency behave exactly as there. An idempotencyKey
  (1-255 printable ASCII characters) makes a retry return the first response instead of
  running the command again (replayed: true). Mutations of one operation run one after the
  other; one that fails is null with its error, and the following ones still run.
  """
  type Mutation {
    """
    Any command: type plus its payload, exactly as the REST body { type, payload }.
    """
    executeCommand(type: CommandType!, payload: JSON, idempotencyKey: String): CommandResult

    "CREATE_NODE. Scope write:nodes."
    createNode(input: CreateNodeInput!, idempotencyKey: String): NodePayload

    "UPDATE_NODE: properties are merged, a null value removes a key. Scope write:nodes."
    updateNode(input: UpdateNodeInput!, idempotencyKey: String): NodePayload

    "DELETE_NODE: removes the node's edges too (UNDO restores them). Scope write:nodes."
    deleteNode(id: ID!, expectedVersion: Int, idempotencyKey: String): DeletePayload

    "CREATE_EDGE: both ends must exist in the workspace. Scope write:edges."
    createEdge(input: CreateEdgeInput!, idempotencyKey: String): EdgePayload

    "DELETE_EDGE. Scope write:edges."
    deleteEdge(id: ID!, expectedVersion: Int, idempotencyKey: String): DeletePayload

    "UNDO your last command in this workspace (needs the scope of that command)."
    undo(idempotencyKey: String): CommandResult

    "REDO your last undone command."
    redo(idempotencyKey: String): CommandResult

    """
    POST /api/commands/batch: 1 to 1,000 record commands applied in order in ONE transaction
    (all or nothing), one step of your history for UNDO/REDO. A payload field that names an
    existing record may hold {"$ref": n}, the id of the result of the earlier command n. A
    failing command fails the whole batch; the error's details.index names it. Scopes of
    every command are checked first.
    """
    executeBatch(commands: [BatchCommandInput!]!, idempotencyKey: String): BatchResult
  }

  "An entity of the ontology."
  type Node {
    id: ID!
    entityType: String!
    name: String!
    properties: JSON!
    "Starts at 1 and increases on every change; pass it as expectedVersion to update safely."
    version: Int!
    createdAt: String!
    updatedAt: String!
    "Edges at this node, OUT (from it), IN (to it) or BOTH. Scope read:edges."
    edges(
      direction: Direction = BOTH
      type: String
      sort: [EdgeSort!]
      ${PAGE_ARGS}
    ): EdgeConnection
    """
    The neighbourhood within depth hops (1 to 3), following only edges of the given types
    when any are given; at most 500 nodes, closest first. Scope read:nodes.
    """
    neighbors(depth: Int = 1, direction: Direction = BOTH, type: [String!]): Subgraph
  }

  "A relationship between two nodes of the same workspace."
  type Edge {
    id: ID!
    type: String!
    sourceId: ID!
    targetId: ID!
    "The node the edge starts at. Scope read:nodes."
    source: Node
    "The node the edge points to. Scope read:nodes."
    target: Node
    properties: JSON!
    version: Int!
    createdAt: String!
    updatedAt: String!
  }

  type NodeConnection {
    items: [Node!]!
    "Number of matching nodes, all pages together; null when asked with count: false."
    total: Int
    "Page size used (after clamping to 100)."
    limit: Int!
    offset: Int!
    "Pass as after to get the next page; null on the last page."
    nextCursor: String
  }

  type EdgeConnection {
    items: [Edge!]!
    total: Int
    limit: Int!
    offset: Int!
    nextCursor: String
  }

  "Nodes and the edges among them."
  type Subgraph {
    nodes: [Node!]!
    edges: [Edge!]!
    "True when the 500-node bound cut the traversal short."
    truncated: Boolean!
  }

  """
  Conditions on nodes, all of which must hold (docs/filters.md). entityType and name are
  exact-match shorthands; the typed filters (id, nameFilter, entityTypeFilter, createdAt,
  updatedAt, version, property) take operators; AND and OR combine nested NodeWhere inputs.
  """
  input NodeWhere {
    "Exact match."
    entityType: String
    "Exact match."
    name: String
    id: StringFilter
    entityTypeFilter: StringFilter
    nameFilter: StringFilter
    createdAt: DateTimeFilter
    updatedAt: DateTimeFilter
    version: IntFilter
    "Conditions on properties, one entry per key."
    property: [PropertyFilter!]
    AND: [NodeWhere!]
    OR: [NodeWhere!]
  }

  """
  Conditions on edges, all of which must hold. type, sourceId, targetId and nodeId are
  exact-match shorthands; the ...Filter fields and the others take operators.
  """
  input EdgeWhere {
    type: String
    sourceId: ID
    targetId: ID
    "Either end."
    nodeId: ID
    id: StringFilter
    typeFilter: StringFilter
    sourceIdFilter: StringFilter
    targetIdFilter: StringFilter
    "Either end (eq, in) or neither end (ne, nin)."
    nodeIdFilter: IdFilter
    createdAt: DateTimeFilter
    updatedAt: DateTimeFilter
    version: IntFilter
    property: [PropertyFilter!]
    AND: [EdgeWhere!]
    OR: [EdgeWhere!]
  }

  "Operators on a string field; every operator given must hold."
  input StringFilter {
    ${comparisons('String')}
    "At most 100 values."
    in: [String!]
    nin: [String!]
    "Substring, case-sensitive."
    contains: String
    startsWith: String
  }

  "Operators on an end node id (nodeId)."
  input IdFilter {
    eq: ID
    ne: ID
    in: [ID!]
    nin: [ID!]
  }

  "Operators on an instant: ISO-8601 dates or date-times with a zone."
  input DateTimeFilter {
    ${comparisons('String')}
    in: [String!]
    nin: [String!]
  }

  input IntFilter {
    ${comparisons('Int')}
    in: [Int!]
    nin: [Int!]
  }

  """
  Operators on one property (key: a top-level property key). A value's JSON type decides
  the comparison: a stored value of another type, or a missing key, never matches (ne and
  nin included), except exists: false. contains is a substring for a string value and
  membership for an array.
  """
  input PropertyFilter {
    key: String!
    ${comparisons('JSON')}
    in: [JSON!]
    nin: [JSON!]
    contains: JSON
    startsWith: String
    exists: Boolean
  }

  enum SortOrder {
    ASC
    DESC
  }

  enum NodeSortField {
    createdAt
    updatedAt
    name
    entityType
  }

  enum EdgeSortField {
    createdAt
    updatedAt
    type
  }

  "One sort key; ties are broken by id in the direction of the last key, so paging is stable."
  input NodeSort {
    field: NodeSortField!
    direction: SortOrder = ASC
  }

  input EdgeSort {
    field: EdgeSortField!
    direction: SortOrder = ASC
  }

  enum Direction {
    OUT
    IN
    BOTH
  }

  enum CommandType {
    CREATE_NODE
    UPDATE_NODE
    DELETE_NODE
    CREATE_EDGE
    DELETE_EDGE
    UNDO
    REDO
  }

  "What POST /api/commands/execute answers as data, plus whether it was a replay."
  type CommandResult {
    commandId: ID!
    type: CommandType!
    result: JSON!
    "True when an earlier response was returned for the same idempotencyKey."
    replayed: Boolean!
  }

  "One command of executeBatch: type plus its payload, as the REST batch body's items."
  input BatchCommandInput {
    type: CommandType!
    payload: JSON
  }

  "One command's outcome in a batch."
  type BatchItemResult {
    index: Int!
    type: CommandType!
    result: JSON!
  }

  "What POST /api/commands/batch answers as data, plus whether it was a replay."
  type BatchResult {
    "The batch's id in your history (what UNDO reports as commandId)."
    batchId: ID!
    results: [BatchItemResult!]!
    replayed: Boolean!
  }

  type NodePayload {
    commandId: ID!
    node: Node!
    replayed: Boolean!
  }

  type EdgePayload {
    commandId: ID!
    edge: Edge!
    replayed: Boolean!
  }

  type DeletePayload {
    commandId: ID!
    id: ID!
    "Edges removed with a deleted node (empty for DELETE_EDGE)."
    deletedEdgeIds: [ID!]!
    replayed: Boolean!
  }

  input CreateNodeInput {
    entityType: String!
    name: String!
    properties: JSON
    "Client-chosen id; a server-generated UUID when absent."
    id: ID
  }

  input UpdateNodeInput {
    id: ID!
    name: String
    entityType: String
    "Merged into the stored properties; a null value removes the key."
    properties: JSON
    "The update fails with VERSION_CONFLICT when the stored version differs."
    expectedVersion: Int
  }

  input CreateEdgeInput {
    type: String!
    sourceId: ID!
    targetId: ID!
    properties: JSON
    id: ID
  }
`;
