"""The browser half of the OAuth authorization-code flow with PKCE (RFC 7636, S256).

`start_authorization()` makes the code verifier, its challenge and a state, and the URL to
send the user's browser to; `AuthorizationRequest.code_from()` checks the redirect that
comes back (state, issuer, error) and returns the code, which `OAuthSession.exchange()`
(or `AsyncOAuthSession.exchange()`) redeems for tokens. The verifier and challenge come
from oauthlib, the reference OAuth implementation for Python.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from oauthlib.oauth2 import WebApplicationClient

from .errors import OAuthError
from .types import TokenResponse

__all__ = ["AuthorizationRequest", "TokenSet", "start_authorization"]


@dataclass(frozen=True)
class AuthorizationRequest:
    """One sign-in in progress: keep it (the verifier never goes into a URL) until the
    browser comes back to `redirect_uri`."""

    url: str
    """Where to send the browser: the service's `/authorize` with every parameter."""
    issuer: str
    client_id: str
    redirect_uri: str
    scopes: tuple[str, ...]
    state: str
    code_verifier: str
    code_challenge: str

    def code_from(self, callback_url: str) -> str:
        """The code of the redirect to `redirect_uri`, once its `state` and `iss` check.

        A refusal (`error=access_denied`, ...) raises `OAuthError` with that error; a state
        or issuer that differs raises `OAuthError("invalid_state" / "invalid_issuer")`: the
        redirect is not an answer to this request and must be ignored.
        """
        query = {k: v[0] for k, v in parse_qs(urlsplit(callback_url).query).items()}
        if query.get("state") != self.state:
            raise OAuthError("invalid_state", "the state differs from the request's", 400)
        if "iss" in query and query["iss"].rstrip("/") != self.issuer.rstrip("/"):
            raise OAuthError("invalid_issuer", f"issued by {query['iss']}", 400)
        if "error" in query:
            raise OAuthError(query["error"], query.get("error_description"), 400)
        code = query.get("code")
        if not code:
            raise OAuthError("invalid_request", "the redirect carries no code", 400)
        return code


def start_authorization(
    issuer: str,
    client_id: str,
    redirect_uri: str,
    scopes: Sequence[str],
    *,
    authorization_endpoint: str | None = None,
) -> AuthorizationRequest:
    """A new authorization request: a fresh state, verifier and S256 challenge.

    `issuer` is the service's base URL (its `issuer` metadata); `redirect_uri` must be the
    client's registered one, byte for byte.
    """
    pkce = WebApplicationClient(client_id)
    verifier = pkce.create_code_verifier(64)
    challenge = pkce.create_code_challenge(verifier, "S256")
    state = secrets.token_urlsafe(24)
    query = urlencode(
        {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "scope": " ".join(scopes),
            "state": state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
    )
    endpoint = authorization_endpoint or issuer.rstrip("/") + "/authorize"
    return AuthorizationRequest(
        url=f"{endpoint}?{query}",
        issuer=issuer,
        client_id=client_id,
        redirect_uri=redirect_uri,
        scopes=tuple(scopes),
        state=state,
        code_verifier=verifier,
        code_challenge=challenge,
    )


@dataclass(frozen=True)
class TokenSet:
    """The tokens of one sign-in, and when the access token expires (`time.time()` scale)."""

    access_token: str
    refresh_token: str | None
    expires_at: float
    scope: str

    @classmethod
    def from_response(cls, answer: TokenResponse, now: float) -> TokenSet:
        return cls(
            access_token=answer["access_token"],
            refresh_token=answer.get("refresh_token"),
            expires_at=now + float(answer["expires_in"]),
            scope=answer.get("scope", ""),
        )
