"""`AsyncClient`: every operation of the API as an awaitable method.

Edit this file; `scripts/unasync.py` writes its sync twin, `_sync_client.py`, from it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, Literal, cast
from urllib.parse import quote

import httpx

from . import commands as cmd
from ._async_transport import AsyncTransport
from ._core import Page, QueryValue, RetryPolicy, decode, filter_params, new_idempotency_key
from .commands import BatchBuilder, BatchResult, Command, CommandResult
from .errors import OAuthError
from .types import (
    ApiKey,
    ApiKeyCreated,
    ChangeEvent,
    Connector,
    ConnectorWithSecret,
    CypherResult,
    DataPoint,
    DeliveryAttempt,
    Edge,
    EntityType,
    EventSubscription,
    EventSubscriptionWithSecret,
    GraphQLResponse,
    Import,
    IndexStatus,
    IngestResult,
    LiveDataSeries,
    LiveDataSource,
    Me,
    Node,
    OAuthClient,
    Ontology,
    Properties,
    RelationshipType,
    Scope,
    SearchHit,
    Subgraph,
    TokenResponse,
    WebhookEvent,
    Workspace,
)

_List = list  # `list` is a method name below


def _q(**params: QueryValue) -> dict[str, str]:
    return filter_params(params)


def _seg(value: str) -> str:
    """A path segment, percent-encoded."""
    return quote(value, safe="")


class _Resource:
    def __init__(self, transport: AsyncTransport) -> None:
        self._t = transport


class AsyncSystem(_Resource):
    """Public routes: health, readiness, metrics, documentation."""

    async def health(self) -> dict[str, Any]:
        """`GET /health`: liveness."""
        return cast(
            dict[str, Any], (await self._t.call("GET", "/health", auth=False, workspace=False)).data
        )

    async def ready(self) -> dict[str, Any]:
        """`GET /ready`: every store answers (503 raises `ServiceUnavailableError`)."""
        return cast(
            dict[str, Any], (await self._t.call("GET", "/ready", auth=False, workspace=False)).data
        )

    async def metrics(self, token: str | None = None) -> str:
        """`GET /metrics`: Prometheus text (`token` when METRICS_TOKEN is set)."""
        headers = {"Authorization": f"Bearer {token}"} if token else None
        answer = await self._t.call("GET", "/metrics", auth=False, workspace=False, headers=headers)
        return answer.content.decode()

    async def openapi_document(self) -> str:
        """`GET /openapi.yaml`: the OpenAPI document this client follows (YAML text)."""
        return (await self._text("/openapi.yaml")).decode()

    async def api_reference(self) -> str:
        """`GET /docs`: the API reference page (HTML)."""
        return (await self._text("/docs")).decode()

    async def cypher_explorer(self) -> str:
        """`GET /explorer`: the Cypher explorer page (HTML)."""
        return (await self._text("/explorer")).decode()

    async def cypher_explorer_asset(self, file: str) -> bytes:
        """`GET /explorer/assets/{file}`: one file of the explorer page."""
        return await self._text(f"/explorer/assets/{_seg(file)}")

    async def _text(self, path: str) -> bytes:
        return (await self._t.call("GET", path, auth=False, workspace=False)).content


class AsyncWorkspaces(_Resource):
    def list(self, *, page_size: int = 100) -> AsyncIterator[Workspace]:
        """`GET /api/workspaces`: the workspaces the credential may use."""
        return self._t.offset_items("/api/workspaces", _q(limit=page_size))


class AsyncApiKeys(_Resource):
    """API keys of the workspace (scope `admin`)."""

    async def create(
        self, name: str, scopes: Sequence[Scope], *, expires_at: str | None = None
    ) -> ApiKeyCreated:
        """`POST /api/api-keys`: the answer holds the secret, shown only now."""
        body: dict[str, Any] = {"name": name, "scopes": _List(scopes)}
        if expires_at is not None:
            body["expiresAt"] = expires_at
        return cast(
            ApiKeyCreated, (await self._t.call("POST", "/api/api-keys", json_body=body)).data
        )

    def list(self, *, page_size: int = 100) -> AsyncIterator[ApiKey]:
        """`GET /api/api-keys`, every page."""
        return self._t.offset_items("/api/api-keys", _q(limit=page_size))

    async def get(self, key_id: str) -> ApiKey:
        """`GET /api/api-keys/{id}`."""
        return cast(ApiKey, (await self._t.call("GET", f"/api/api-keys/{_seg(key_id)}")).data)

    async def revoke(self, key_id: str) -> None:
        """`DELETE /api/api-keys/{id}` (harmless when already revoked)."""
        await self._t.call("DELETE", f"/api/api-keys/{_seg(key_id)}")


class AsyncCommands(_Resource):
    """Writes: one command, or a batch applied in one transaction.

    Every call carries an `Idempotency-Key` (a fresh one unless you pass yours), so a
    command whose answer was lost is sent again safely: the service replays the first
    answer (`replayed` is then True) instead of executing twice.
    """

    async def execute(
        self, command: Command, *, idempotency_key: str | None = None
    ) -> CommandResult:
        """`POST /api/commands/execute` with `{type, payload}`."""
        key = idempotency_key or new_idempotency_key()
        answer = await self._t.call(
            "POST", "/api/commands/execute", json_body=command, headers={"Idempotency-Key": key}
        )
        data = answer.data
        return CommandResult(
            command_id=data["commandId"],
            type=data["type"],
            result=data["result"],
            replayed=answer.replayed,
            idempotency_key=key,
            request_id=answer.request_id,
        )

    async def batch(
        self, commands: BatchBuilder | Sequence[Command], *, idempotency_key: str | None = None
    ) -> BatchResult:
        """`POST /api/commands/batch`: 1 to 1,000 commands, all applied or none."""
        body = commands.commands if isinstance(commands, BatchBuilder) else _List(commands)
        key = idempotency_key or new_idempotency_key()
        answer = await self._t.call(
            "POST",
            "/api/commands/batch",
            json_body={"commands": body},
            headers={"Idempotency-Key": key},
        )
        return BatchResult(
            batch_id=answer.data["batchId"],
            results=answer.data["results"],
            replayed=answer.replayed,
            idempotency_key=key,
            request_id=answer.request_id,
        )

    async def undo(self, *, idempotency_key: str | None = None) -> CommandResult:
        """UNDO the caller's last command (or batch)."""
        return await self.execute({"type": "UNDO", "payload": {}}, idempotency_key=idempotency_key)

    async def redo(self, *, idempotency_key: str | None = None) -> CommandResult:
        """REDO the caller's last undone command."""
        return await self.execute({"type": "REDO", "payload": {}}, idempotency_key=idempotency_key)


