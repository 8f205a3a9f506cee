"""The async client against the service."""

from __future__ import annotations

import asyncio

import pytest

from wos_sdk import AsyncClient, BatchBuilder, NotFoundError


async def test_async_calls_iteration_batches_and_errors(
    aclient: AsyncClient, entity_type: str
) -> None:
    me = await aclient.me()
    assert me["kind"] == "api_key"

    created = await asyncio.gather(
        *(aclient.nodes.create(entity_type, f"concurrent {i}", {"i": i}) for i in range(20))
    )
    batch = BatchBuilder()
    hub = batch.create_node(entity_type, "hub")
    for node in created:
        batch.create_edge("LINKS", hub, node["id"])
    done = await aclient.commands.batch(batch)
    hub_id = done.result(hub)["id"]

    listed = [node["id"] async for node in aclient.nodes.list(entity_type=entity_type, page_size=7)]
    assert sorted(listed) == sorted([n["id"] for n in created] + [hub_id])
    edges = [edge async for edge in aclient.edges.list(source_id=hub_id, page_size=5)]
    assert len(edges) == 20

    around = await aclient.nodes.neighbors(hub_id)
    assert len(around["nodes"]) == 21

    with pytest.raises(NotFoundError):
        await aclient.edges.get("no-such-edge")


async def test_async_event_stream_yields_committed_changes(
    aclient: AsyncClient, entity_type: str
) -> None:
    # A list page tells the change-feed cursor it was read at: the head of the log.
    start = (await aclient.nodes.page(limit=0)).meta["eventCursor"]
    node = await aclient.nodes.create(entity_type, "streamed")

    async def first_created() -> str:
        async for event in aclient.events.stream(after=start, types=["node.created"]):
            if event["subject"].get("id") == node["id"]:
                return event["type"]
        return "stream ended"

    assert await asyncio.wait_for(first_created(), timeout=10) == "node.created"
