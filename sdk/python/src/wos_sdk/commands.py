"""Commands (the service's writes) and the batch builder.

Every change to nodes and edges is a command, `{type, payload}`, sent alone to
`POST /api/commands/execute` or up to 1,000 at once to `POST /api/commands/batch`, which
applies them in order in one transaction. In a batch, a command may name the record
created by an earlier one with `{"$ref": <index>}` in the fields that name an existing
record (`id` of UPDATE_NODE, DELETE_NODE and DELETE_EDGE; `sourceId` and `targetId` of
CREATE_EDGE); `BatchBuilder` hands out `Ref`s for exactly that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from .types import BatchItemResult, CommandType, Properties, RecordCommandType

MAX_BATCH_COMMANDS: Final = 1000

_RECORD_COMMANDS: Final = frozenset(
    {"CREATE_NODE", "UPDATE_NODE", "DELETE_NODE", "CREATE_EDGE", "DELETE_EDGE"}
)

Command = dict[str, Any]
"""`{"type": ..., "payload": {...}}` as the service reads it."""


@dataclass(frozen=True)
class Ref:
    """The id of the record made by command `index` of the batch being built."""

    index: int
    builder_id: int

    def to_json(self) -> dict[str, int]:
        return {"$ref": self.index}


RecordRef = str | Ref
"""A record named by its id, or (in a batch) by the command that creates it."""


@dataclass(frozen=True)
class CommandResult:
    """The answer of one command: `result` is the node, edge or deletion summary."""

    command_id: str
    type: CommandType
    result: dict[str, Any]
    replayed: bool
    """True when the answer is the stored one of an earlier request with the same key."""
    idempotency_key: str | None
    request_id: str | None


@dataclass(frozen=True)
class BatchResult:
    """The answer of a batch: one `BatchItemResult` per command, in order."""

    batch_id: str
    results: list[BatchItemResult]
    replayed: bool
    idempotency_key: str | None
    request_id: str | None

    def result(self, ref: Ref | int) -> dict[str, Any]:
        """The result of the command a `Ref` (or index) names."""
        index = ref.index if isinstance(ref, Ref) else ref
        return self.results[index]["result"]


def create_node(
    entity_type: str,
    name: str,
    properties: Properties | None = None,
    *,
    id: str | None = None,  # noqa: A002 - the API's field name
) -> Command:
    payload: dict[str, Any] = {"entityType": entity_type, "name": name}
    if properties is not None:
        payload["properties"] = properties
    if id is not None:
        payload["id"] = id
    return {"type": "CREATE_NODE", "payload": payload}


def update_node(
    id: RecordRef,  # noqa: A002
    *,
    name: str | None = None,
    entity_type: str | None = None,
    properties: Mapping[str, Any] | None = None,
    expected_version: int | None = None,
) -> Command:
    """`properties` are merged into the node's; a `None` value removes that key."""
    payload: dict[str, Any] = {"id": _ref(id)}
    if name is not None:
        payload["name"] = name
    if entity_type is not None:
        payload["entityType"] = entity_type
    if properties is not None:
        payload["properties"] = dict(properties)
    if expected_version is not None:
        payload["expectedVersion"] = expected_version
    return {"type": "UPDATE_NODE", "payload": payload}


def delete_node(id: RecordRef, *, expected_version: int | None = None) -> Command:  # noqa: A002
    return _delete("DELETE_NODE", id, expected_version)


def create_edge(
    type: str,  # noqa: A002
    source_id: RecordRef,
    target_id: RecordRef,
    properties: Properties | None = None,
    *,
    id: str | None = None,  # noqa: A002
) -> Command:
    payload: dict[str, Any] = {
        "type": type,
        "sourceId": _ref(source_id),
        "targetId": _ref(target_id),
    }
    if properties is not None:
        payload["properties"] = properties
    if id is not None:
        payload["id"] = id
    return {"type": "CREATE_EDGE", "payload": payload}


def delete_edge(id: RecordRef, *, expected_version: int | None = None) -> Command:  # noqa: A002
    return _delete("DELETE_EDGE", id, expected_version)