class AsyncNodes(_Resource):
    """Entities: reads, and the node commands as methods."""

    def __init__(self, transport: AsyncTransport, commands: AsyncCommands) -> None:
        super().__init__(transport)
        self._commands = commands

    def list(
        self,
        *,
        entity_type: str | None = None,
        name: str | None = None,
        filters: Mapping[str, Any] | None = None,
        where: Mapping[str, Any] | str | None = None,
        sort: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Node]:
        """`GET /api/queries/nodes`, every page by cursor (docs/filters.md for `filters`)."""
        params = filter_params(
            {
                "entityType": entity_type,
                "name": name,
                "sort": sort,
                "limit": page_size,
                "count": False,
            },
            filters,
            where,
        )
        return self._t.cursor_items("/api/queries/nodes", params)

    async def page(
        self,
        *,
        entity_type: str | None = None,
        name: str | None = None,
        filters: Mapping[str, Any] | None = None,
        where: Mapping[str, Any] | str | None = None,
        sort: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        cursor: str | None = None,
        count: bool | None = None,
    ) -> Page:
        """One page of `GET /api/queries/nodes`, with its `meta` (total, nextCursor, ...)."""
        params = filter_params(
            {
                "entityType": entity_type,
                "name": name,
                "sort": sort,
                "limit": limit,
                "offset": offset,
                "cursor": cursor,
                "count": count,
            },
            filters,
            where,
        )
        return await self._t.page("/api/queries/nodes", params)

    async def get(self, node_id: str) -> Node:
        """`GET /api/queries/nodes/{id}` (404 raises `NotFoundError`)."""
        return cast(Node, (await self._t.call("GET", f"/api/queries/nodes/{_seg(node_id)}")).data)

    async def neighbors(
        self,
        node_id: str,
        *,
        depth: int | None = None,
        direction: Literal["out", "in", "both"] | None = None,
        types: Sequence[str] | None = None,
    ) -> Subgraph:
        """`GET /api/queries/nodes/{id}/neighbors`: the node, its neighbours, the edges."""
        params = _q(depth=depth, direction=direction, type=types)
        answer = await self._t.call(
            "GET", f"/api/queries/nodes/{_seg(node_id)}/neighbors", params=params
        )
        return cast(Subgraph, answer.data)

    async def create(
        self,
        entity_type: str,
        name: str,
        properties: Properties | None = None,
        *,
        id: str | None = None,  # noqa: A002
        idempotency_key: str | None = None,
    ) -> Node:
        """CREATE_NODE; the node as stored."""
        done = await self._commands.execute(
            cmd.create_node(entity_type, name, properties, id=id), idempotency_key=idempotency_key
        )
        return cast(Node, done.result)

    async def update(
        self,
        node_id: str,
        *,
        name: str | None = None,
        entity_type: str | None = None,
        properties: Mapping[str, Any] | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Node:
        """UPDATE_NODE: `properties` merged (`None` removes a key); 409 on a stale version."""
        command = cmd.update_node(
            node_id,
            name=name,
            entity_type=entity_type,
            properties=properties,
            expected_version=expected_version,
        )
        done = await self._commands.execute(command, idempotency_key=idempotency_key)
        return cast(Node, done.result)

    async def delete(
        self,
        node_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """DELETE_NODE (its edges go too): `{id, deleted, deletedEdgeIds}`."""
        done = await self._commands.execute(
            cmd.delete_node(node_id, expected_version=expected_version),
            idempotency_key=idempotency_key,
        )
        return done.result


class AsyncEdges(_Resource):
    """Relationships: reads, and the edge commands as methods."""

    def __init__(self, transport: AsyncTransport, commands: AsyncCommands) -> None:
        super().__init__(transport)
        self._commands = commands

    def list(
        self,
        *,
        type: str | None = None,  # noqa: A002
        source_id: str | None = None,
        target_id: str | None = None,
        node_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        where: Mapping[str, Any] | str | None = None,
        sort: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Edge]:
        """`GET /api/queries/edges`, every page by cursor."""
        params = filter_params(
            {
                "type": type,
                "sourceId": source_id,
                "targetId": target_id,
                "nodeId": node_id,
                "sort": sort,
                "limit": page_size,
                "count": False,
            },
            filters,
            where,
        )
        return self._t.cursor_items("/api/queries/edges", params)

    async def page(
        self,
        *,
        type: str | None = None,  # noqa: A002
        node_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int | None = None,
        offset: int | None = None,
        cursor: str | None = None,
    ) -> Page:
        """One page of `GET /api/queries/edges` with its `meta`."""
        params = filter_params(
            {"type": type, "nodeId": node_id, "limit": limit, "offset": offset, "cursor": cursor},
            filters,
        )
        return await self._t.page("/api/queries/edges", params)

    async def get(self, edge_id: str) -> Edge:
        """`GET /api/queries/edges/{id}`."""
        return cast(Edge, (await self._t.call("GET", f"/api/queries/edges/{_seg(edge_id)}")).data)

    async def create(
        self,
        type: str,  # noqa: A002
        source_id: str,
        target_id: str,
        properties: Properties | None = None,
        *,
        id: str | None = None,  # noqa: A002
        idempotency_key: str | None = None,
    ) -> Edge:
        """CREATE_EDGE; the edge as stored."""
        done = await self._commands.execute(
            cmd.create_edge(type, source_id, target_id, properties, id=id),
            idempotency_key=idempotency_key,
        )
        return cast(Edge, done.result)

    async def delete(
        self,
        edge_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """DELETE_EDGE: `{id, deleted}`."""
        done = await self._commands.execute(
            cmd.delete_edge(edge_id, expected_version=expected_version),
            idempotency_key=idempotency_key,
        )
        return done.result


class AsyncCypher(_Resource):
    async def run(self, query: str, parameters: Mapping[str, Any] | None = None) -> CypherResult:
        """`POST /api/queries/cypher`: a read-only query; `{columns, rows}`."""
        body: dict[str, Any] = {"query": query}
        if parameters is not None:
            body["parameters"] = dict(parameters)
        return cast(
            CypherResult, (await self._t.call("POST", "/api/queries/cypher", json_body=body)).data
        )


class AsyncOntologyResource(_Resource):
    """Entity and relationship types and the ontology settings."""

    async def get(self) -> Ontology:
        """`GET /api/ontology`: settings and every type."""
        return cast(Ontology, (await self._t.call("GET", "/api/ontology")).data)

    async def get_settings(self) -> dict[str, Any]:
        return cast(dict[str, Any], (await self._t.call("GET", "/api/ontology/settings")).data)

    async def put_settings(
        self, settings: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> dict[str, Any]:
        answer = await self._t.call(
            "PUT",
            "/api/ontology/settings",
            json_body=dict(settings),
            params=_q(validateExisting=validate_existing),
        )
        return cast(dict[str, Any], answer.data)

    def list_entity_types(self, *, page_size: int = 100) -> AsyncIterator[EntityType]:
        return self._t.offset_items("/api/ontology/entity-types", _q(limit=page_size))

    async def get_entity_type(self, name: str) -> EntityType:
        return cast(
            EntityType, (await self._t.call("GET", f"/api/ontology/entity-types/{_seg(name)}")).data
        )

    async def put_entity_type(
        self, name: str, definition: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> EntityType:
        """Create or replace an entity type (`{properties, additionalProperties, ...}`)."""
        answer = await self._t.call(
            "PUT",
            f"/api/ontology/entity-types/{_seg(name)}",
            json_body=dict(definition),
            params=_q(validateExisting=validate_existing),
        )
        return cast(EntityType, answer.data)

    async def delete_entity_type(self, name: str) -> dict[str, Any]:
        return cast(
            dict[str, Any],
            (await self._t.call("DELETE", f"/api/ontology/entity-types/{_seg(name)}")).data,
        )

    def list_relationship_types(self, *, page_size: int = 100) -> AsyncIterator[RelationshipType]:
        return self._t.offset_items("/api/ontology/relationship-types", _q(limit=page_size))

    async def get_relationship_type(self, name: str) -> RelationshipType:
        answer = await self._t.call("GET", f"/api/ontology/relationship-types/{_seg(name)}")
        return cast(RelationshipType, answer.data)

    async def put_relationship_type(
        self, name: str, definition: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> RelationshipType:
        answer = await self._t.call(
            "PUT",
            f"/api/ontology/relationship-types/{_seg(name)}",
            json_body=dict(definition),
            params=_q(validateExisting=validate_existing),
        )
        return cast(RelationshipType, answer.data)

    async def delete_relationship_type(self, name: str) -> dict[str, Any]:
        answer = await self._t.call("DELETE", f"/api/ontology/relationship-types/{_seg(name)}")
        return cast(dict[str, Any], answer.data)


class AsyncImports(_Resource):
    """Bulk import and export (NDJSON, whole bodies in this version)."""

    async def start(
        self,
        ndjson: bytes | str,
        *,
        validate_records: bool | None = None,
        content_encoding: str | None = None,
    ) -> Import:
        """`POST /api/imports` with the upload in memory; the import's record."""
        headers = {"Content-Type": "application/x-ndjson"}
        if content_encoding is not None:
            headers["Content-Encoding"] = content_encoding
        body = ndjson.encode() if isinstance(ndjson, str) else ndjson
        answer = await self._t.call(
            "POST",
            "/api/imports",
            content=body,
            headers=headers,
            params=_q(validateRecords=validate_records),
        )
        return cast(Import, answer.data)

    def list(self, *, page_size: int = 100) -> AsyncIterator[Import]:
        return self._t.offset_items("/api/imports", _q(limit=page_size))

    async def get(self, import_id: str) -> Import:
        return cast(Import, (await self._t.call("GET", f"/api/imports/{_seg(import_id)}")).data)

    async def export(self) -> bytes:
        """`GET /api/export`: the workspace as NDJSON, read whole."""
        return (await self._t.call("GET", "/api/export")).content


class AsyncLiveData(_Resource):
    async def create_source(
        self,
        name: str,
        *,
        unit: str | None = None,
        description: str | None = None,
        entity_id: str | None = None,
    ) -> LiveDataSource:
        body = {
            k: v
            for k, v in {
                "name": name,
                "unit": unit,
                "description": description,
                "entityId": entity_id,
            }.items()
            if v is not None
        }
        return cast(
            LiveDataSource,
            (await self._t.call("POST", "/api/live-data/sources", json_body=body)).data,
        )

    def list_sources(
        self, *, entity_id: str | None = None, page_size: int = 100
    ) -> AsyncIterator[LiveDataSource]:
        return self._t.offset_items(
            "/api/live-data/sources", _q(limit=page_size, entityId=entity_id)
        )

    async def get_source(self, source_id: str) -> LiveDataSource:
        return cast(
            LiveDataSource,
            (await self._t.call("GET", f"/api/live-data/sources/{_seg(source_id)}")).data,
        )

    async def ingest(self, source_id: str, points: Sequence[DataPoint]) -> IngestResult:
        """`POST /api/live-data/ingest`: points of one source (10,000 at most)."""
        body = {"sourceId": source_id, "points": _List(points)}
        return cast(
            IngestResult, (await self._t.call("POST", "/api/live-data/ingest", json_body=body)).data
        )

    async def query(
        self,
        source_id: str,
        *,
        start: str | None = None,
        end: str | None = None,
        aggregation: str | None = None,
        interval: str | None = None,
        limit: int | None = None,
        order: Literal["asc", "desc"] | None = None,
    ) -> LiveDataSeries:
        """`GET /api/live-data/query`: raw points or buckets between `start` and `end`."""
        params = _q(
            sourceId=source_id, aggregation=aggregation, interval=interval, limit=limit, order=order
        )
        if start is not None:
            params["from"] = start
        if end is not None:
            params["to"] = end
        return cast(
            LiveDataSeries, (await self._t.call("GET", "/api/live-data/query", params=params)).data
        )


class AsyncSearch(_Resource):
    async def semantic(
        self,
        query: str,
        *,
        top_k: int | None = None,
        entity_type: str | None = None,
        min_score: float | None = None,
    ) -> _List[SearchHit]:
        """`POST /api/rag/search`: nodes by meaning."""
        body = {
            k: v
            for k, v in {
                "query": query,
                "topK": top_k,
                "entityType": entity_type,
                "minScore": min_score,
            }.items()
            if v is not None
        }
        return cast(
            _List[SearchHit], (await self._t.call("POST", "/api/rag/search", json_body=body)).data
        )

    async def hybrid(self, request: Mapping[str, Any]) -> _List[dict[str, Any]]:
        """`POST /api/rag/hybrid-search` with the body as documented (docs/search.md)."""
        return cast(
            _List[dict[str, Any]],
            (await self._t.call("POST", "/api/rag/hybrid-search", json_body=dict(request))).data,
        )

    async def index_status(self) -> IndexStatus:
        return cast(IndexStatus, (await self._t.call("GET", "/api/rag/index/status")).data)


class AsyncConnectors(_Resource):
    """Inbound webhook connectors and the events they received."""

    async def create(self, body: Mapping[str, Any]) -> ConnectorWithSecret:
        return cast(
            ConnectorWithSecret,
            (await self._t.call("POST", "/api/connectors", json_body=dict(body))).data,
        )

    def list(self, *, page_size: int = 100) -> AsyncIterator[Connector]:
        return self._t.offset_items("/api/connectors", _q(limit=page_size))

    async def get(self, connector_id: str) -> Connector:
        return cast(
            Connector, (await self._t.call("GET", f"/api/connectors/{_seg(connector_id)}")).data
        )

    async def delete(self, connector_id: str) -> None:
        await self._t.call("DELETE", f"/api/connectors/{_seg(connector_id)}")

    async def rotate_secret(
        self, connector_id: str, body: Mapping[str, Any] | None = None
    ) -> ConnectorWithSecret:
        answer = await self._t.call(
            "POST",
            f"/api/connectors/{_seg(connector_id)}/rotate-secret",
            json_body=dict(body or {}),
        )
        return cast(ConnectorWithSecret, answer.data)

    def list_events(
        self, connector_id: str, *, status: str | None = None, page_size: int = 100
    ) -> AsyncIterator[WebhookEvent]:
        return self._t.offset_items(
            f"/api/connectors/{_seg(connector_id)}/events", _q(limit=page_size, status=status)
        )

    async def get_event(self, connector_id: str, event_id: str) -> WebhookEvent:
        answer = await self._t.call(
            "GET", f"/api/connectors/{_seg(connector_id)}/events/{_seg(event_id)}"
        )
        return cast(WebhookEvent, answer.data)

    async def replay_event(self, connector_id: str, event_id: str) -> WebhookEvent:
        answer = await self._t.call(
            "POST", f"/api/connectors/{_seg(connector_id)}/events/{_seg(event_id)}/replay"
        )
        return cast(WebhookEvent, answer.data)


class AsyncWebhooks(_Resource):
    async def receive(
        self, endpoint_id: str, body: bytes, headers: Mapping[str, str]
    ) -> dict[str, Any]:
        """`POST /api/webhooks/{endpointId}`: what a sender does (the body signed by it).

        Authenticated by the signature headers in `headers`, not by the API key.
        """
        answer = await self._t.call(
            "POST",
            f"/api/webhooks/{_seg(endpoint_id)}",
            content=body,
            headers={"Content-Type": "application/json", **headers},
            auth=False,
            workspace=False,
        )
        return cast(dict[str, Any], answer.data)


class AsyncOAuth(_Resource):
    """The OAuth 2.1 authorization server's routes, one method each.

    These routes answer RFC 6749 bodies or HTML, not the envelope. The browser steps
    (`authorize`, sign-in, consent) return the raw `httpx.Response` (a page or a redirect).
    """

    async def metadata(self) -> dict[str, Any]:
        """`GET /.well-known/oauth-authorization-server` (RFC 8414)."""
        answer = await self._t.call(
            "GET", "/.well-known/oauth-authorization-server", auth=False, workspace=False
        )
        return cast(dict[str, Any], answer.data)

    async def authorize(self, params: Mapping[str, str]) -> httpx.Response:
        """`GET /authorize`: the sign-in page, or a redirect carrying an error."""
        return await self._raw("GET", "/authorize", params=params)

    async def sign_in(self, form: Mapping[str, str]) -> httpx.Response:
        """`POST /authorize/sign-in` (form-encoded)."""
        return await self._raw("POST", "/authorize/sign-in", form=form)

    async def consent_page(self, request_id: str) -> httpx.Response:
        """`GET /authorize/consent`."""
        return await self._raw("GET", "/authorize/consent", params={"request_id": request_id})

    async def decide(self, form: Mapping[str, str]) -> httpx.Response:
        """`POST /authorize/consent`: the user's decision; a redirect with `code` or `error`."""
        return await self._raw("POST", "/authorize/consent", form=form)

    async def token(self, form: Mapping[str, str]) -> TokenResponse:
        """`POST /token`: exchange a code or a refresh token (errors raise `OAuthError`)."""
        response = await self._raw("POST", "/token", form=form)
        _raise_oauth(response)
        return cast(TokenResponse, response.json())

    async def revoke(
        self, token: str, *, token_type_hint: str | None = None, client_id: str | None = None
    ) -> None:
        """`POST /revoke` (RFC 7009)."""
        form = {"token": token}
        if token_type_hint is not None:
            form["token_type_hint"] = token_type_hint
        if client_id is not None:
            form["client_id"] = client_id
        _raise_oauth(await self._raw("POST", "/revoke", form=form))

    async def _raw(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        form: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        content = str(httpx.QueryParams(dict(form))).encode() if form is not None else None
        headers = (
            {"Content-Type": "application/x-www-form-urlencoded"} if form is not None else None
        )
        response = await self._t.send(
            method,
            path,
            params=params,
            content=content,
            headers=headers,
            auth=False,
            workspace=False,
        )
        await response.aread()
        return response


def _raise_oauth(response: httpx.Response) -> None:
    if response.status_code < 400:
        return
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and "error" in body and isinstance(body["error"], str):
        raise OAuthError(body["error"], body.get("error_description"), response.status_code)
    decode(response)  # an envelope error (an unexpected failure): raises ApiError


class AsyncOAuthClients(_Resource):
    """Client applications registered by the workspace (scope `admin`)."""

    async def create(self, name: str, redirect_uri: str, scopes: Sequence[Scope]) -> OAuthClient:
        body = {"name": name, "redirectUri": redirect_uri, "scopes": _List(scopes)}
        return cast(
            OAuthClient, (await self._t.call("POST", "/api/oauth/clients", json_body=body)).data
        )

    def list(self, *, page_size: int = 100) -> AsyncIterator[OAuthClient]:
        return self._t.offset_items("/api/oauth/clients", _q(limit=page_size))

    async def get(self, client_id: str) -> OAuthClient:
        return cast(
            OAuthClient, (await self._t.call("GET", f"/api/oauth/clients/{_seg(client_id)}")).data
        )

    async def delete(self, client_id: str) -> None:
        await self._t.call("DELETE", f"/api/oauth/clients/{_seg(client_id)}")


class AsyncGraphQL(_Resource):
    """The GraphQL mirror; answers `{data, errors}` as GraphQL does."""

    async def execute(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        operation_name: str | None = None,
    ) -> GraphQLResponse:
        """`POST /graphql`."""
        body: dict[str, Any] = {"query": query}
        if variables is not None:
            body["variables"] = dict(variables)
        if operation_name is not None:
            body["operationName"] = operation_name
        return cast(GraphQLResponse, (await self._t.call("POST", "/graphql", json_body=body)).data)

    async def execute_get(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        operation_name: str | None = None,
    ) -> GraphQLResponse:
        """`GET /graphql?query=...` (queries only)."""
        params = _q(query=query, operationName=operation_name)
        if variables is not None:
            params["variables"] = json.dumps(variables)
        return cast(GraphQLResponse, (await self._t.call("GET", "/graphql", params=params)).data)


class AsyncEvents(_Resource):
    """The change feed: every committed change, in order."""

    def list(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
        page_size: int = 1000,
    ) -> AsyncIterator[ChangeEvent]:
        """`GET /api/events`, page after page until the end of the log (`hasMore` false)."""
        params = _q(after=after, types=types, entityType=entity_type, limit=page_size)
        return self._t.after_items("/api/events", params)

    async def page(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
        limit: int | None = None,
    ) -> Page:
        """One page of the feed; `meta.nextCursor` to follow it."""
        return await self._t.page(
            "/api/events", _q(after=after, types=types, entityType=entity_type, limit=limit)
        )

    async def stream(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
    ) -> AsyncIterator[ChangeEvent]:
        """`GET /api/events/stream` (Server-Sent Events): events as they commit.

        Ends when the service sends `event: disconnect` or closes the stream; resume with
        `after=` the `seq` of the last event received.
        """
        params = _q(after=after, types=types, entityType=entity_type)
        headers = {"Accept": "text/event-stream"}
        async with self._t.stream("/api/events/stream", params=params, headers=headers) as response:
            event = ""
            data: _List[str] = []
            async for line in response.aiter_lines():
                if line == "":
                    if data and event != "disconnect":
                        yield cast(ChangeEvent, json.loads("\n".join(data)))
                    if event == "disconnect":
                        return
                    event, data = "", []
                    continue
                if line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "event":
                    event = value
                elif name == "data":
                    data.append(value)


class AsyncWebhookSubscriptions(_Resource):
    """Outbound webhooks: the change feed pushed to a URL."""

    async def create(self, body: Mapping[str, Any]) -> EventSubscriptionWithSecret:
        answer = await self._t.call("POST", "/api/webhook-subscriptions", json_body=dict(body))
        return cast(EventSubscriptionWithSecret, answer.data)

    def list(self, *, page_size: int = 100) -> AsyncIterator[EventSubscription]:
        return self._t.offset_items("/api/webhook-subscriptions", _q(limit=page_size))

    async def get(self, subscription_id: str) -> EventSubscription:
        answer = await self._t.call("GET", f"/api/webhook-subscriptions/{_seg(subscription_id)}")
        return cast(EventSubscription, answer.data)

    async def update(self, subscription_id: str, changes: Mapping[str, Any]) -> EventSubscription:
        answer = await self._t.call(
            "PATCH", f"/api/webhook-subscriptions/{_seg(subscription_id)}", json_body=dict(changes)
        )
        return cast(EventSubscription, answer.data)

    async def delete(self, subscription_id: str) -> None:
        await self._t.call("DELETE", f"/api/webhook-subscriptions/{_seg(subscription_id)}")

    async def rotate_secret(
        self, subscription_id: str, body: Mapping[str, Any] | None = None
    ) -> EventSubscriptionWithSecret:
        answer = await self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/rotate-secret",
            json_body=dict(body or {}),
        )
        return cast(EventSubscriptionWithSecret, answer.data)

    async def ping(self, subscription_id: str) -> DeliveryAttempt:
        answer = await self._t.call(
            "POST", f"/api/webhook-subscriptions/{_seg(subscription_id)}/ping"
        )
        return cast(DeliveryAttempt, answer.data)

    async def redeliver(self, subscription_id: str, event_id: str) -> DeliveryAttempt:
        answer = await self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/redeliver",
            json_body={"eventId": event_id},
        )
        return cast(DeliveryAttempt, answer.data)

    async def replay(self, subscription_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        answer = await self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/replay",
            json_body=dict(body),
        )
        return cast(dict[str, Any], answer.data)

    def deliveries(
        self, subscription_id: str, *, page_size: int = 100
    ) -> AsyncIterator[DeliveryAttempt]:
        """`GET /api/webhook-subscriptions/{id}/deliveries`, newest first, every page."""
        return self._t.before_items(
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/deliveries", _q(limit=page_size)
        )


class AsyncClient:
    """The API on one `httpx.AsyncClient` connection pool.

    `api_key` goes in `Authorization: Bearer`, `workspace_id` in `x-workspace-id` (global
    routes such as `me()` do not need it). Close it (`aclose()`, or use it as a context manager)
    to close its connections.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        workspace_id: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        http_client: httpx.AsyncClient | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self._transport = AsyncTransport(
            base_url,
            api_key,
            workspace_id,
            timeout=timeout,
            retry=retry or RetryPolicy(),
            http_client=http_client,
            headers=headers,
        )
        t = self._transport
        self.system = AsyncSystem(t)
        self.workspaces = AsyncWorkspaces(t)
        self.api_keys = AsyncApiKeys(t)
        self.commands = AsyncCommands(t)
        self.nodes = AsyncNodes(t, self.commands)
        self.edges = AsyncEdges(t, self.commands)
        self.cypher = AsyncCypher(t)
        self.ontology = AsyncOntologyResource(t)
        self.imports = AsyncImports(t)
        self.live_data = AsyncLiveData(t)
        self.search = AsyncSearch(t)
        self.connectors = AsyncConnectors(t)
        self.webhooks = AsyncWebhooks(t)
        self.oauth = AsyncOAuth(t)
        self.oauth_clients = AsyncOAuthClients(t)
        self.graphql = AsyncGraphQL(t)
        self.events = AsyncEvents(t)
        self.webhook_subscriptions = AsyncWebhookSubscriptions(t)

    @property
    def workspace_id(self) -> str | None:
        return self._transport.workspace_id

    async def me(self) -> Me:
        """`GET /api/me`: the credential, its workspaces and scopes there."""
        return cast(Me, (await self._transport.call("GET", "/api/me", workspace=False)).data)

    async def aclose(self) -> None:
        await self._transport.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
