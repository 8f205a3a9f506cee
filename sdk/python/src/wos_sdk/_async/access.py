"""Who may do what: workspaces, API keys, OAuth clients and the OAuth routes.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, cast

import httpx

from .._core import decode
from ..errors import OAuthError
from ..types import (
    ApiKey,
    ApiKeyCreated,
    OAuthClient,
    Scope,
    TokenResponse,
    Workspace,
)
from .resource import Resource, _List, _q, _seg


class AsyncWorkspaces(Resource):
    def list(self, *, page_size: int = 100) -> AsyncIterator[Workspace]:
        """`GET /api/workspaces`: the workspaces the credential may use."""
        return self._t.offset_items("/api/workspaces", _q(limit=page_size))


class AsyncApiKeys(Resource):
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


class AsyncOAuth(Resource):
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


class AsyncOAuthClients(Resource):
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