def _delete(kind: RecordCommandType, id: RecordRef, expected_version: int | None) -> Command:  # noqa: A002
    payload: dict[str, Any] = {"id": _ref(id)}
    if expected_version is not None:
        payload["expectedVersion"] = expected_version
    return {"type": kind, "payload": payload}


def _ref(value: RecordRef) -> Any:
    return value.to_json() if isinstance(value, Ref) else value


class BatchBuilder:
    """Collects up to 1,000 record commands for `commands.batch()`.

    Each method appends a command and returns a `Ref` to it, to use where a later command
    names the record it creates::

        batch = BatchBuilder()
        pump = batch.create_node("Pump", "Feed pump")
        tank = batch.create_node("Tank", "Day tank", id="tank-1")
        batch.create_edge("FEEDS", pump, tank)
        batch.update_node(pump, properties={"rpm": 1450})
        result = client.commands.batch(batch)
        result.result(pump)["id"]

    `add` appends a command made elsewhere, such as one of a module `python -m wos_sdk
    generate` wrote, whose properties mypy checks against the type's `TypedDict`s::

        spare = batch.add(Pump.create_command("Spare", {"serial": "P-2"}))
        batch.add(Pump.update_command(spare, {"rpm": 900}))
        batch.add(Feeds.create_command(spare, tank, {"flow": 1.5}))
    """

    def __init__(self) -> None:
        self._commands: list[Command] = []

    def __len__(self) -> int:
        return len(self._commands)

    @property
    def commands(self) -> list[Command]:
        """The commands as the request body lists them (`$ref` objects in place)."""
        return list(self._commands)

    def create_node(
        self,
        entity_type: str,
        name: str,
        properties: Properties | None = None,
        *,
        id: str | None = None,  # noqa: A002
    ) -> Ref:
        return self._add(create_node(entity_type, name, properties, id=id))

    def update_node(
        self,
        id: RecordRef,  # noqa: A002
        *,
        name: str | None = None,
        entity_type: str | None = None,
        properties: Mapping[str, Any] | None = None,
        expected_version: int | None = None,
    ) -> Ref:
        self._check(id)
        return self._add(
            update_node(
                id,
                name=name,
                entity_type=entity_type,
                properties=properties,
                expected_version=expected_version,
            )
        )

    def delete_node(self, id: RecordRef, *, expected_version: int | None = None) -> Ref:  # noqa: A002
        self._check(id)
        return self._add(delete_node(id, expected_version=expected_version))

    def create_edge(
        self,
        type: str,  # noqa: A002
        source_id: RecordRef,
        target_id: RecordRef,
        properties: Properties | None = None,
        *,
        id: str | None = None,  # noqa: A002
    ) -> Ref:
        self._check(source_id)
        self._check(target_id)
        return self._add(create_edge(type, source_id, target_id, properties, id=id))

    def delete_edge(self, id: RecordRef, *, expected_version: int | None = None) -> Ref:  # noqa: A002
        self._check(id)
        return self._add(delete_edge(id, expected_version=expected_version))

    def add(self, command: Command) -> Ref:
        """Appends a record command as `{"type", "payload"}` (a generated helper's
        `create_command` or `update_command`, say) and returns a `Ref` to it."""
        if command.get("type") not in _RECORD_COMMANDS:
            raise ValueError(f"a batch holds record commands only: {sorted(_RECORD_COMMANDS)}")
        return self._add(command)

    def _add(self, command: Command) -> Ref:
        if len(self._commands) >= MAX_BATCH_COMMANDS:
            raise ValueError(f"a batch holds at most {MAX_BATCH_COMMANDS} commands")
        self._commands.append(command)
        return Ref(len(self._commands) - 1, id(self))

    def _check(self, value: RecordRef) -> None:
        # The service refuses a $ref to another batch's command only if the index happens
        # to be out of range; a Ref of another builder would silently name the wrong record.
        if isinstance(value, Ref) and value.builder_id != id(self):
            raise ValueError("this Ref belongs to another BatchBuilder")
