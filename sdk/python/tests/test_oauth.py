"""The authorization-code flow with PKCE against the service's OAuth server: a user signs in
and consents (the browser is played by a cookie-keeping HTTP client, as the service's own
end-to-end tests do), the code is exchanged, the access token is refreshed when it expires
and after a 401, and sign-out revokes the sign-in."""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from conftest import Service
from wos_sdk import (
    AsyncClient,
    AsyncOAuthSession,
    AuthenticationError,
    AuthorizationRequest,
    Client,
    OAuthError,
    OAuthSession,
    TokenSet,
    start_authorization,
)
from wos_sdk.types import Scope

REDIRECT_URI = "http://127.0.0.1:8765/callback"
SCOPES: list[Scope] = ["read:nodes", "write:nodes"]


@dataclass(frozen=True)
class User:
    email: str
    password: str


@pytest.fixture(scope="module")
def user() -> User:
    email, password = os.environ.get("WOS_USER_EMAIL"), os.environ.get("WOS_USER_PASSWORD")
    if not email or not password:
        pytest.skip("WOS_USER_EMAIL and WOS_USER_PASSWORD name no user of the service")
    return User(email, password)


@pytest.fixture
def client_id(client: Client) -> Iterator[str]:
    registered = client.oauth_clients.create("sdk pkce test", REDIRECT_URI, SCOPES)
    yield registered["clientId"]
    client.oauth_clients.delete(registered["clientId"])


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no field {name} in {html[:500]}"
    return found.group(1)


def sign_in_and_consent(
    service: Service, request: AuthorizationRequest, user: User, decision: str = "allow"
) -> str:
    """What the user does in the browser; returns the URL it is redirected back to."""
    with httpx.Client(base_url=service.base_url) as browser:
        page = browser.get(request.url)
        assert page.status_code == 200, page.text
        signed_in = browser.post(
            "/authorize/sign-in",
            data={
                "request_id": _field(page.text, "request_id"),
                "csrf_token": _field(page.text, "csrf_token"),
                "email": user.email,
                "password": user.password,
            },
        )
        assert signed_in.status_code == 303, signed_in.text
        consent = browser.get(f"/authorize/{signed_in.headers['location']}")
        decided = browser.post(
            "/authorize/consent",
            data={
                "request_id": _field(consent.text, "request_id"),
                "csrf_token": _field(consent.text, "csrf_token"),
                "decision": decision,
            },
        )
        assert decided.status_code == 303, decided.text
        return decided.headers["location"]


