"""Every operation of the OpenAPI document has a method, on both clients."""

from __future__ import annotations

import functools
import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

import wos_sdk
from wos_sdk import AsyncClient, Client

ROOT = Path(__file__).resolve().parents[3]
SDK = Path(__file__).resolve().parents[1]

# operationId -> the method that performs it (attribute path from the client).
OPERATIONS: dict[str, str] = {
    "getHealth": "system.health",
    "getReadiness": "system.ready",
    "getMetrics": "system.metrics",
    "getOpenApiDocument": "system.openapi_document",
    "getApiReference": "system.api_reference",
    "getCypherExplorer": "system.cypher_explorer",
    "getCypherExplorerAsset": "system.cypher_explorer_asset",
    "getMe": "me",
    "listWorkspaces": "workspaces.list",
    "createApiKey": "api_keys.create",
    "listApiKeys": "api_keys.list",
    "getApiKey": "api_keys.get",
    "revokeApiKey": "api_keys.revoke",
    "listNodes": "nodes.list",
    "getNode": "nodes.get",
    "getNodeNeighbors": "nodes.neighbors",
    "runCypher": "cypher.run",
    "listEdges": "edges.list",
    "getEdge": "edges.get",
    "getOntology": "ontology.get",
    "getOntologySettings": "ontology.get_settings",
    "putOntologySettings": "ontology.put_settings",
    "listEntityTypes": "ontology.list_entity_types",
    "getEntityType": "ontology.get_entity_type",
    "putEntityType": "ontology.put_entity_type",
    "deleteEntityType": "ontology.delete_entity_type",
    "listRelationshipTypes": "ontology.list_relationship_types",
    "getRelationshipType": "ontology.get_relationship_type",
    "putRelationshipType": "ontology.put_relationship_type",
    "deleteRelationshipType": "ontology.delete_relationship_type",
    "executeCommand": "commands.execute",
    "executeCommandBatch": "commands.batch",
    "startImport": "imports.start",
    "listImports": "imports.list",
    "getImport": "imports.get",
    "exportWorkspace": "imports.export",
    "createLiveDataSource": "live_data.create_source",
    "listLiveDataSources": "live_data.list_sources",
    "getLiveDataSource": "live_data.get_source",
    "ingestLiveData": "live_data.ingest",
    "queryLiveData": "live_data.query",
    "semanticSearch": "search.semantic",
    "hybridSearch": "search.hybrid",
    "getSearchIndexStatus": "search.index_status",
    "createConnector": "connectors.create",
    "listConnectors": "connectors.list",
    "getConnector": "connectors.get",
    "deleteConnector": "connectors.delete",
    "rotateConnectorSecret": "connectors.rotate_secret",
    "listConnectorEvents": "connectors.list_events",
    "getConnectorEvent": "connectors.get_event",
    "replayConnectorEvent": "connectors.replay_event",
    "receiveWebhook": "webhooks.receive",
    "getAuthorizationServerMetadata": "oauth.metadata",
    "authorize": "oauth.authorize",
    "authorizeSignIn": "oauth.sign_in",
    "authorizeConsentPage": "oauth.consent_page",
    "authorizeDecide": "oauth.decide",
    "token": "oauth.token",
    "revokeToken": "oauth.revoke",
    "createOAuthClient": "oauth_clients.create",
    "listOAuthClients": "oauth_clients.list",
    "getOAuthClient": "oauth_clients.get",
    "deleteOAuthClient": "oauth_clients.delete",
    "graphqlPost": "graphql.execute",
    "graphqlGet": "graphql.execute_get",
    "listEvents": "events.list",
    "streamEvents": "events.stream",
    "createWebhookSubscription": "webhook_subscriptions.create",
    "listWebhookSubscriptions": "webhook_subscriptions.list",
    "getWebhookSubscription": "webhook_subscriptions.get",
    "updateWebhookSubscription": "webhook_subscriptions.update",
    "deleteWebhookSubscription": "webhook_subscriptions.delete",
    "rotateWebhookSubscriptionSecret": "webhook_subscriptions.rotate_secret",
    "pingWebhookSubscription": "webhook_subscriptions.ping",
    "redeliverWebhookEvent": "webhook_subscriptions.redeliver",
    "replayWebhookEvents": "webhook_subscriptions.replay",
    "listWebhookDeliveries": "webhook_subscriptions.deliveries",
}


@functools.cache
def _document() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with (ROOT / "docs" / "api" / "openapi.yaml").open() as f:
        loaded: dict[str, Any] = yaml.load(f, Loader=loader)  # noqa: S506 - a safe loader
    return loaded


def _operation_ids() -> list[str]:
    ids = []
    for item in _document()["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and "operationId" in operation:
                ids.append(str(operation["operationId"]))
    return ids


def _resolve(root: object, dotted: str) -> object:
    target = root
    for name in dotted.split("."):
        target = getattr(target, name)
    return target


def test_every_operation_of_the_document_has_a_method_on_both_clients() -> None:
    ids = _operation_ids()
    assert len(ids) == len(set(ids))
    assert sorted(OPERATIONS) == sorted(ids), "OPERATIONS must name exactly the document's"
    sync = Client("http://127.0.0.1:9", "k", "w")
    asynchronous = AsyncClient("http://127.0.0.1:9", "k", "w")
    for operation_id, dotted in OPERATIONS.items():
        for client in (sync, asynchronous):
            method = _resolve(client, dotted)
            assert callable(method), f"{operation_id}: {dotted} on {type(client).__name__}"
            assert inspect.getdoc(method) or operation_id, operation_id
    sync.close()


def test_api_version_is_the_documents() -> None:
    assert wos_sdk.API_VERSION == _document()["info"]["version"]


def test_the_sync_client_is_generated_from_the_async_one() -> None:
    done = subprocess.run(
        [sys.executable, str(SDK / "scripts" / "unasync.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
