"""Credentials that change: a token provider, and the OAuth session that is one.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

import httpx

from .._concurrency import Lock
from .._core import RetryPolicy
from ..authorization import AuthorizationRequest, TokenSet
from ..errors import OAuthError
from ..types import TokenResponse
from .access import OAuth
from .transport import SyncTransport


@runtime_checkable
class TokenProvider(Protocol):
    """What a client takes instead of an API key: a bearer token that may change."""

    def token(self) -> str:
        """The token to send now (refreshed first when it has expired)."""
        ...

    def rejected(self, token: str) -> bool:
        """`token` got a 401: renew it if possible; True when a new one may be tried."""
        ...


class OAuthSession:
    """An OAuth sign-in as a token provider: pass it to a client in place of an API key.

    The access token is refreshed (`grant_type=refresh_token`) when it is within
    `refresh_leeway` seconds of expiring, and once when the service answers 401 to it (a
    revoked token). One refresh runs at a time: a refresh token is single use, and presenting
    a retired one again revokes the whole sign-in. `on_tokens` is called with every new
    `TokenSet` (to keep them across restarts). `revoke()` signs out.
    """

    def __init__(
        self,
        base_url: str,
        client_id: str,
        tokens: TokenSet,
        *,
        refresh_leeway: float = 30.0,
        on_tokens: Callable[[TokenSet], None] | None = None,
        clock: Callable[[], float] = time.time,
        timeout: float = 30.0,
        http_client: httpx.Client | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.client_id = client_id
        self.tokens = tokens
        self.refresh_leeway = refresh_leeway
        self._on_tokens = on_tokens
        self._clock = clock
        self._lock = Lock()
        self.signed_out = False
        """True after `revoke()`: requests then fail with `AuthenticationError`."""
        self._transport = SyncTransport(
            base_url,
            None,
            None,
            timeout=timeout,
            retry=RetryPolicy(),
            http_client=http_client,
            headers=headers,
        )
        self._oauth = OAuth(self._transport)

    @classmethod
    def exchange(
        cls,
        base_url: str,
        request: AuthorizationRequest,
        callback_url: str,
        *,
        refresh_leeway: float = 30.0,
        on_tokens: Callable[[TokenSet], None] | None = None,
        clock: Callable[[], float] = time.time,
        http_client: httpx.Client | None = None,
    ) -> OAuthSession:
        """Redeems the code of `callback_url` (checked against `request`) for tokens."""
        code = request.code_from(callback_url)
        # Expired from the start: it holds tokens only once the code is redeemed below.
        session = cls(
            base_url,
            request.client_id,
            TokenSet("", None, 0.0, ""),
            refresh_leeway=refresh_leeway,
            on_tokens=on_tokens,
            clock=clock,
            http_client=http_client,
        )
        answer = session._oauth.token(
            {
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": request.redirect_uri,
                "client_id": request.client_id,
                "code_verifier": request.code_verifier,
            }
        )
        session._keep(answer)
        return session

    def token(self) -> str:
        if self.signed_out:
            return self.tokens.access_token  # revoked: the service answers 401
        if self._clock() >= self.tokens.expires_at - self.refresh_leeway:
            with self._lock:
                # Another caller may have refreshed while this one waited for the lock.
                if self._clock() >= self.tokens.expires_at - self.refresh_leeway:
                    self._refresh()
        return self.tokens.access_token

    def rejected(self, token: str) -> bool:
        with self._lock:
            if token != self.tokens.access_token:
                return True  # already replaced by a refresh
            if self.tokens.refresh_token is None or self.signed_out:
                return False
            try:
                self._refresh()
            except OAuthError as error:
                if error.error != "invalid_grant":
                    raise
                return False  # the sign-in is over (revoked, expired): the 401 stands
            return True

    def refresh(self, *, scope: str | None = None) -> TokenSet:
        """A new access and refresh token now (`scope` may narrow the scopes)."""
        with self._lock:
            self._refresh(scope)
        return self.tokens

    def revoke(self) -> None:
        """Signs out: revokes the refresh token and with it every access token of the sign-in."""
        with self._lock:
            token = self.tokens.refresh_token or self.tokens.access_token
            hint = "refresh_token" if self.tokens.refresh_token else "access_token"
            self._oauth.revoke(token, token_type_hint=hint, client_id=self.client_id)
            self.signed_out = True

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> OAuthSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _refresh(self, scope: str | None = None) -> None:
        if self.tokens.refresh_token is None:
            raise RuntimeError("this sign-in has no refresh token")
        form = {
            "grant_type": "refresh_token",
            "refresh_token": self.tokens.refresh_token,
            "client_id": self.client_id,
        }
        if scope is not None:
            form["scope"] = scope
        self._keep(self._oauth.token(form))

    def _keep(self, answer: TokenResponse) -> None:
        self.tokens = TokenSet.from_response(answer, self._clock())
        if self._on_tokens is not None:
            self._on_tokens(self.tokens)
