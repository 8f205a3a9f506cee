"""A command whose answer is lost is retried with its key and executed once."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from conftest import Service
from proxy import CuttingProxy
from wos_sdk import Client, RetryPolicy


@pytest.fixture
def proxy(service: Service) -> Iterator[CuttingProxy]:
    url = urlsplit(service.base_url)
    running = CuttingProxy((url.hostname or "127.0.0.1", url.port or 80))
    yield running
    running.close()


def test_a_command_is_replayed_after_a_cut_connection(
    proxy: CuttingProxy, client: Client, service: Service, entity_type: str
) -> None:
    policy = RetryPolicy(max_retries=2, initial_backoff=0.05)
    through = Client(
        f"http://127.0.0.1:{proxy.port}", service.api_key, service.workspace_id, retry=policy
    )
    with through:
        done = through.commands.execute(
            {"type": "CREATE_NODE", "payload": {"entityType": entity_type, "name": "once"}}
        )
    assert proxy.connections == 2, "the first answer was not cut, or no retry was made"
    assert done.replayed is True
    assert [n["id"] for n in client.nodes.list(entity_type=entity_type)] == [done.result["id"]]


def test_a_key_reused_for_another_command_is_refused(client: Client, entity_type: str) -> None:
    from wos_sdk import UnprocessableError

    first = client.nodes.create(entity_type, "a", idempotency_key="sdk-reuse-" + entity_type)
    again = client.commands.execute(
        {"type": "CREATE_NODE", "payload": {"entityType": entity_type, "name": "a"}},
        idempotency_key="sdk-reuse-" + entity_type,
    )
    assert again.replayed and again.result["id"] == first["id"]
    with pytest.raises(UnprocessableError) as caught:
        client.nodes.create(entity_type, "b", idempotency_key="sdk-reuse-" + entity_type)
    assert caught.value.code == "IDEMPOTENCY_KEY_REUSED"
