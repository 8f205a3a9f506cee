"""Live data, OAuth clients, connectors with a signed webhook, import and export."""

from __future__ import annotations

import hashlib
import hmac
import time
import uuid

from wos_sdk import Client
from wos_sdk.types import DataPoint


def test_live_data_source_ingest_and_query(client: Client, entity_type: str) -> None:
    pump = client.nodes.create(entity_type, "metered pump")
    source = client.live_data.create_source("rpm", unit="rpm", entity_id=pump["id"])
    assert client.live_data.get_source(source["id"])["entityId"] == pump["id"]
    points: list[DataPoint] = [
        {"timestamp": "2026-01-01T00:00:00Z", "value": 1450.0},
        {"timestamp": "2026-01-01T00:01:00Z", "value": 1500.0},
    ]
    assert client.live_data.ingest(source["id"], points)["accepted"] == 2
    series = client.live_data.query(
        source["id"], start="2026-01-01T00:00:00Z", end="2026-01-01T01:00:00Z"
    )
    assert [p["value"] for p in series["points"]] == [1450, 1500]
    assert source["id"] in {s["id"] for s in client.live_data.list_sources(entity_id=pump["id"])}


def test_oauth_client_registration(client: Client) -> None:
    registered = client.oauth_clients.create(
        "sdk test app", "http://127.0.0.1:8765/callback", ["read:nodes"]
    )
    assert client.oauth_clients.get(registered["clientId"])["name"] == "sdk test app"
    assert registered["clientId"] in {c["clientId"] for c in client.oauth_clients.list()}
    client.oauth_clients.delete(registered["clientId"])


def test_a_signed_webhook_becomes_a_node(client: Client, entity_type: str) -> None:
    connector = client.connectors.create(
        {"type": "Webhook", "name": "sdk sender", "entityType": entity_type}
    )
    body = b'{"type":"reading","value":42}'
    timestamp = str(int(time.time()))
    signature = hmac.new(
        connector["secret"].encode(), timestamp.encode() + b"." + body, hashlib.sha256
    ).hexdigest()
    receipt = client.webhooks.receive(
        connector["endpointId"],
        body,
        {"X-Webhook-Timestamp": timestamp, "X-Webhook-Signature": f"sha256={signature}"},
    )
    event = client.connectors.get_event(connector["id"], receipt["eventId"])
    assert event["connectorId"] == connector["id"]
    assert receipt["eventId"] in {e["id"] for e in client.connectors.list_events(connector["id"])}
    client.connectors.delete(connector["id"])


def test_an_export_imports_back_unchanged(client: Client, entity_type: str) -> None:
    client.nodes.create(entity_type, "exported", id=f"exp-{uuid.uuid4().hex[:8]}")
    exported = client.imports.export()
    done = client.imports.start(exported)
    assert done["status"] == "completed" and done["unchanged"] > 0 and done["nodes"] == 0
    assert client.imports.get(done["id"])["id"] == done["id"]
    assert done["id"] in {i["id"] for i in client.imports.list()}
