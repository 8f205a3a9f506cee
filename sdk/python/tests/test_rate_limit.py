"""A real 429: the client waits what `Retry-After` says, within its bound.

The Starter plan allows 60 requests per calendar minute, so the wait after spending the
budget is up to a minute. To keep the run short, the budget is spent when the session
starts and the waiting request runs in a thread while the other tests run; this test
(sorted last by conftest.py) collects its outcome.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import pytest

from conftest import Service
from wos_sdk import Client, RateLimitError, RetryPolicy


@dataclass
class Probe:
    retry_after: float
    """`Retry-After` of the 429 that ended the spending."""
    refused_in: float = 0.0
    """How long a client bounded below `retry_after` took to give up."""
    bounded_error: RateLimitError | None = None
    write_attempts: int = 0
    waited: float | None = None
    outcome: object = None
    done: threading.Event = field(default_factory=threading.Event)


def _spend(service: Service) -> float:
    headers = {"Authorization": f"Bearer {service.api_key}", "x-workspace-id": service.workspace_id}
    with httpx.Client(base_url=service.base_url, headers=headers) as http:
        for _ in range(200):  # 60 spend a minute; a minute that ends meanwhile needs more
            answer = http.get("/api/me")
            if answer.status_code == 429:
                assert answer.json()["error"]["code"] == "RATE_LIMITED"
                return float(answer.headers["retry-after"])
    raise AssertionError("no 429 after 200 requests: is the workspace on the Starter plan?")


@pytest.fixture(scope="session", autouse=True)
def rate_limit_probe(request: pytest.FixtureRequest) -> Iterator[Probe | None]:
    names = {item.nodeid for item in request.session.items}
    if not any("test_rate_limit" in n for n in names):
        yield None
        return
    service = request.getfixturevalue("limited_service")
    probe = Probe(retry_after=_spend(service))

    # Bounded: a Retry-After longer than the client accepts is raised at once.
    short = RetryPolicy(max_retries=3, max_retry_after=0.5)
    with Client(service.base_url, service.api_key, service.workspace_id, retry=short) as bounded:
        started = time.monotonic()
        try:
            bounded.me()
        except RateLimitError as error:
            probe.bounded_error = error
        probe.refused_in = time.monotonic() - started

    # A write without an Idempotency-Key is not retried, even on a 429.
    def count(req: httpx.Request) -> None:
        probe.write_attempts += 1

    http = httpx.Client(base_url=service.base_url, event_hooks={"request": [count]})
    generous = RetryPolicy(max_retries=3, max_retry_after=90)
    with Client(
        service.base_url, service.api_key, service.workspace_id, retry=generous, http_client=http
    ) as writer:
        try:
            writer.api_keys.create("never made", ["read:nodes"])
        except RateLimitError:
            pass
    http.close()

    def wait_it_out() -> None:
        with Client(
            service.base_url, service.api_key, service.workspace_id, retry=generous
        ) as patient:
            started = time.monotonic()
            try:
                probe.outcome = patient.me()
            except Exception as error:  # reported by the test
                probe.outcome = error
            probe.waited = time.monotonic() - started
            probe.done.set()

    threading.Thread(target=wait_it_out, daemon=True).start()
    yield probe


def test_a_real_429_is_retried_after_retry_after(
    limited_service: Service, rate_limit_probe: Probe | None
) -> None:
    probe = rate_limit_probe
    assert probe is not None
    assert 1 <= probe.retry_after <= 60

    if probe.retry_after > 0.5:
        assert probe.bounded_error is not None and probe.bounded_error.status == 429
        assert probe.bounded_error.retry_after is not None
        assert probe.refused_in < 0.5, "a bounded client waited"
    assert probe.write_attempts == 1, "a write without an Idempotency-Key was sent twice"

    assert probe.done.wait(timeout=probe.retry_after + 15), "the retry did not come back"
    assert isinstance(probe.outcome, dict), f"the retried request failed: {probe.outcome!r}"
    assert probe.outcome["kind"] == "api_key"
    assert probe.waited is not None and probe.waited >= probe.retry_after - 1.5
