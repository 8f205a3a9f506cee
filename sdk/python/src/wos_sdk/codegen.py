"""Writes a Python module typed by a workspace's ontology (`python -m wos_sdk generate`).

Per entity type `Pump`: `PumpProperties` (to create: `Required` for required properties,
`Literal` for enums), `PumpUpdate` (every key optional, `None` removes one that is not
required), `PumpFilter` (each property to a value or a typed condition), `PumpNode` (the
stored record) and `Pump`, an `EntityTypeApi` bound to them. Per relationship type
likewise, without the update (`...Edge`, a `RelationshipTypeApi`). Pure: `render()` takes
the ontology as the service returns it.
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
_ENTITY_SUFFIXES = ("", "Properties", "Update", "Filter", "Node")
_RELATIONSHIP_SUFFIXES = ("", "Properties", "Filter", "Edge")
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


def render(ontology: Mapping[str, Any], *, workspace_id: str | None, base_url: str | None) -> str:
    """The module's source for `ontology` (the data of `GET /api/ontology`)."""
    revision = (ontology.get("settings") or {}).get("revision")
    entity_types = sorted(ontology.get("entityTypes") or [], key=lambda t: str(t["name"]))
    relationship_types = sorted(
        ontology.get("relationshipTypes") or [], key=lambda t: str(t["name"])
    )
    taken: set[str] = set(_TYPING) | set(_TYPED) | {"API_VERSION", "ONTOLOGY", "json"}
    body: list[str] = []
    exported: list[str] = []

    for entity in entity_types:
        type_name = str(entity["name"])
        cls = _class_name(type_name, _ENTITY_SUFFIXES, taken)
        names = _property_types(cls, entity.get("properties") or {}, body, taken, update=True)
        body.append(
            _record(
                f"{cls}Node",
                {
                    "id": "str",
                    "entityType": _literal([type_name]),
                    "name": "str",
                    "properties": f"{cls}Properties",
                    "version": "int",
                    "createdAt": "str",
                    "updatedAt": "str",
                },
                f"A `{type_name}` node as stored.",
            )
        )
        description = str(entity.get("description") or f"The `{type_name}` entity type.")
        api = _api(cls, "EntityTypeApi", [*names, f"{cls}Node"], type_name)
        body.append(f'{api}\n"""{_doc(description)}"""')
        exported.append(cls)

    for relationship in relationship_types:
        type_name = str(relationship["name"])
        cls = _class_name(type_name, _RELATIONSHIP_SUFFIXES, taken)
        names = _property_types(
            cls, relationship.get("properties") or {}, body, taken, update=False
        )
        body.append(
            _record(
                f"{cls}Edge",
                {
                    "id": "str",
                    "type": _literal([type_name]),
                    "sourceId": "str",
                    "targetId": "str",
                    "properties": f"{cls}Properties",
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
        api = _api(cls, "RelationshipTypeApi", [*names, f"{cls}Edge"], type_name)
        body.append(f'{api}\n"""{_doc(description)} {ends}"""')
        exported.append(cls)

    text = "\n\n\n".join(body)
    snapshot = {
        "revision": revision,
        "entityTypes": [_strip(t) for t in entity_types],
        "relationshipTypes": [_strip(t) for t in relationship_types],
    }
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
        "# ruff: noqa: E501 - long enums and type names stay on one line",
        "",
        "from __future__ import annotations",
        "",
        "from typing import " + ", ".join(_used(text, _TYPING)),
        "",
        *_import_block("wos_sdk.typed", _used(text, _TYPED)),
        "__all__ = [",
        '    "API_VERSION",',
        '    "ONTOLOGY_REVISION",',
        '    "ONTOLOGY",',
        *[f"    {_str(name)}," for name in exported],
        "]",
        "",
        f"API_VERSION: Final = {_str(API_VERSION)}",
        '"""The API version the generator spoke."""',
        f"ONTOLOGY_REVISION: Final[int | None] = {_py(revision)}",
        '"""`settings.revision` of the ontology this module was generated from."""',
        f"ONTOLOGY: Final[dict[str, Any]] = {_py(snapshot)}",
        '"""The entity and relationship types this module was generated from."""',
    ]
    return "\n".join(header) + ("\n\n\n" + text if text else "") + "\n"


def _class_name(type_name: str, suffixes: Sequence[str], taken: set[str]) -> str:
    """A Python name for a type whose derived names (`Pump` + suffix) are all free."""
    base = type_name[0].upper() + type_name[1:]
    if keyword.iskeyword(base) or not base.isidentifier():
        base = re.sub(r"\W", "_", base) + "_"
    name, n = base, 2
    while any(name + s in taken for s in suffixes):
        name, n = f"{base}{n}", n + 1
    taken.update(name + s for s in suffixes)
    return name


def _property_types(
    prefix: str,
    properties: Mapping[str, Mapping[str, Any]],
    out: list[str],
    taken: set[str],
    *,
    update: bool,
) -> list[str]:
    """Appends the `Properties`, `Update` and `Filter` TypedDicts; returns their names."""
    create: dict[str, str] = {}
    change: dict[str, str] = {}
    where: dict[str, str] = {}
    for key, definition in properties.items():
        value = _value_type(definition)
        required = bool(definition.get("required"))
        create[key] = f"Required[{value}]" if required else value
        change[key] = value if required else f"{value} | None"
        kind = str(definition.get("type", "json"))
        condition = _CONDITION.get(kind, "JsonCondition")
        enum = definition.get("enum")
        if isinstance(enum, list) and _literal_enum(kind, enum) and not kind.endswith("[]"):
            # A condition whose values are the enum's: a typo in a filter is a type error.
            camel = "".join(part[:1].upper() + part[1:] for part in key.split("_"))
            condition = _class_name(f"{prefix}{camel}Condition", ("",), taken)
            literal = _literal(enum)
            ops = {op: (f"list[{literal}]" if op in ("in", "nin") else literal) for op in _ENUM_OPS}
            ops["exists"] = "bool"
            out.append(_typed_dict(condition, ops, f"A condition on `{key}`."))
        # An array matches only `contains` and `exists`: no bare value to compare with.
        where[key] = condition if kind.endswith("[]") else f"{value} | {condition}"
    out.append(_typed_dict(f"{prefix}Properties", create, "The properties to create one with."))
    names = [f"{prefix}Properties"]
    if update:
        doc = "Properties to change; `None` removes an optional one."
        out.append(_typed_dict(f"{prefix}Update", change, doc))
        names.append(f"{prefix}Update")
    doc = "Conditions on properties, all of which must hold."
    out.append(_typed_dict(f"{prefix}Filter", where, doc))
    names.append(f"{prefix}Filter")
    return names


def _literal_enum(kind: str, enum: Any) -> bool:
    """Whether an enum can be a `Literal` (strings and integers can; other floats cannot)."""
    if kind in ("json", "boolean") or not isinstance(enum, list) or not enum:
        return False
    return all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in enum)


def _value_type(definition: Mapping[str, Any]) -> str:
    kind = str(definition.get("type", "json"))
    enum = definition.get("enum")
    if isinstance(enum, list) and _literal_enum(kind, enum):
        literal = _literal(enum)
        return f"list[{literal}]" if kind.endswith("[]") else literal
    return _SCALAR.get(kind, "JsonValue")


def _literal(values: Sequence[Any]) -> str:
    return "Literal[" + ", ".join(_py(v) for v in values) + "]"


def _typed_dict(name: str, fields: Mapping[str, str], doc: str) -> str:
    if all(_plain_key(key) for key in fields):
        lines = [f"class {name}(TypedDict, total=False):", f'    """{doc}"""']
        if fields:
            lines.append("")
        lines += [f"    {key}: {value}" for key, value in fields.items()]
        return "\n".join(lines)
    # The call syntax, for keys that cannot be names in a class body (`from`, `class`).
    lines = [f"{name} = TypedDict(", f"    {_str(name)},", "    {"]
    lines += [f"        {_str(key)}: {value}," for key, value in fields.items()]
    lines += ["    },", "    total=False,", ")", f'"""{doc}"""']
    return "\n".join(lines)


def _plain_key(key: str) -> bool:
    # `__x` would be name-mangled in a class body.
    return key.isidentifier() and not keyword.iskeyword(key) and not key.startswith("__")


def _record(name: str, fields: Mapping[str, str], doc: str) -> str:
    lines = [f"class {name}(TypedDict):", f'    """{doc}"""', ""]
    lines += [f"    {key}: {value}" for key, value in fields.items()]
    return "\n".join(lines)


def _api(name: str, generic: str, args: Sequence[str], type_name: str) -> str:
    """`Pump: Final = EntityTypeApi[...]("Pump")`, wrapped as a formatter would."""
    one_line = f"{name}: Final = {generic}[{', '.join(args)}]({_str(type_name)})"
    if len(one_line) <= 100:
        return one_line
    inner = f"    {', '.join(args)}"
    if len(inner) > 100:
        inner = "\n".join(f"    {a}," for a in args)
    return f"{name}: Final = {generic}[\n{inner}\n]({_str(type_name)})"


def _ends(value: Any) -> str:
    return "any" if value == "any" else ", ".join(str(v) for v in value or [])


def _str(text: str) -> str:
    """A double-quoted Python string literal (JSON's escapes are Python's)."""
    return json.dumps(text)


def _py(value: Any, indent: int = 0) -> str:
    """A Python literal of a JSON value, one item per line as a formatter would."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _str(value)
    pad, inner = " " * indent, " " * (indent + 4)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = [f"{inner}{_str(str(k))}: {_py(v, indent + 4)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [f"{inner}{_py(v, indent + 4)}," for v in value]
        return "[\n" + "\n".join(items) + f"\n{pad}]"
    raise TypeError(f"not a JSON value: {value!r}")


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
