"""Live-data points in chunks of the ingest route's maximum, against the real service."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import pytest

from conftest import Service
from proxy import CuttingProxy
from wos_sdk import (
    MAX_INGEST_POINTS,
    AsyncClient,
    BadRequestError,
    Client,
    IngestChunkError,
    RetryPolicy,
)
from wos_sdk.types import SourcePoint

# A day ago, so every point is well inside the window the route accepts.
START_MS = int(time.time() * 1000) - 24 * 3600_000


def _points(sources: list[str], count: int, bad: int | None = None) -> Iterator[SourcePoint]:
    """`count` points, one a second, taking turns over `sources`; point `bad` is refused."""
    for i in range(count):
        value: float = i
        point: SourcePoint = {
            "sourceId": sources[i % len(sources)],
            "timestamp": START_MS + i * 1000,
            "value": value,
        }
        if i == bad:
            point["timestamp"] = "yesterday"
        yield point


def _point_count(client: Client, source_id: str) -> int:
    return client.live_data.get_source(source_id)["pointCount"]


def test_more_points_than_one_request_holds_go_in_chunks(client: Client) -> None:
    a = client.live_data.create_source("chunked a")["id"]
    b = client.live_data.create_source("chunked b")["id"]
    total = 2 * MAX_INGEST_POINTS + 1
    totals = client.live_data.ingest_all(_points([a, b], total))
    assert totals == {"accepted": total, "chunks": 3}
    assert _point_count(client, a) == MAX_INGEST_POINTS + 1
    assert _point_count(client, b) == MAX_INGEST_POINTS


async def test_the_async_client_takes_an_async_iterable(
    aclient: AsyncClient, client: Client
) -> None:
    source = (await aclient.live_data.create_source("async chunked"))["id"]

    async def arriving() -> AsyncIterator[SourcePoint]:
        for point in _points([source], 250):
            yield point

    totals = await aclient.live_data.ingest_all(arriving(), chunk_size=100)
    assert totals == {"accepted": 250, "chunks": 3}
    assert _point_count(client, source) == 250


def test_a_refused_chunk_names_itself_the_bad_point_and_what_was_stored(client: Client) -> None:
    source = client.live_data.create_source("refused")["id"]
    with pytest.raises(IngestChunkError) as raised:
        client.live_data.ingest_all(_points([source], 15_000, bad=12_345), chunk_size=5000)
    error = raised.value
    assert (error.chunk, error.first_point, error.accepted, error.bad_point) == (
        2,
        10_000,
        10_000,
        12_345,
    )
    assert isinstance(error.__cause__, BadRequestError)
    assert error.__cause__.code == "VALIDATION_ERROR"
    assert "input point 12345" in str(error)
    # All or nothing per request: the two chunks before it, nothing of it or after it.
    assert _point_count(client, source) == 10_000


def test_a_chunk_whose_answer_was_lost_is_retried(client: Client, service: Service) -> None:
    source = client.live_data.create_source("cut")["id"]
    url = urlsplit(service.base_url)
    proxy = CuttingProxy((url.hostname or "127.0.0.1", url.port or 80))
    policy = RetryPolicy(max_retries=2, initial_backoff=0.05)
    try:
        with Client(
            f"http://127.0.0.1:{proxy.port}", service.api_key, service.workspace_id, retry=policy
        ) as through:
            totals = through.live_data.ingest_all(_points([source], 30))
    finally:
        proxy.close()
    assert proxy.connections == 2, "the first answer was not cut, or no retry was made"
    assert totals == {"accepted": 30, "chunks": 1}
    assert _point_count(client, source) == 30


def test_a_chunk_size_the_route_does_not_take_is_refused(client: Client) -> None:
    with pytest.raises(ValueError):
        client.live_data.ingest_all([], chunk_size=MAX_INGEST_POINTS + 1)
    assert client.live_data.ingest_all([]) == {"accepted": 0, "chunks": 0}
