"""Error answers of the real service become typed exceptions."""

from __future__ import annotations

import socket

import pytest

from conftest import Service
from wos_sdk import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    Client,
    ClientError,
    ConflictError,
    NetworkError,
    NotFoundError,
    RetryPolicy,
)


def test_404_is_not_found_error(client: Client) -> None:
    with pytest.raises(NotFoundError) as caught:
        client.nodes.get("no-such-node")
    error = caught.value
    assert (error.status, error.code) == (404, "NOT_FOUND")
    assert isinstance(error, ClientError) and isinstance(error, ApiError)
    assert error.request_id is not None and error.request_id.startswith("req_")


def test_400_is_bad_request_error_with_issues(client: Client, entity_type: str) -> None:
    with pytest.raises(BadRequestError) as caught:
        client.nodes.create(entity_type, "")
    assert caught.value.code == "VALIDATION_ERROR"
    assert [i["path"] for i in caught.value.issues] == ["body.payload.name"]

    with pytest.raises(BadRequestError) as bad_cursor:
        client.nodes.page(cursor="not-a-cursor")
    assert bad_cursor.value.code == "INVALID_CURSOR"


def test_409_is_conflict_error_with_details(client: Client, entity_type: str) -> None:
    node = client.nodes.create(entity_type, "versioned")
    with pytest.raises(ConflictError) as caught:
        client.nodes.update(node["id"], name="stale", expected_version=7)
    assert caught.value.code == "VERSION_CONFLICT"
    assert caught.value.details["currentVersion"] == 1


def test_401_is_authentication_error(service: Service) -> None:
    with Client(service.base_url, "wos_" + "x" * 43, service.workspace_id) as stranger:
        with pytest.raises(AuthenticationError) as caught:
            stranger.me()
    assert caught.value.code == "UNAUTHENTICATED"


def test_no_answer_is_network_error() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    policy = RetryPolicy(max_retries=2, initial_backoff=0.01)
    with Client(f"http://127.0.0.1:{port}", "k", "w", retry=policy) as nowhere:
        with pytest.raises(NetworkError) as caught:
            nowhere.me()
    assert not isinstance(caught.value, ApiError)


def test_retry_after_reads_seconds_and_http_dates() -> None:
    from wos_sdk.errors import parse_retry_after

    now = 1_700_000_000.0
    assert parse_retry_after("7", now) == 7.0
    assert parse_retry_after(" 0 ", now) == 0.0
    assert parse_retry_after("Tue, 14 Nov 2023 22:13:50 GMT", now) == pytest.approx(30.0)
    # A date already past means: now.
    assert parse_retry_after("Tue, 14 Nov 2023 22:00:00 GMT", now) == 0.0
    assert parse_retry_after("-3", now) is None
    assert parse_retry_after("soon", now) is None
    assert parse_retry_after(None, now) is None
