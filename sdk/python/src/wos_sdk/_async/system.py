"""Public routes (health, metrics, documents) and the GraphQL mirror.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from ..types import (
    GraphQLResponse,
)
from .resource import Resource, _q, _seg


class AsyncSystem(Resource):
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


class AsyncGraphQL(Resource):
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
