"""The batch builder and `$ref`, against the service."""

from __future__ import annotations

import pytest

from wos_sdk import BadRequestError, BatchBuilder, Client, NotFoundError


def test_refs_name_the_records_earlier_commands_create(client: Client, entity_type: str) -> None:
    batch = BatchBuilder()
    pump = batch.create_node(entity_type, "Feed pump")
    tank = batch.create_node(entity_type, "Day tank")
    feeds = batch.create_edge("FEEDS", pump, tank, {"flow": 2.5})
    batch.update_node(pump, properties={"rpm": 1450})
    assert batch.commands[2]["payload"]["sourceId"] == {"$ref": 0}

    done = client.commands.batch(batch)
    assert [r["index"] for r in done.results] == [0, 1, 2, 3]
    pump_id = done.result(pump)["id"]
    edge = client.edges.get(done.result(feeds)["id"])
    assert (edge["sourceId"], edge["targetId"]) == (pump_id, done.result(tank)["id"])
    assert client.nodes.get(pump_id)["properties"] == {"rpm": 1450}
    assert done.replayed is False and done.idempotency_key

    # One step of history: one UNDO takes the whole batch back.
    assert client.commands.undo().result["undone"]["commandId"] == done.batch_id
    with pytest.raises(NotFoundError):
        client.nodes.get(pump_id)


def test_a_failing_command_fails_the_batch_naming_it(client: Client, entity_type: str) -> None:
    batch = BatchBuilder()
    batch.create_node(entity_type, "kept only if all succeed")
    batch.create_edge("FEEDS", "missing-node", "missing-too")
    with pytest.raises(NotFoundError) as caught:
        client.commands.batch(batch)
    assert caught.value.details["index"] == 1
    assert list(client.nodes.list(entity_type=entity_type)) == []


def test_refs_of_another_builder_and_oversized_batches_are_refused_locally() -> None:
    first, second = BatchBuilder(), BatchBuilder()
    ref = first.create_node("Pump", "p")
    with pytest.raises(ValueError):
        second.update_node(ref, name="q")
    with pytest.raises(ValueError):
        for i in range(1001):
            second.create_node("Pump", f"p{i}")
    # `add` takes record commands only: UNDO and REDO cannot be part of a batch.
    with pytest.raises(ValueError):
        first.add({"type": "UNDO"})
    assert first.add({"type": "DELETE_NODE", "payload": {"id": "n1"}}).index == 1


def test_the_service_checks_a_hand_written_ref(client: Client, entity_type: str) -> None:
    commands = [{"type": "UPDATE_NODE", "payload": {"id": {"$ref": 0}, "name": "self"}}]
    with pytest.raises(BadRequestError):
        client.commands.batch(commands)
