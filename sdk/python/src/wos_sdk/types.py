"""The service's records as they travel in JSON (field names as the API spells them).

They are `TypedDict`s: what a method returns is the decoded JSON itself, so a field the
service adds later is still there at run time, and a type checker knows the documented ones.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

PropertyValue = str | int | float | bool | list[str] | list[int] | list[float] | list[bool]
"""A property value: a scalar, or an array of one scalar type (no nesting, no null)."""

Properties = dict[str, PropertyValue]

Scope = Literal[
    "read:nodes",
    "write:nodes",
    "read:edges",
    "write:edges",
    "read:livedata",
    "write:livedata",
    "read:connectors",
    "write:connectors",
    "write:ontology",
    "read:events",
    "write:event-subscriptions",
    "admin",
]

CommandType = Literal[
    "CREATE_NODE", "UPDATE_NODE", "DELETE_NODE", "CREATE_EDGE", "DELETE_EDGE", "UNDO", "REDO"
]
RecordCommandType = Literal[
    "CREATE_NODE", "UPDATE_NODE", "DELETE_NODE", "CREATE_EDGE", "DELETE_EDGE"
]


class Node(TypedDict):
    """An entity."""

    id: str
    entityType: str
    name: str
    properties: Properties
    version: int
    createdAt: str
    updatedAt: str


class Edge(TypedDict):
    """A relationship from `sourceId` to `targetId`."""

    id: str
    type: str
    sourceId: str
    targetId: str
    properties: Properties
    version: int
    createdAt: str
    updatedAt: str


class Subgraph(TypedDict):
    """Nodes and the edges among them (a neighbourhood)."""

    nodes: list[Node]
    edges: list[Edge]


class WorkspaceAccess(TypedDict):
    id: str
    scopes: list[Scope]


class Me(TypedDict):
    """The authenticated caller."""

    kind: Literal["api_key", "oauth_token"]
    actorId: str
    credentialId: str
    name: str
    homeWorkspaceId: str | None
    workspaces: list[WorkspaceAccess]


class RateLimits(TypedDict):
    perMinute: int
    perDay: int


class Workspace(TypedDict):
    id: str
    name: str
    plan: Literal["starter", "pro", "enterprise"]
    limits: RateLimits | None
    createdAt: str
    scopes: list[Scope]


class ApiKey(TypedDict):
    """An API key as listed (never its secret)."""

    id: str
    name: str
    prefix: str
    workspaceId: str
    scopes: list[Scope]
    createdAt: str
    expiresAt: str | None
    revokedAt: str | None
    createdBy: str | None


class ApiKeyCreated(ApiKey):
    """A new key with its secret, shown only once."""

    secret: str


class PageMeta(TypedDict):
    total: int
    limit: int
    offset: int


class GraphPageMeta(TypedDict):
    total: int | None
    limit: int
    offset: int
    nextCursor: str | None
    eventCursor: NotRequired[str]


class NodeDeleted(TypedDict):
    id: str
    deleted: bool
    deletedEdgeIds: list[str]


class EdgeDeleted(TypedDict):
    id: str
    deleted: bool


class BatchItemResult(TypedDict):
    index: int
    type: RecordCommandType
    result: dict[str, Any]


class EntityType(TypedDict):
    name: str
    description: NotRequired[str]
    titleProperty: NotRequired[str]
    properties: dict[str, Any]
    additionalProperties: bool
    version: int
    createdAt: str
    updatedAt: str


class RelationshipType(TypedDict):
    name: str
    description: NotRequired[str]
    properties: dict[str, Any]
    additionalProperties: bool
    version: int
    createdAt: str
    updatedAt: str


class Ontology(TypedDict):
    settings: dict[str, Any]
    entityTypes: list[EntityType]
    relationshipTypes: list[RelationshipType]


class CypherResult(TypedDict):
    columns: list[str]
    rows: list[list[Any]]


class Import(TypedDict):
    id: str
    status: Literal["running", "completed", "failed"]
    nodes: int
    edges: int
    unchanged: int
    lines: int
    errors: list[dict[str, Any]]
    validateRecords: bool
    startedAt: str
    finishedAt: str | None


class LiveDataSource(TypedDict):
    id: str
    name: str
    unit: str | None
    description: str | None
    entityId: str | None
    createdAt: str
    lastPointAt: str | None
    pointCount: int


class DataPoint(TypedDict):
    """A point to ingest: `timestamp` (ISO-8601 with an offset, or epoch milliseconds),
    numeric `value`, optional `tags`."""

    timestamp: str | int
    value: float
    tags: NotRequired[dict[str, str]]


class SourcePoint(DataPoint):
    """A point and the live-data source it belongs to (for `live_data.ingest_all`)."""

    sourceId: str


class IngestResult(TypedDict):
    accepted: int


class IngestTotals(TypedDict):
    """What `live_data.ingest_all` stored: points accepted, requests sent."""

    accepted: int
    chunks: int


class LiveDataSeries(TypedDict):
    sourceId: str
    aggregation: str
    interval: str | None
    points: list[dict[str, Any]]
    limit: NotRequired[int]
    order: NotRequired[Literal["asc", "desc"]]
    truncated: NotRequired[bool]


class SearchHit(TypedDict):
    node: Node
    score: float


class IndexStatus(TypedDict):
    state: Literal["ready", "indexing", "degraded"]
    backend: str
    embedder: str
    dimensions: int | None
    indexed: int | None
    pending: int
    lastIndexedAt: str | None
    lastError: str | None
    approximate: bool


class Connector(TypedDict):
    id: str
    type: Literal["Webhook"]
    name: str
    entityType: str
    endpointId: str
    receptionUrl: str
    nodeId: str
    createdAt: str
    updatedAt: str
    secretRotatedAt: str | None
    previousSecretExpiresAt: str | None


class ConnectorWithSecret(Connector):
    secret: str


class WebhookEvent(TypedDict):
    id: str
    connectorId: str
    status: str
    receivedAt: str
    nodeId: str | None
    payload: NotRequired[Any]


class OAuthClient(TypedDict):
    clientId: str
    name: str
    redirectUri: str
    scopes: list[Scope]
    workspaceId: str
    createdAt: str
    createdBy: str | None


class TokenResponse(TypedDict):
    access_token: str
    token_type: str
    expires_in: int
    refresh_token: NotRequired[str]
    scope: str


class ChangeEventActor(TypedDict):
    kind: Literal["apiKey", "user", "connector", "system"]
    id: str | None


class ChangeEvent(TypedDict):
    """One committed change of the workspace (the change feed)."""

    id: str
    seq: int
    type: str
    occurredAt: str
    workspaceId: str
    actor: ChangeEventActor
    cause: dict[str, Any]
    subject: dict[str, Any]
    data: dict[str, Any]


class EventSubscription(TypedDict):
    id: str
    url: str
    description: str | None
    eventTypes: list[str]
    entityTypes: list[str]
    enabled: bool
    disabledReason: str | None
    cursor: str
    failure: Any
    createdAt: str
    updatedAt: str


class EventSubscriptionWithSecret(EventSubscription):
    secret: str


class DeliveryAttempt(TypedDict):
    id: str
    eventId: str
    eventSeq: int | None
    eventType: str
    trigger: Literal["delivery", "redelivery", "ping"]
    attempt: int
    attemptedAt: str
    outcome: Literal["succeeded", "failed"]
    responseStatus: int | None
    durationMs: int
    responseExcerpt: str | None
    error: str | None


class GraphQLResponse(TypedDict):
    data: NotRequired[Any]
    errors: NotRequired[list[dict[str, Any]]]
