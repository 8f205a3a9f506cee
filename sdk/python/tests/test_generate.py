"""`python -m wos_sdk generate`: a module typed by a real workspace's ontology, used against
the service, and checked by mypy (misuse of a property must be a type error)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import Service
from wos_sdk import API_VERSION, BatchBuilder, Client
from wos_sdk.codegen import render

GOOD = """
from wos_sdk import BatchBuilder, Client
from ontology import {pump}, {pump}Filter, {pump}Node, {feeds}


def batch(client: Client, tank_id: str) -> str:
    batch = BatchBuilder()
    spare = batch.add({pump}.create_command("Spare", {{"serial": "P-2", "status": "running"}}))
    batch.add({pump}.update_command(spare, {{"rpm": 900, "status": None}}))
    batch.add({feeds}.create_command(spare, tank_id, {{"flow": 1.5}}))
    return str(client.commands.batch(batch).result(spare)["id"])


def run(client: Client, tank_id: str) -> list[{pump}Node]:
    pump = {pump}.create(
        client, "P1", {{"serial": "P-1", "rpm": 1450, "status": "running", "since": "2026-01-01"}}
    )
    {pump}.update(client, pump["id"], {{"rpm": None, "status": "stopped"}})
    {feeds}.create(client, pump["id"], tank_id, {{"flow": 2.5}})
    rpm: int = pump["properties"]["rpm"]
    print(rpm, list({feeds}.list(client, where={{"flow": {{"gte": 1.5}}}})))
    where: {pump}Filter = {{"rpm": {{"gt": 1000}}, "status": {{"in": ["running"]}}}}
    return list({pump}.list(client, where=where))
