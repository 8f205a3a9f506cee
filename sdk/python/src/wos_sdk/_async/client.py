"""`AsyncClient`: every operation of the API, grouped by area.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import httpx

from .._core import RetryPolicy
from ..types import Me
from .access import AsyncApiKeys, AsyncOAuth, AsyncOAuthClients, AsyncWorkspaces
from .data import AsyncLiveData, AsyncSearch
from .events import AsyncConnectors, AsyncEvents, AsyncWebhooks, AsyncWebhookSubscriptions
from .graph import AsyncCommands, AsyncCypher, AsyncEdges, AsyncNodes
from .ontology import AsyncImports, AsyncOntologyResource
from .system import AsyncGraphQL, AsyncSystem
from .transport import AsyncTransport

if TYPE_CHECKING:
    from .auth import AsyncTokenProvider


class AsyncClient:
    """The API on one `httpx.AsyncClient` connection pool.

    `api_key` goes in `Authorization: Bearer`, `workspace_id` in `x-workspace-id` (global
    routes such as `me()` do not need it). In place of a key, a token provider such as an
    `AsyncOAuthSession` gives a token for each request, renewed when it expires. Close it
    (`aclose()`, or use it as a context manager) to close its connections.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | AsyncTokenProvider | None,
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
