"""The retry policy, against a scripted transport (no service needed)."""

from __future__ import annotations

import httpx
import pytest

from wos_sdk import (
    AsyncClient,
    Client,
    NetworkError,
    RateLimitError,
    RetryPolicy,
    ServiceUnavailableError,
)

FAST = RetryPolicy(max_retries=3, initial_backoff=0.001, max_backoff=0.002, max_retry_after=5)


def _client(answers: list[httpx.Response | Exception], seen: list[httpx.Request]) -> Client:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    http = httpx.Client(base_url="http://wos.test", transport=httpx.MockTransport(handler))
    return Client("http://wos.test", "wos_key", "ws-1", retry=FAST, http_client=http)


def _error(status: int, code: str, retry_after: str | None = None) -> httpx.Response:
    headers = {"Retry-After": retry_after} if retry_after else {}
    body = {"success": False, "error": {"code": code, "message": code}, "requestId": "req_1"}
    return httpx.Response(status, json=body, headers=headers)


def _node_answer() -> httpx.Response:
    data = {"commandId": "c1", "type": "CREATE_NODE", "result": {"id": "n1"}}
    return httpx.Response(201, json={"success": True, "data": data, "requestId": "req_2"})


def test_headers_are_the_services() -> None:
    seen: list[httpx.Request] = []
    client = _client([httpx.Response(200, json={"success": True, "data": {}})], seen)
    client.ontology.get()
    assert seen[0].headers["authorization"] == "Bearer wos_key"
    assert seen[0].headers["x-workspace-id"] == "ws-1"


def test_a_read_is_retried_after_503_and_network_errors() -> None:
    seen: list[httpx.Request] = []
    client = _client(
        [
            _error(503, "SERVICE_UNAVAILABLE", "0"),
            httpx.ConnectError("refused"),
            httpx.Response(200, json={"success": True, "data": {"id": "n1"}}),
        ],
        seen,
    )
    assert client.nodes.get("n1")["id"] == "n1"
    assert len(seen) == 3


def test_every_command_carries_one_key_kept_across_retries() -> None:
    seen: list[httpx.Request] = []
    client = _client(
        [httpx.ReadError("cut"), _error(429, "RATE_LIMITED", "0"), _node_answer()], seen
    )
    client.nodes.create("Pump", "p")
    keys = {r.headers["idempotency-key"] for r in seen}
    assert len(seen) == 3 and len(keys) == 1


def test_a_write_without_key_is_never_sent_twice() -> None:
    seen: list[httpx.Request] = []
    client = _client([httpx.ReadError("cut")], seen)
    with pytest.raises(NetworkError):
        client.api_keys.create("k", ["read:nodes"])
    seen.clear()
    client = _client([_error(503, "SERVICE_UNAVAILABLE", "0")], seen)
    with pytest.raises(ServiceUnavailableError):
        client.api_keys.create("k", ["read:nodes"])
    assert len(seen) == 1


def test_a_retry_after_beyond_the_bound_is_raised_at_once() -> None:
    seen: list[httpx.Request] = []
    client = _client([_error(429, "RATE_LIMITED", "30")], seen)
    with pytest.raises(RateLimitError) as caught:
        client.me()
    assert caught.value.retry_after == 30 and len(seen) == 1


def test_backoff_grows_exponentially_with_jitter() -> None:
    policy = RetryPolicy(initial_backoff=1, max_backoff=8)
    for attempt, ceiling in [(0, 1), (1, 2), (2, 4), (3, 8), (6, 8)]:
        waits = [policy.backoff(attempt) for _ in range(50)]
        assert all(ceiling / 2 <= w <= ceiling for w in waits)
        assert len(set(waits)) > 1


async def test_the_async_client_retries_a_command_with_its_key() -> None:
    seen: list[httpx.Request] = []
    answers: list[httpx.Response | Exception] = [httpx.ReadError("cut"), _node_answer()]

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    http = httpx.AsyncClient(base_url="http://wos.test", transport=httpx.MockTransport(handler))
    client = AsyncClient("http://wos.test", "wos_key", "ws-1", retry=FAST, http_client=http)
    node = await client.nodes.create("Pump", "p")
    await http.aclose()
    assert node["id"] == "n1"
    assert (
        len(seen) == 2 and seen[0].headers["idempotency-key"] == seen[1].headers["idempotency-key"]
    )