"""

# Each line's expected mypy complaint, by line (1-based, after the import lines).
BAD = [
    (
        '{pump}.create(client, "a", {{"serial": "s", "rpm": "fast"}})',
        r'Incompatible types \(expression has type "str", TypedDict item "rpm" has type "int"\)',
    ),
    (
        '{pump}.create(client, "b", {{"serial": "s", "colour": "red"}})',
        r'Extra key "colour" for TypedDict "{pump}Properties"',
    ),
    ('{pump}.create(client, "c", {{"rpm": 3}})', r'Missing key "serial"'),
    (
        '{pump}.create(client, "d", {{"serial": "s", "status": "runing"}})',
        r'TypedDict item "status" has type "Literal\[.running., .stopped.\]"',
    ),
    ('{pump}.list(client, where={{"rpm": {{"gt": "high"}}}})', r'Argument "where" to "list"'),
    ('{pump}.list(client, where={{"weight": 3}})', r'Argument "where" to "list"'),
    (
        '{feeds}.create(client, "x", "y", {{"flow": "much"}})',
        r'TypedDict item "flow" has type "float"',
    ),
    (
        'BatchBuilder().add({pump}.create_command("e", {{"serial": "s", "rpm": "fast"}}))',
        r'TypedDict item "rpm" has type "int"',
    ),
    (
        'BatchBuilder().add({pump}.create_command("f", {{"serial": "s", "colour": "red"}}))',
        r'Extra key "colour" for TypedDict "{pump}Properties"',
    ),
    ('BatchBuilder().add({pump}.create_command("g", {{"rpm": 3}}))', r'Missing key "serial"'),
    (
        'BatchBuilder().add({pump}.update_command("id", {{"rpm": "fast"}}))',
        r'TypedDict item "rpm" has type "int',
    ),
    (
        'BatchBuilder().add({feeds}.create_command("x", "y", {{"flow": "much"}}))',
        r'TypedDict item "flow" has type "float"',
    ),
]


@pytest.fixture(scope="module")
def generated(service: Service, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """Two entity types and one relationship type made for this module, then generated."""
    suffix = uuid.uuid4().hex[:8]
    pump, tank, feeds = f"GenPump{suffix}", f"GenTank{suffix}", f"GEN_FEEDS_{suffix}"
    with Client(service.base_url, service.api_key, service.workspace_id) as client:
        client.ontology.put_entity_type(
            pump,
            {
                "description": "A pump made by the generator test",
                "properties": {
                    "serial": {"type": "string", "required": True},
                    "rpm": {"type": "integer", "min": 0},
                    "status": {"type": "string", "enum": ["running", "stopped"]},
                    "since": {"type": "date"},
                    "tags": {"type": "string[]"},
                },
                "additionalProperties": False,
            },
        )
        client.ontology.put_entity_type(tank, {"properties": {}, "additionalProperties": True})
        client.ontology.put_relationship_type(
            feeds,
            {
                "source": [pump],
                "target": [tank],
                "properties": {"flow": {"type": "number", "required": True}},
                "additionalProperties": False,
            },
        )
    out = tmp_path_factory.mktemp("generated") / "ontology.py"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "wos_sdk",
            "generate",
            "--base-url",
            service.base_url,
            "--api-key",
            service.api_key,
            "--workspace",
            service.workspace_id,
            "--out",
            str(out),
        ],
        check=True,
        timeout=60,
    )
    return out, pump, feeds


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"ontology_{uuid.uuid4().hex}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _class(type_name: str) -> str:
    return type_name[0].upper() + type_name[1:]


def test_the_module_is_lint_clean_and_formatted(generated: tuple[Path, str, str]) -> None:
    path = generated[0]
    for command in (
        ["check", "--isolated", "--select", "E,F,W,I,UP,B", "--target-version", "py311"],
        ["format", "--isolated", "--check"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--line-length", "100", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stdout + done.stderr


def test_the_module_names_its_sources(generated: tuple[Path, str, str]) -> None:
    path, pump, feeds = generated
    text = path.read_text()
    assert f"API version: {API_VERSION}" in text
    module = _load(path)
    assert module.API_VERSION == API_VERSION
    assert isinstance(module.ONTOLOGY_REVISION, int)
    names = [t["name"] for t in module.ONTOLOGY["entityTypes"]]
    assert pump in names
    assert feeds in [t["name"] for t in module.ONTOLOGY["relationshipTypes"]]


def test_the_generated_module_creates_and_filters(
    generated: tuple[Path, str, str], client: Client
) -> None:
    path, pump, feeds = generated
    module = _load(path)
    api: Any = getattr(module, _class(pump))
    slow = api.create(client, "slow", {"serial": "S-1", "rpm": 900, "status": "stopped"})
    fast = api.create(client, "fast", {"serial": "S-2", "rpm": 2900, "status": "running"})
    assert fast["entityType"] == pump and fast["properties"]["rpm"] == 2900
    found = list(api.list(client, where={"rpm": {"gt": 1000}}))
    assert [n["id"] for n in found] == [fast["id"]]
    found = list(api.list(client, where={"status": {"in": ["stopped"]}}))
    assert [n["id"] for n in found] == [slow["id"]]
    updated = api.update(client, slow["id"], {"rpm": None, "status": "running"})
    assert "rpm" not in updated["properties"] and updated["properties"]["status"] == "running"
    tank_type = next(
        t["name"]
        for t in module.ONTOLOGY["entityTypes"]
        if t["name"] != pump and t["name"].startswith("GenTank") and t["name"].endswith(pump[-8:])
    )
    tank = client.nodes.create(tank_type, "tank")
    edges: Any = getattr(module, _class(feeds))
    edge = edges.create(client, fast["id"], tank["id"], {"flow": 3.5})
    assert [e["id"] for e in edges.list(client, where={"flow": {"gte": 3}})] == [edge["id"]]
    assert list(edges.list(client, where={"flow": {"gt": 4}})) == []

    # The batch builder takes the helpers' commands, with Refs where they name a record.
    batch = BatchBuilder()
    spare = batch.add(api.create_command("spare", {"serial": "S-3"}))
    batch.add(api.update_command(spare, {"rpm": 10}))
    feeds_ref = batch.add(edges.create_command(spare, tank["id"], {"flow": 4.5}))
    assert batch.commands == [
        {
            "type": "CREATE_NODE",
            "payload": {"entityType": pump, "name": "spare", "properties": {"serial": "S-3"}},
        },
        {"type": "UPDATE_NODE", "payload": {"id": {"$ref": 0}, "properties": {"rpm": 10}}},
        {
            "type": "CREATE_EDGE",
            "payload": {
                "type": feeds,
                "sourceId": {"$ref": 0},
                "targetId": tank["id"],
                "properties": {"flow": 4.5},
            },
        },
    ]
    result = client.commands.batch(batch)
    spare_id = result.result(spare)["id"]
    assert client.nodes.get(spare_id)["properties"] == {"serial": "S-3", "rpm": 10}
    assert result.result(feeds_ref)["sourceId"] == spare_id


def test_mypy_accepts_correct_use_and_rejects_misuse(
    generated: tuple[Path, str, str], tmp_path: Path
) -> None:
    path, pump, feeds = generated
    names = {"pump": _class(pump), "feeds": _class(feeds)}
    (tmp_path / "ontology.py").write_text(path.read_text())
    (tmp_path / "good.py").write_text(GOOD.format(**names))
    header = [
        "from wos_sdk import BatchBuilder, Client",
        f"from ontology import {names['pump']}, {names['feeds']}",
        "",
        "",
        "def run(client: Client) -> None:",
    ]
    body = [f"    {line.format(**names)}" for line, _ in BAD]
    (tmp_path / "bad.py").write_text("\n".join(header + body) + "\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(tmp_path / ".mypy_cache"),
            "ontology.py",
            "good.py",
            "bad.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MYPYPATH": str(tmp_path)},
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert result.returncode == 1, result.stdout + result.stderr
    assert not [e for e in errors if not e.startswith("bad.py:")], result.stdout
    first = len(header) + 1
    for offset, (_, pattern) in enumerate(BAD):
        wanted = re.compile(rf"^bad\.py:{first + offset}: error: .*{pattern.format(**names)}")
        assert any(wanted.search(e) for e in errors), (pattern, result.stdout)


def test_render_types_enums_arrays_and_keyword_keys() -> None:
    source = render(
        {
            "settings": {"revision": 7},
            "entityTypes": [
                {
                    "name": "thing",
                    "properties": {
                        "from": {"type": "date", "required": True},
                        "level": {"type": "integer", "enum": [1, 2, 3]},
                        "ratio": {"type": "number", "enum": [0.5, 1.5]},
                        "labels": {"type": "string[]", "enum": ["a", "b"]},
                    },
                    "additionalProperties": False,
                }
            ],
            "relationshipTypes": [],
        },
        workspace_id="ws",
        base_url=None,
    )
    assert '"from": Required[str],' in source  # a keyword: the call syntax
    assert '"level": Literal[1, 2, 3],' in source
    assert '"ratio": float,' in source  # a float cannot be a Literal
    assert '"labels": list[Literal["a", "b"]],' in source
    api = "EntityTypeApi[ThingProperties, ThingUpdate, ThingFilter, ThingNode]"
    assert f'Thing: Final = {api}("thing")' in source
    assert "Ontology revision: 7" in source
    compile(source, "ontology.py", "exec")
