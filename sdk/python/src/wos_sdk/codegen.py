"""Writes a Python module typed by a workspace's ontology (`python -m wos_sdk generate`).

Per entity type `Pump`: `PumpProperties` (to create: `Required` for required properties,
`Literal` for enums), `PumpUpdate` (every key optional, `None` removes one that is not
required), `PumpFilter` (each property to a value or a typed condition), `PumpNode` (the
stored record) and `Pump`, an `EntityTypeApi` bound to them. Per relationship type
likewise (`...Edge`, a `RelationshipTypeApi`). Pure: `render()` takes the ontology as the
service returns it.
"""

from __future__ import annotations

import json
import keyword
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ._version import API_VERSION

_SCALAR = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "datetime": "str",
    "date": "str",
    "json": "JsonValue",
    "string[]": "list[str]",
    "number[]": "list[float]",
}
_CONDITION = {
    "string": "StringCondition",
    "integer": "IntegerCondition",
    "number": "NumberCondition",
    "boolean": "BooleanCondition",
    "datetime": "StringCondition",
    "date": "StringCondition",
    "json": "JsonCondition",
    "string[]": "StringListCondition",
    "number[]": "NumberListCondition",
}
_ENUM_OPS = ("eq", "ne", "in", "nin")


def _class_name(type_name: str, taken: set[str]) -> str:
    """A Python identifier for a type name (type names are already identifier-safe)."""
    base = type_name[0].upper() + type_name[1:]
    if keyword.iskeyword(base) or not base.isidentifier():
        base = re.sub(r"\W", "_", base) + "_"
    name = base
    n = 2
    while name in taken:
        name, n = f"{base}{n}", n + 1
    taken.add(name)
    return name


def _literal(values: Sequence[Any]) -> str:
    return "Literal[" + ", ".join(repr(v) for v in values) + "]"


def _literal_enum(kind: str, enum: Any) -> bool:
    """Whether an enum can be a `Literal` (strings and integers can; other floats cannot)."""
    if kind in ("json", "boolean") or not isinstance(enum, list) or not enum:
        return False
    return all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in enum)


def _value_type(definition: Mapping[str, Any]) -> str:
    kind = str(definition.get("type", "json"))
    enum = definition.get("enum")
    if _literal_enum(kind, enum):
        assert isinstance(enum, list)
        literal = _literal(enum)
        return f"list[{literal}]" if kind.endswith("[]") else literal
    return _SCALAR.get(kind, "JsonValue")


def _typed_dict(name: str, fields: Mapping[str, str], doc: str) -> str:
    # The call syntax: property keys may be Python keywords (`from`, `class`).
    lines = [f"{name} = TypedDict(", f"    {name!r},", "    {"]
    lines += [f"        {key!r}: {value}," for key, value in fields.items()]
    lines += ["    },", "    total=False,", ")", f'"""{doc}"""', ""]
    if not fields:
        lines[1:4] = [f"    {name!r},", "    {},"]
    return "\n".join(lines)


def _property_types(
    prefix: str, properties: Mapping[str, Mapping[str, Any]], out: list[str]
) -> dict[str, str]:
    """The `Properties`, `Update` and `Filter` TypedDicts; returns their names."""
    create: dict[str, str] = {}
    update: dict[str, str] = {}
    where: dict[str, str] = {}
    for key, definition in properties.items():
        value = _value_type(definition)
        required = bool(definition.get("required"))
        create[key] = f"Required[{value}]" if required else value
        update[key] = value if required else f"{value} | None"
        kind = str(definition.get("type", "json"))
        condition = _CONDITION.get(kind, "JsonCondition")
        enum = definition.get("enum")
        if isinstance(enum, list) and _literal_enum(kind, enum) and not kind.endswith("[]"):
            # A condition whose values are the enum's: a typo in a filter is a type error.
            condition = f"{prefix}_{key}_Condition"
            literal = _literal(enum)
            ops = {op: (f"list[{literal}]" if op in ("in", "nin") else literal) for op in _ENUM_OPS}
            ops["exists"] = "bool"
            out.append(_typed_dict(condition, ops, f"A condition on `{key}`."))
        # An array matches only `contains` and `exists`: no bare value to compare with.
        where[key] = condition if kind.endswith("[]") else f"{value} | {condition}"
    names = {
        "create": f"{prefix}Properties",
        "update": f"{prefix}Update",
        "filter": f"{prefix}Filter",
    }
    out.append(_typed_dict(names["create"], create, "The properties to create one with."))
    out.append(
        _typed_dict(
            names["update"], update, "Properties to change; `None` removes an optional one."
        )
    )
    out.append(
        _typed_dict(names["filter"], where, "Conditions on properties, all of which must hold.")
    )
    return names


