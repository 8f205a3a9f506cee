"""What modules written by `python -m wos_sdk generate` build on.

A generated module declares, per entity or relationship type of a workspace, `TypedDict`s
of its properties (to create, to update, to filter by, and the stored record) and one
`EntityTypeApi` or `RelationshipTypeApi` bound to them. Their methods are thin: they fill
in the type's name, turn a typed filter into the service's `properties.<key>` filters, and
call the generic client. The checking is mypy's, against the generated `TypedDict`s.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar, cast

from . import commands as cmd
from .commands import Command, RecordRef

if TYPE_CHECKING:
    from ._async.client import AsyncClient
    from ._sync.client import Client

__all__ = [
    "EntityTypeApi",
    "RelationshipTypeApi",
    "StringCondition",
    "NumberCondition",
    "IntegerCondition",
    "BooleanCondition",
    "StringListCondition",
    "NumberListCondition",
    "JsonCondition",
    "JsonValue",
    "property_filters",
]

JsonValue = str | int | float | bool | list[str] | list[int] | list[float] | list[bool]
"""A `json` property: any value the property model stores, not checked by the service."""

# Conditions on one property (docs/filters.md); `in` is a keyword, hence the call syntax.
StringCondition = TypedDict(
    "StringCondition",
    {
        "eq": str,
        "ne": str,
        "gt": str,
        "gte": str,
        "lt": str,
        "lte": str,
        "in": list[str],
        "nin": list[str],
        "contains": str,
        "startsWith": str,
        "exists": bool,
    },
    total=False,
)
NumberCondition = TypedDict(
    "NumberCondition",
    {
        "eq": float,
        "ne": float,
        "gt": float,
        "gte": float,
        "lt": float,
        "lte": float,
        "in": list[float],
        "nin": list[float],
        "exists": bool,
    },
    total=False,
)
IntegerCondition = TypedDict(
    "IntegerCondition",
    {
        "eq": int,
        "ne": int,
        "gt": int,
        "gte": int,
        "lt": int,
        "lte": int,
        "in": list[int],
        "nin": list[int],
        "exists": bool,
    },
    total=False,
)


class BooleanCondition(TypedDict, total=False):
    eq: bool
    ne: bool
    exists: bool


class StringListCondition(TypedDict, total=False):
    contains: str
    exists: bool


class NumberListCondition(TypedDict, total=False):
    contains: float
    exists: bool


class JsonCondition(TypedDict, total=False):
    eq: JsonValue
    ne: JsonValue
    contains: JsonValue
    exists: bool


P = TypeVar("P", bound=Mapping[str, object])  # properties to create with
U = TypeVar("U", bound=Mapping[str, object])  # properties to change (None removes a key)
F = TypeVar("F", bound=Mapping[str, object])  # a filter: property -> value or condition
R = TypeVar("R", bound=Mapping[str, object])  # the stored record


def property_filters(where: Mapping[str, object] | None) -> dict[str, Any]:
    """A typed filter as the generic client's `filters`: each key under `properties.`."""
    return {f"properties.{key}": value for key, value in (where or {}).items()}


class EntityTypeApi(Generic[P, U, F, R]):
    """The node operations of one entity type, typed by its generated `TypedDict`s."""

    def __init__(self, name: str) -> None:
        self.name = name

    def create_command(
        self,
        name: str,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> Command:
        """CREATE_NODE for `commands.batch` / `BatchBuilder.add`."""
        return cmd.create_node(self.name, name, cast(Any, dict(properties)), id=id)

    def update_command(
        self, node_id: RecordRef, properties: U, *, expected_version: int | None = None
    ) -> Command:
        return cmd.update_node(node_id, properties=properties, expected_version=expected_version)

    def create(
        self,
        client: Client,
        name: str,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> R:
        return cast(R, client.nodes.create(self.name, name, cast(Any, dict(properties)), id=id))

    def update(
        self, client: Client, node_id: str, properties: U, *, expected_version: int | None = None
    ) -> R:
        node = client.nodes.update(
            node_id, properties=properties, expected_version=expected_version
        )
        return cast(R, node)

    def get(self, client: Client, node_id: str) -> R:
        return cast(R, client.nodes.get(node_id))

    def list(
        self, client: Client, *, where: F | None = None, sort: str | None = None
    ) -> Iterator[R]:
        """Every node of the type matching `where` (all conditions must hold)."""
        nodes = client.nodes.list(entity_type=self.name, filters=property_filters(where), sort=sort)
        return cast(Iterator[R], nodes)

    async def acreate(
        self,
        client: AsyncClient,
        name: str,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> R:
        node = await client.nodes.create(self.name, name, cast(Any, dict(properties)), id=id)
        return cast(R, node)

    async def aupdate(
        self,
        client: AsyncClient,
        node_id: str,
        properties: U,
        *,
        expected_version: int | None = None,
    ) -> R:
        node = await client.nodes.update(
            node_id, properties=properties, expected_version=expected_version
        )
        return cast(R, node)

    async def aget(self, client: AsyncClient, node_id: str) -> R:
        return cast(R, await client.nodes.get(node_id))

    def alist(
        self, client: AsyncClient, *, where: F | None = None, sort: str | None = None
    ) -> AsyncIterator[R]:
        nodes = client.nodes.list(entity_type=self.name, filters=property_filters(where), sort=sort)
        return cast(AsyncIterator[R], nodes)


class RelationshipTypeApi(Generic[P, F, R]):
    """The edge operations of one relationship type, typed by its generated `TypedDict`s."""

    def __init__(self, name: str) -> None:
        self.name = name

    def create_command(
        self,
        source_id: RecordRef,
        target_id: RecordRef,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> Command:
        return cmd.create_edge(self.name, source_id, target_id, cast(Any, dict(properties)), id=id)

    def create(
        self,
        client: Client,
        source_id: str,
        target_id: str,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> R:
        edge = client.edges.create(
            self.name, source_id, target_id, cast(Any, dict(properties)), id=id
        )
        return cast(R, edge)

    def list(
        self,
        client: Client,
        *,
        where: F | None = None,
        source_id: str | None = None,
        target_id: str | None = None,
    ) -> Iterator[R]:
        edges = client.edges.list(
            type=self.name,
            source_id=source_id,
            target_id=target_id,
            filters=property_filters(where),
        )
        return cast(Iterator[R], edges)

    async def acreate(
        self,
        client: AsyncClient,
        source_id: str,
        target_id: str,
        properties: P,
        *,
        id: str | None = None,  # noqa: A002
    ) -> R:
        edge = await client.edges.create(
            self.name, source_id, target_id, cast(Any, dict(properties)), id=id
        )
        return cast(R, edge)

    def alist(
        self,
        client: AsyncClient,
        *,
        where: F | None = None,
        source_id: str | None = None,
        target_id: str | None = None,
    ) -> AsyncIterator[R]:
        edges = client.edges.list(
            type=self.name,
            source_id=source_id,
            target_id=target_id,
            filters=property_filters(where),
        )
        return cast(AsyncIterator[R], edges)
