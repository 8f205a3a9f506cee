/**
 * SDL of the change feed (docs/events.md): events of the workspace as a page (Query.events,
 * as GET /api/events) and as a subscription over graphql-ws (Subscription.events, as
 * GET /api/events/stream: from a cursor, then live).
 */
export const EVENTS_TYPE_DEFS = /* GraphQL */ `
  extend type Query {
    """
    A page of the workspace's change events after the cursor \`after\` (the oldest retained when
    absent), in commit order; limit defaults to 100 and is clamped to 1,000. types and
    entityType filter. Scope read:events, and the read scope of each event type (an event
    type the scopes do not cover is an INSUFFICIENT_SCOPE error when named, and left out
    otherwise).
    A cursor older than the retention is a CURSOR_EXPIRED error naming the earliest one.
    """
    events(after: String, limit: Int = 100, types: [String!], entityType: String): EventPage
  }

  """
  Live change events, over the graphql-transport-ws protocol on the same /graphql endpoint.
  """
  type Subscription {
    """
    The workspace's change events after \`after\` (the oldest retained when absent), then each
    new one as it commits, in commit order. To resume after a disconnection, subscribe again
    with the seq of the last event received as \`after\`: nothing is skipped or repeated.
    Scopes and errors as Query.events.
    """
    events(after: String, types: [String!], entityType: String): ChangeEvent!
  }

  "A page of change events."
  type EventPage {
    events: [ChangeEvent!]!
    "The cursor to continue after: past the last event examined (a filter may skip some)."
    nextCursor: String!
    "True when more committed events follow nextCursor."
    hasMore: Boolean!
  }

  "One committed change of the workspace (docs/events.md)."
  type ChangeEvent {
    id: ID!
    "The event's place in the workspace's log; as text, the cursor that resumes after it."
    seq: Int!
    "node.created, node.updated, node.deleted, edge.created, edge.deleted, ... (docs/events.md)."
    type: String!
    occurredAt: String!
    workspaceId: ID!
    "Who made the change: kind (apiKey, user, connector, system) and id."
    actor: JSON!
    "The command, batch, undo, redo, import or webhook event that made it."
    cause: JSON!
    "The record it concerns: id, type and (after an entity type change) previousType."
    subject: JSON!
    "The record before and after the change, and for updates the keys that changed."
    data: JSON!
  }
`;
