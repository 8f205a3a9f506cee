"""A representative set of real calls with the sync client."""

from __future__ import annotations

import uuid

import pytest

from wos_sdk import API_VERSION, Client, OAuthError


def test_identity_and_system_routes(client: Client) -> None:
    me = client.me()
    assert me["kind"] == "api_key"
    assert any(w["id"] == client.workspace_id for w in me["workspaces"])
    assert [w["id"] for w in client.workspaces.list()] == [client.workspace_id]
    assert client.system.health() == {"status": "ok"}
    assert client.system.ready()["status"] == "ready"
    assert f"version: {API_VERSION}" in client.system.openapi_document()
    assert "http_requests_total" in client.system.metrics()


def test_nodes_edges_and_reads(client: Client, entity_type: str) -> None:
    pump = client.nodes.create(entity_type, "Feed pump", {"rpm": 1450, "tags": ["feed"]})
    tank = client.nodes.create(entity_type, "Day tank", id=f"tank-{uuid.uuid4().hex[:8]}")
    assert pump["version"] == 1 and pump["properties"] == {"rpm": 1450, "tags": ["feed"]}

    updated = client.nodes.update(pump["id"], properties={"rpm": 1500}, expected_version=1)
    assert updated["version"] == 2 and updated["properties"]["rpm"] == 1500
    assert client.nodes.get(pump["id"]) == updated

    edge = client.edges.create("FEEDS", pump["id"], tank["id"], {"flow": 2.5})
    assert client.edges.get(edge["id"]) == edge
    assert [e["id"] for e in client.edges.list(node_id=tank["id"])] == [edge["id"]]

    around = client.nodes.neighbors(pump["id"], direction="out")
    assert {n["id"] for n in around["nodes"]} == {pump["id"], tank["id"]}

    names = sorted(n["name"] for n in client.nodes.list(entity_type=entity_type))
    assert names == ["Day tank", "Feed pump"]
    fast = list(
        client.nodes.list(entity_type=entity_type, filters={"properties.rpm": {"gt": 1000}})
    )
    assert [n["id"] for n in fast] == [pump["id"]]
    page = client.nodes.page(entity_type=entity_type, limit=1)
    assert page.meta["total"] == 2 and len(page.items) == 1 and page.meta["nextCursor"]

    rows = client.cypher.run(
        f"MATCH (p:{entity_type})-[:FEEDS]->(t) WHERE p.id = $id RETURN t.name AS name",
        {"id": pump["id"]},
    )
    assert rows["columns"] == ["name"] and rows["rows"] == [["Day tank"]]

    deleted = client.nodes.delete(pump["id"])
    assert deleted["deletedEdgeIds"] == [edge["id"]]


def test_undo_and_redo(client: Client, entity_type: str) -> None:
    node = client.nodes.create(entity_type, "undone")
    undone = client.commands.undo()
    assert undone.type == "UNDO"
    assert list(client.nodes.list(entity_type=entity_type)) == []
    client.commands.redo()
    assert [n["id"] for n in client.nodes.list(entity_type=entity_type)] == [node["id"]]


def test_api_keys_ontology_events_and_graphql(client: Client, entity_type: str) -> None:
    created = client.api_keys.create("sdk test key", ["read:nodes"])
    assert created["secret"].startswith("wos_")
    assert client.api_keys.get(created["id"])["name"] == "sdk test key"
    assert created["id"] in {k["id"] for k in client.api_keys.list()}
    client.api_keys.revoke(created["id"])
    assert client.api_keys.get(created["id"])["revokedAt"] is not None

    definition = {"properties": {"rpm": {"type": "number"}}, "additionalProperties": True}
    stored = client.ontology.put_entity_type(entity_type, definition)
    assert stored["name"] == entity_type
    assert client.ontology.get_entity_type(entity_type)["properties"]["rpm"]["type"] == "number"
    assert entity_type in {t["name"] for t in client.ontology.list_entity_types()}
    client.ontology.delete_entity_type(entity_type)

    head = client.nodes.page(limit=0).meta["eventCursor"]
    node = client.nodes.create(entity_type, "seen by the feed")
    created_events = [
        e
        for e in client.events.list(after=head, types=["node.created"])
        if e["subject"].get("id") == node["id"]
    ]
    assert len(created_events) == 1

    answer = client.graphql.execute(
        "query($id: ID!) { node(id: $id) { id name } }", {"id": node["id"]}
    )
    assert answer.get("data") == {"node": {"id": node["id"], "name": "seen by the feed"}}
    assert node["id"].encode() in client.imports.export()


def test_oauth_routes_answer_without_the_envelope(client: Client) -> None:
    metadata = client.oauth.metadata()
    assert metadata["token_endpoint"].endswith("/token")
    with pytest.raises(OAuthError) as caught:
        client.oauth.token(
            {
                "grant_type": "authorization_code",
                "code": "woc_not-a-code",
                "client_id": "nobody",
                "redirect_uri": "http://127.0.0.1/cb",
                "code_verifier": "v" * 43,
            }
        )
    assert caught.value.status == 400 and caught.value.error.startswith("invalid_")