class Clock:
    """A clock the test moves forward, to expire the access token without waiting an hour."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_authorization_url_carries_an_s256_challenge() -> None:
    request = start_authorization("http://127.0.0.1:3000", "cli_x", REDIRECT_URI, SCOPES)
    query = {k: v[0] for k, v in parse_qs(urlsplit(request.url).query).items()}
    assert request.url.startswith("http://127.0.0.1:3000/authorize?")
    digest = hashlib.sha256(request.code_verifier.encode()).digest()
    assert query == {
        "response_type": "code",
        "client_id": "cli_x",
        "redirect_uri": REDIRECT_URI,
        "scope": "read:nodes write:nodes",
        "state": request.state,
        "code_challenge": base64.urlsafe_b64encode(digest).rstrip(b"=").decode(),
        "code_challenge_method": "S256",
    }
    assert 43 <= len(request.code_verifier) <= 128 and request.code_verifier not in request.url
    other = start_authorization("http://127.0.0.1:3000", "cli_x", REDIRECT_URI, SCOPES)
    assert other.state != request.state and other.code_verifier != request.code_verifier


def test_a_redirect_that_does_not_answer_the_request_is_refused() -> None:
    request = start_authorization("http://127.0.0.1:3000", "cli_x", REDIRECT_URI, SCOPES)
    back = f"{REDIRECT_URI}?code=c1&state={request.state}&iss=http%3A%2F%2F127.0.0.1%3A3000"
    assert request.code_from(back) == "c1"
    with pytest.raises(OAuthError) as state:
        request.code_from(f"{REDIRECT_URI}?code=c1&state=forged")
    assert state.value.error == "invalid_state"
    with pytest.raises(OAuthError) as issuer:
        request.code_from(f"{REDIRECT_URI}?code=c1&state={request.state}&iss=http://evil")
    assert issuer.value.error == "invalid_issuer"


def test_sign_in_refresh_on_expiry_and_on_401_then_sign_out(
    service: Service, user: User, client_id: str
) -> None:
    request = start_authorization(service.base_url, client_id, REDIRECT_URI, SCOPES)
    callback = sign_in_and_consent(service, request, user)
    clock = Clock()
    seen: list[TokenSet] = []
    session = OAuthSession.exchange(
        service.base_url, request, callback, clock=clock, on_tokens=seen.append
    )
    with session, Client(service.base_url, session, service.workspace_id) as client:
        me = client.me()
        assert me["kind"] == "oauth_token" and me["name"] == user.email
        node = client.nodes.create("OAuthMade", "made as the user")
        first = session.tokens

        # An hour later the access token has expired: the next call refreshes it first.
        clock.now += 3600
        assert client.nodes.get(node["id"])["id"] == node["id"]
        second = session.tokens
        assert second.access_token != first.access_token
        assert second.refresh_token != first.refresh_token  # refresh tokens rotate

        # The access token revoked alone: the 401 makes the session refresh, once.
        client.oauth.revoke(
            second.access_token, token_type_hint="access_token", client_id=client_id
        )
        assert client.nodes.get(node["id"])["id"] == node["id"]
        assert session.tokens.access_token != second.access_token
        assert [t.access_token for t in seen] == [
            first.access_token,
            second.access_token,
            session.tokens.access_token,
        ]

        # Sign-out revokes the whole sign-in: the next call is a 401, not another refresh.
        session.revoke()
        with pytest.raises(AuthenticationError):
            client.me()
    with httpx.Client(base_url=service.base_url) as raw:
        refused = raw.post(
            "/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": session.tokens.refresh_token or "",
                "client_id": client_id,
            },
        )
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"


def test_callers_racing_past_expiry_share_one_refresh(
    service: Service, user: User, client_id: str
) -> None:
    # A refresh token is single use: two refreshes with it would revoke the sign-in.
    request = start_authorization(service.base_url, client_id, REDIRECT_URI, SCOPES)
    clock = Clock()
    seen: list[TokenSet] = []
    session = OAuthSession.exchange(
        service.base_url,
        request,
        sign_in_and_consent(service, request, user),
        clock=clock,
        on_tokens=seen.append,
    )
    with session, Client(service.base_url, session, service.workspace_id) as client:
        clock.now += 3600
        with ThreadPoolExecutor(max_workers=8) as pool:
            kinds = list(pool.map(lambda _: client.me()["kind"], range(8)))
        assert kinds == ["oauth_token"] * 8
        assert len(seen) == 2, "expected the first tokens and exactly one refresh"
        session.revoke()


def test_a_denied_consent_raises_access_denied(
    service: Service, user: User, client_id: str
) -> None:
    request = start_authorization(service.base_url, client_id, REDIRECT_URI, ["read:nodes"])
    callback = sign_in_and_consent(service, request, user, decision="deny")
    with pytest.raises(OAuthError) as denied:
        OAuthSession.exchange(service.base_url, request, callback)
    assert denied.value.error == "access_denied"


async def test_the_async_session(service: Service, user: User, client_id: str) -> None:
    request = start_authorization(service.base_url, client_id, REDIRECT_URI, ["read:nodes"])
    callback = sign_in_and_consent(service, request, user)
    clock = Clock()
    async with await AsyncOAuthSession.exchange(
        service.base_url, request, callback, clock=clock
    ) as session:
        async with AsyncClient(service.base_url, session, service.workspace_id) as client:
            assert (await client.me())["kind"] == "oauth_token"
            before = session.tokens.access_token
            clock.now += 3600
            assert (await client.me())["kind"] == "oauth_token"
            assert session.tokens.access_token != before
            await session.revoke()
            with pytest.raises(AuthenticationError):
                await client.me()
