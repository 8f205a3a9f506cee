"""`Client`: every operation of the API, grouped by area.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import httpx

from .._core import RetryPolicy
from ..types import Me
from .access import ApiKeys, OAuth, OAuthClients, Workspaces
from .data import LiveData, Search
from .events import Connectors, Events, Webhooks, WebhookSubscriptions
from .graph import Commands, Cypher, Edges, Nodes
from .ontology import Imports, OntologyResource
from .system import GraphQL, System
from .transport import SyncTransport

if TYPE_CHECKING:
    from .auth import TokenProvider


class Client:
    """The API on one `httpx.Client` connection pool.

    `api_key` goes in `Authorization: Bearer`, `workspace_id` in `x-workspace-id` (global
    routes such as `me()` do not need it). In place of a key, a token provider such as an
    `OAuthSession` gives a token for each request, renewed when it expires. Close it
    (`close()`, or use it as a context manager) to close its connections.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | TokenProvider | None,
        workspace_id: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        http_client: httpx.Client | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self._transport = SyncTransport(
            base_url,
            api_key,
            workspace_id,
            timeout=timeout,
            retry=retry or RetryPolicy(),
            http_client=http_client,
            headers=headers,
        )
        t = self._transport
        self.system = System(t)
        self.workspaces = Workspaces(t)
        self.api_keys = ApiKeys(t)
        self.commands = Commands(t)
        self.nodes = Nodes(t, self.commands)
        self.edges = Edges(t, self.commands)
        self.cypher = Cypher(t)
        self.ontology = OntologyResource(t)
        self.imports = Imports(t)
        self.live_data = LiveData(t)
        self.search = Search(t)
        self.connectors = Connectors(t)
        self.webhooks = Webhooks(t)
        self.oauth = OAuth(t)
        self.oauth_clients = OAuthClients(t)
        self.graphql = GraphQL(t)
        self.events = Events(t)
        self.webhook_subscriptions = WebhookSubscriptions(t)

    @property
    def workspace_id(self) -> str | None:
        return self._transport.workspace_id

    def me(self) -> Me:
        """`GET /api/me`: the credential, its workspaces and scopes there."""
        return cast(Me, (self._transport.call("GET", "/api/me", workspace=False)).data)

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