def _record(name: str, fields: Mapping[str, str], doc: str) -> str:
    lines = [f"class {name}(TypedDict):", f'    """{doc}"""', ""]
    lines += [f"    {key}: {value}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def _ends(value: Any) -> str:
    return "any" if value == "any" else ", ".join(str(v) for v in value or [])


def render(ontology: Mapping[str, Any], *, workspace_id: str | None, base_url: str | None) -> str:
    """The module's source for `ontology` (the data of `GET /api/ontology`)."""
    settings = ontology.get("settings") or {}
    revision = settings.get("revision")
    entity_types = sorted(ontology.get("entityTypes") or [], key=lambda t: str(t["name"]))
    relationship_types = sorted(
        ontology.get("relationshipTypes") or [], key=lambda t: str(t["name"])
    )
    taken: set[str] = set()
    body: list[str] = []
    exported: list[str] = []

    for entity in entity_types:
        type_name = str(entity["name"])
        cls = _class_name(type_name, taken)
        names = _property_types(cls, entity.get("properties") or {}, body)
        body.append(
            _record(
                f"{cls}Node",
                {
                    "id": "str",
                    "entityType": _literal([type_name]),
                    "name": "str",
                    "properties": names["create"],
                    "version": "int",
                    "createdAt": "str",
                    "updatedAt": "str",
                },
                f"A `{type_name}` node as stored.",
            )
        )
        description = str(entity.get("description") or f"The `{type_name}` entity type.")
        body.append(
            f"{cls}: Final = EntityTypeApi[\n"
            f"    {names['create']}, {names['update']}, {names['filter']}, {cls}Node\n"
            f"]({type_name!r})\n"
            f'"""{_doc(description)}"""\n'
        )
        exported.append(cls)

    for relationship in relationship_types:
        type_name = str(relationship["name"])
        cls = _class_name(type_name, taken)
        names = _property_types(cls, relationship.get("properties") or {}, body)
        body.append(
            _record(
                f"{cls}Edge",
                {
                    "id": "str",
                    "type": _literal([type_name]),
                    "sourceId": "str",
                    "targetId": "str",
                    "properties": names["create"],
                    "version": "int",
                    "createdAt": "str",
                    "updatedAt": "str",
                },
                f"A `{type_name}` edge as stored.",
            )
        )
        description = str(
            relationship.get("description") or f"The `{type_name}` relationship type."
        )
        ends = f"From {_ends(relationship.get('source'))} to {_ends(relationship.get('target'))}."
        body.append(
            f"{cls}: Final = RelationshipTypeApi[\n"
            f"    {names['create']}, {names['filter']}, {cls}Edge\n"
            f"]({type_name!r})\n"
            f'"""{_doc(description)} {ends}"""\n'
        )
        exported.append(cls)

    text = "\n".join(body)
    snapshot = json.dumps(
        {
            "revision": revision,
            "entityTypes": [_strip(t) for t in entity_types],
            "relationshipTypes": [_strip(t) for t in relationship_types],
        },
        sort_keys=True,
    )
    header = [
        '"""Typed access to a workspace\'s ontology, written by `python -m wos_sdk generate`.',
        "",
        "Do not edit: generate it again when the ontology changes.",
        "",
        f"API version: {API_VERSION}",
        f"Ontology revision: {revision}",
        f"Workspace: {workspace_id or '-'}",
        f"Service: {base_url or '-'}",
        f"Entity types: {', '.join(str(t['name']) for t in entity_types) or '-'}",
        f"Relationship types: {', '.join(str(t['name']) for t in relationship_types) or '-'}",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import json",
        "from typing import " + ", ".join(_used(text, _TYPING)),
        "",
        *_import_block("wos_sdk.typed", _used(text, _TYPED)),
        "__all__ = [",
        '    "API_VERSION",',
        '    "ONTOLOGY_REVISION",',
        '    "ONTOLOGY",',
        *[f"    {name!r}," for name in exported],
        "]",
        "",
        f"API_VERSION: Final = {API_VERSION!r}",
        '"""The API version the generator spoke."""',
        f"ONTOLOGY_REVISION: Final[int | None] = {revision!r}",
        '"""`settings.revision` of the ontology this module was generated from."""',
        f"ONTOLOGY: Final[dict[str, Any]] = json.loads({snapshot!r})",
        '"""The entity and relationship types this module was generated from."""',
        "",
    ]
    return "\n".join(header) + "\n" + text


_TYPING = ("Any", "Final", "Literal", "Required", "TypedDict")
_TYPED = (
    "BooleanCondition",
    "EntityTypeApi",
    "IntegerCondition",
    "JsonCondition",
    "JsonValue",
    "NumberCondition",
    "NumberListCondition",
    "RelationshipTypeApi",
    "StringCondition",
    "StringListCondition",
)


def _used(text: str, names: Sequence[str]) -> list[str]:
    """The names the module needs: those its body uses (`Any` and `Final` always)."""
    return [n for n in names if n in ("Any", "Final") or re.search(rf"\b{n}\b", text)]


def _import_block(module: str, names: Sequence[str]) -> list[str]:
    if not names:
        return []
    return [f"from {module} import (", *[f"    {n}," for n in names], ")", ""]


def _doc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"""', "'''")


def _strip(definition: Mapping[str, Any]) -> dict[str, Any]:
    """A type without its timestamps: what the generated types depend on."""
    return {k: v for k, v in definition.items() if k not in ("createdAt", "updatedAt")}
