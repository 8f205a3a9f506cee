"""Iterating a large list by cursor while others write to it."""

from __future__ import annotations

import threading

from conftest import Service
from wos_sdk import BatchBuilder, Client

NODES = 3000


def test_every_node_exactly_once_under_concurrent_writes(
    client: Client, service: Service, entity_type: str
) -> None:
    existing: set[str] = set()
    for start in range(0, NODES, 1000):
        batch = BatchBuilder()
        for i in range(start, start + 1000):
            batch.create_node(entity_type, f"node {i}", {"i": i})
        existing.update(r["result"]["id"] for r in client.commands.batch(batch).results)

    stop = threading.Event()
    written: list[str] = []

    def writer() -> None:
        # Another client creates and updates nodes of the same type while the list is read.
        with Client(service.base_url, service.api_key, service.workspace_id) as other:
            while not stop.is_set():
                node = other.nodes.create(entity_type, "written meanwhile")
                other.nodes.update(node["id"], properties={"touched": True})
                written.append(node["id"])

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        seen = [node["id"] for node in client.nodes.list(entity_type=entity_type, page_size=100)]
    finally:
        stop.set()
        thread.join()

    assert len(written) > 0, "the writer wrote nothing while the list was read"
    assert len(seen) == len(set(seen)), "a node was listed twice"
    assert existing <= set(seen), "a node that existed before was skipped"
    assert set(seen) <= existing | set(written)
