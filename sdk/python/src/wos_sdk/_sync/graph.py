"""Nodes, edges, Cypher, and the commands that change them.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, cast

from .. import commands as cmd
from .._core import Page, filter_params, new_idempotency_key
from ..commands import BatchBuilder, BatchResult, Command, CommandResult
from ..types import (
    CypherResult,
    Edge,
    Node,
    Properties,
    Subgraph,
)
from .resource import Resource, _List, _q, _seg
from .transport import SyncTransport


class Commands(Resource):
    """Writes: one command, or a batch applied in one transaction.

    Every call carries an `Idempotency-Key` (a fresh one unless you pass yours), so a
    command whose answer was lost is sent again safely: the service replays the first
    answer (`replayed` is then True) instead of executing twice.
    """

    def execute(
        self, command: Command, *, idempotency_key: str | None = None
    ) -> CommandResult:
        """`POST /api/commands/execute` with `{type, payload}`."""
        key = idempotency_key or new_idempotency_key()
        answer = self._t.call(
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

    def batch(
        self, commands: BatchBuilder | Sequence[Command], *, idempotency_key: str | None = None
    ) -> BatchResult:
        """`POST /api/commands/batch`: 1 to 1,000 commands, all applied or none."""
        body = commands.commands if isinstance(commands, BatchBuilder) else _List(commands)
        key = idempotency_key or new_idempotency_key()
        answer = self._t.call(
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

    def undo(self, *, idempotency_key: str | None = None) -> CommandResult:
        """UNDO the caller's last command (or batch)."""
        return self.execute({"type": "UNDO", "payload": {}}, idempotency_key=idempotency_key)

    def redo(self, *, idempotency_key: str | None = None) -> CommandResult:
        """REDO the caller's last undone command."""
        return self.execute({"type": "REDO", "payload": {}}, idempotency_key=idempotency_key)


class Nodes(Resource):
    """Entities: reads, and the node commands as methods."""

    def __init__(self, transport: SyncTransport, commands: Commands) -> None:
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
    ) -> Iterator[Node]:
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

    def page(
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
        return self._t.page("/api/queries/nodes", params)

    def get(self, node_id: str) -> Node:
        """`GET /api/queries/nodes/{id}` (404 raises `NotFoundError`)."""
        return cast(Node, (self._t.call("GET", f"/api/queries/nodes/{_seg(node_id)}")).data)

    def neighbors(
        self,
        node_id: str,
        *,
        depth: int | None = None,
        direction: Literal["out", "in", "both"] | None = None,
        types: Sequence[str] | None = None,
    ) -> Subgraph:
        """`GET /api/queries/nodes/{id}/neighbors`: the node, its neighbours, the edges."""
        params = _q(depth=depth, direction=direction, type=types)
        answer = self._t.call(
            "GET", f"/api/queries/nodes/{_seg(node_id)}/neighbors", params=params
        )
        return cast(Subgraph, answer.data)

    def create(
        self,
        entity_type: str,
        name: str,
        properties: Properties | None = None,
        *,
        id: str | None = None,  # noqa: A002
        idempotency_key: str | None = None,
    ) -> Node:
        """CREATE_NODE; the node as stored."""
        done = self._commands.execute(
            cmd.create_node(entity_type, name, properties, id=id), idempotency_key=idempotency_key
        )
        return cast(Node, done.result)

    def update(
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
        done = self._commands.execute(command, idempotency_key=idempotency_key)
        return cast(Node, done.result)

    def delete(
        self,
        node_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """DELETE_NODE (its edges go too): `{id, deleted, deletedEdgeIds}`."""
        done = self._commands.execute(
            cmd.delete_node(node_id, expected_version=expected_version),
            idempotency_key=idempotency_key,
        )
        return done.result


class Edges(Resource):
    """Relationships: reads, and the edge commands as methods."""

    def __init__(self, transport: SyncTransport, commands: Commands) -> None:
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
    ) -> Iterator[Edge]:
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

    def page(
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
        return self._t.page("/api/queries/edges", params)

    def get(self, edge_id: str) -> Edge:
        """`GET /api/queries/edges/{id}`."""
        return cast(Edge, (self._t.call("GET", f"/api/queries/edges/{_seg(edge_id)}")).data)

    def create(
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
        done = self._commands.execute(
            cmd.create_edge(type, source_id, target_id, properties, id=id),
            idempotency_key=idempotency_key,
        )
        return cast(Edge, done.result)

    def delete(
        self,
        edge_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """DELETE_EDGE: `{id, deleted}`."""
        done = self._commands.execute(
            cmd.delete_edge(edge_id, expected_version=expected_version),
            idempotency_key=idempotency_key,
        )
        return done.result


class Cypher(Resource):
    def run(self, query: str, parameters: Mapping[str, Any] | None = None) -> CypherResult:
        """`POST /api/queries/cypher`: a read-only query; `{columns, rows}`."""
        body: dict[str, Any] = {"query": query}
        if parameters is not None:
            body["parameters"] = dict(parameters)
        return cast(
            CypherResult, (self._t.call("POST", "/api/queries/cypher", json_body=body)).data
        )
