"""Streams: the change feed followed across a cut connection (resumed by `Last-Event-ID`),
the export read record by record, and an import streamed from an iterable."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx

from conftest import Service
from proxy import CuttingProxy
from wos_sdk import AsyncClient, BatchBuilder, Client
from wos_sdk.streams import SseReader

EVENTS = 40


def _proxy(service: Service, cut_after: int) -> CuttingProxy:
    url = urlsplit(service.base_url)
    return CuttingProxy((url.hostname or "127.0.0.1", url.port or 80), cut_after=cut_after)


def _made(client: Client, entity_type: str) -> tuple[str, list[str]]:
    """The change-feed cursor before, and the ids of EVENTS nodes created after it."""
    start = str(client.nodes.page(limit=0).meta["eventCursor"])
    batch = BatchBuilder()
    refs = [batch.create_node(entity_type, f"n{i}") for i in range(EVENTS)]
    done = client.commands.batch(batch)
    return start, [done.result(ref)["id"] for ref in refs]


def test_a_cut_stream_resumes_without_losing_or_repeating_an_event(
    client: Client, service: Service, entity_type: str
) -> None:
    start, ids = _made(client, entity_type)
    # About 2 KB in: the answer's headers and a few events, then the cut mid-event.
    proxy = _proxy(service, cut_after=2500)
    seen: list[Any] = []
    try:
        with Client(
            f"http://127.0.0.1:{proxy.port}", service.api_key, service.workspace_id, timeout=10
        ) as through:
            for event in through.events.stream(after=start, entity_type=entity_type):
                seen.append(event)
                if len(seen) == EVENTS:
                    break
    finally:
        proxy.close()
    assert proxy.connections >= 2, "the stream was not cut, or not resumed"
    seqs = [int(e["seq"]) for e in seen]
    assert seqs == sorted(set(seqs)), "an event came twice or out of order"
    assert [e["subject"]["id"] for e in seen] == ids


def test_a_stream_without_reconnect_ends_with_its_connection(
    client: Client, service: Service, entity_type: str
) -> None:
    start, _ = _made(client, entity_type)
    proxy = _proxy(service, cut_after=2500)
    try:
        with Client(f"http://127.0.0.1:{proxy.port}", service.api_key, service.workspace_id) as c:
            try:
                got = sum(1 for _ in c.events.stream(after=start, reconnect=False))
            except Exception as error:  # noqa: BLE001 - the type is what is checked
                assert type(error).__name__ == "NetworkError", repr(error)
            else:
                raise AssertionError(f"the cut stream ended quietly after {got} events")
    finally:
        proxy.close()
    assert proxy.connections == 1


async def test_the_async_stream_resumes_too(
    client: Client, service: Service, entity_type: str
) -> None:
    start, ids = _made(client, entity_type)
    proxy = _proxy(service, cut_after=3000)
    seen: list[str] = []

    async def follow() -> None:
        async with AsyncClient(
            f"http://127.0.0.1:{proxy.port}", service.api_key, service.workspace_id
        ) as through:
            async for event in through.events.stream(after=start, entity_type=entity_type):
                seen.append(event["subject"]["id"])
                if len(seen) == EVENTS:
                    return

    try:
        await asyncio.wait_for(follow(), timeout=30)
    finally:
        proxy.close()
    assert proxy.connections >= 2 and seen == ids


def test_the_reader_keeps_an_event_id_only_once_its_event_is_whole() -> None:
    reader = SseReader(None)
    for line in ["retry: 500", "id: 7", "event: node.created", 'data: {"seq": 7}', ""]:
        event = reader.feed(line)
    assert (
        dict(event or {}) == {"seq": 7} and reader.last_event_id == "7" and reader.retry_ms == 500
    )
    for line in ["id: 8", "event: node.created"]:  # cut before its data and blank line
        assert reader.feed(line) is None
    assert reader.resume_headers() == {"Last-Event-ID": "7"}
    for line in ["id: 12", ""]:  # events the filter left out
        assert reader.feed(line) is None
    assert reader.last_event_id == "12" and reader.received == 1
    reader.feed("event: disconnect")
    reader.feed('data: {"reason": "stalled"}')
    assert reader.feed("") is None and reader.disconnected


def test_export_records_stream_and_an_import_streams_from_an_iterable(
    client: Client, entity_type: str
) -> None:
    client.nodes.create(entity_type, "exported")
    records = client.imports.export_records()
    first = next(records)
    assert first["kind"] == "workspace"
    kinds: dict[str, int] = {}
    template: dict[str, Any] | None = None
    last: dict[str, Any] = first
    for record in records:
        kinds[record["kind"]] = kinds.get(record["kind"], 0) + 1
        if record["kind"] == "node" and record["entityType"] == entity_type:
            template = record
        last = record
    assert last == {"kind": "end", **{k: last[k] for k in last if k != "kind"}}
    assert last["nodes"] == kinds.get("node", 0) and template is not None

    # Thousands of records made as the upload goes, never held together; no end line given.
    produced = 0
    fresh = "T" + uuid.uuid4().hex[:12]

    def generate() -> Iterator[dict[str, Any]]:
        nonlocal produced
        for i in range(3000):
            produced += 1
            yield {**template, "id": f"{fresh}-{i}", "entityType": fresh, "name": f"bulk {i}"}

    done = client.imports.start_records(generate())
    assert done["status"] == "completed", done
    assert done["nodes"] == 3000 and produced == 3000
    assert client.nodes.page(entity_type=fresh, limit=1, count=True).meta["total"] == 3000


async def test_async_export_records(aclient: AsyncClient) -> None:
    kinds = [record["kind"] async for record in aclient.imports.export_records()]
    assert kinds[0] == "workspace" and kinds[-1] == "end"


def test_the_stream_resumes_after_the_service_ends_it_and_after_a_503() -> None:
    # The service ends a stream that stalls with `event: disconnect`, and answers 503 when
    # it holds too many: both are resumed from the last event, as the service asks.
    def sse(*events: int, disconnect: bool = False) -> bytes:
        lines = ["retry: 10", ""]
        for seq in events:
            lines += [f"id: {seq}", "event: node.created", f'data: {{"seq": {seq}}}', ""]
        if disconnect:
            lines += ["event: disconnect", 'data: {"reason": "stalled"}', ""]
        return "\n".join(lines).encode() + b"\n"

    sent: list[str | None] = []
    answers = [
        httpx.Response(200, content=sse(1, 2, disconnect=True)),
        httpx.Response(503, headers={"Retry-After": "0"}, json={"success": False}),
        httpx.Response(200, content=sse(3)),  # then the connection closes
        httpx.Response(200, content=sse(4, 5)),
    ]

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request.headers.get("last-event-id"))
        return answers[len(sent) - 1]

    mock = httpx.MockTransport(handler)
    with (
        httpx.Client(transport=mock, base_url="http://service") as http,
        Client("http://service", "key", "ws", http_client=http) as client,
    ):
        seqs: list[int] = []
        for event in client.events.stream(after="0"):
            seqs.append(int(event["seq"]))
            if len(seqs) == 5:
                break
    assert seqs == [1, 2, 3, 4, 5]
    assert sent == [None, "2", "2", "3"]
