"""Who may do what: workspaces, API keys, OAuth clients and the OAuth routes.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
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


class Workspaces(Resource):
    def list(self, *, page_size: int = 100) -> Iterator[Workspace]:
        """`GET /api/workspaces`: the workspaces the credential may use."""
        return self._t.offset_items("/api/workspaces", _q(limit=page_size))


class ApiKeys(Resource):
    """API keys of the workspace (scope `admin`)."""

    def create(
        self, name: str, scopes: Sequence[Scope], *, expires_at: str | None = None
    ) -> ApiKeyCreated:
        """`POST /api/api-keys`: the answer holds the secret, shown only now."""
        body: dict[str, Any] = {"name": name, "scopes": _List(scopes)}
        if expires_at is not None:
            body["expiresAt"] = expires_at
        return cast(
            ApiKeyCreated, (self._t.call("POST", "/api/api-keys", json_body=body)).data
        )

    def list(self, *, page_size: int = 100) -> Iterator[ApiKey]:
        """`GET /api/api-keys`, every page."""
        return self._t.offset_items("/api/api-keys", _q(limit=page_size))

    def get(self, key_id: str) -> ApiKey:
        """`GET /api/api-keys/{id}`."""
        return cast(ApiKey, (self._t.call("GET", f"/api/api-keys/{_seg(key_id)}")).data)

    def revoke(self, key_id: str) -> None:
        """`DELETE /api/api-keys/{id}` (harmless when already revoked)."""
        self._t.call("DELETE", f"/api/api-keys/{_seg(key_id)}")


class OAuth(Resource):
    """The OAuth 2.1 authorization server's routes, one method each.

    These routes answer RFC 6749 bodies or HTML, not the envelope. The browser steps
    (`authorize`, sign-in, consent) return the raw `httpx.Response` (a page or a redirect).
    """

    def metadata(self) -> dict[str, Any]:
        """`GET /.well-known/oauth-authorization-server` (RFC 8414)."""
        answer = self._t.call(
            "GET", "/.well-known/oauth-authorization-server", auth=False, workspace=False
        )
        return cast(dict[str, Any], answer.data)

    def authorize(self, params: Mapping[str, str]) -> httpx.Response:
        """`GET /authorize`: the sign-in page, or a redirect carrying an error."""
        return self._raw("GET", "/authorize", params=params)

    def sign_in(self, form: Mapping[str, str]) -> httpx.Response:
        """`POST /authorize/sign-in` (form-encoded)."""
        return self._raw("POST", "/authorize/sign-in", form=form)

    def consent_page(self, request_id: str) -> httpx.Response:
        """`GET /authorize/consent`."""
        return self._raw("GET", "/authorize/consent", params={"request_id": request_id})

    def decide(self, form: Mapping[str, str]) -> httpx.Response:
        """`POST /authorize/consent`: the user's decision; a redirect with `code` or `error`."""
        return self._raw("POST", "/authorize/consent", form=form)

    def token(self, form: Mapping[str, str]) -> TokenResponse:
        """`POST /token`: exchange a code or a refresh token (errors raise `OAuthError`)."""
        response = self._raw("POST", "/token", form=form)
        _raise_oauth(response)
        return cast(TokenResponse, response.json())

    def revoke(
        self, token: str, *, token_type_hint: str | None = None, client_id: str | None = None
    ) -> None:
        """`POST /revoke` (RFC 7009)."""
        form = {"token": token}
        if token_type_hint is not None:
            form["token_type_hint"] = token_type_hint
        if client_id is not None:
            form["client_id"] = client_id
        _raise_oauth(self._raw("POST", "/revoke", form=form))

    def _raw(
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
        response = self._t.send(
            method,
            path,
            params=params,
            content=content,
            headers=headers,
            auth=False,
            workspace=False,
        )
        response.read()
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


class OAuthClients(Resource):
    """Client applications registered by the workspace (scope `admin`)."""

    def create(self, name: str, redirect_uri: str, scopes: Sequence[Scope]) -> OAuthClient:
        body = {"name": name, "redirectUri": redirect_uri, "scopes": _List(scopes)}
        return cast(
            OAuthClient, (self._t.call("POST", "/api/oauth/clients", json_body=body)).data
        )

    def list(self, *, page_size: int = 100) -> Iterator[OAuthClient]:
        return self._t.offset_items("/api/oauth/clients", _q(limit=page_size))

    def get(self, client_id: str) -> OAuthClient:
        return cast(
            OAuthClient, (self._t.call("GET", f"/api/oauth/clients/{_seg(client_id)}")).data
        )

    def delete(self, client_id: str) -> None:
        self._t.call("DELETE", f"/api/oauth/clients/{_seg(client_id)}")
