"""Events in and out: the change feed, the webhook subscriptions that push it, and the
connectors that receive webhooks from other systems.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

import httpx

from .._core import Page
from ..errors import NetworkError, RateLimitError, ServiceUnavailableError
from ..streams import SseReader
from ..types import (
    ChangeEvent,
    Connector,
    ConnectorWithSecret,
    DeliveryAttempt,
    EventSubscription,
    EventSubscriptionWithSecret,
    WebhookEvent,
)
from .resource import Resource, _q, _seg


class Events(Resource):
    """The change feed: every committed change, in order."""

    def list(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
        page_size: int = 1000,
    ) -> Iterator[ChangeEvent]:
        """`GET /api/events`, page after page until the end of the log (`hasMore` false)."""
        params = _q(after=after, types=types, entityType=entity_type, limit=page_size)
        return self._t.after_items("/api/events", params)

    def page(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
        limit: int | None = None,
    ) -> Page:
        """One page of the feed; `meta.nextCursor` to follow it."""
        return self._t.page(
            "/api/events", _q(after=after, types=types, entityType=entity_type, limit=limit)
        )

    def stream(
        self,
        *,
        after: str | None = None,
        types: Sequence[str] | None = None,
        entity_type: str | None = None,
        reconnect: bool = True,
        max_failures: int = 5,
    ) -> Iterator[ChangeEvent]:
        """`GET /api/events/stream` (Server-Sent Events): events as they commit, for ever.

        When the connection drops or the service ends the stream (`event: disconnect`),
        it connects again with `Last-Event-ID` set to the last event received, after the
        wait the service asked for (`retry:`): no event is missed or repeated. It raises the
        error after `max_failures` attempts in a row that received nothing, and at once for
        an error answer other than 429 or 503 (a bad or expired cursor: `410 GoneError`).
        With `reconnect=False` the iterator ends with the first stream. Break out of the
        loop (or close the iterator) to stop.
        """
        reader = SseReader(after)
        params = _q(after=after, types=types, entityType=entity_type)
        failures = 0
        while True:
            received = reader.received
            try:
                headers = {"Accept": "text/event-stream", **reader.resume_headers()}
                with self._t.stream(
                    "/api/events/stream", params=params, headers=headers
                ) as response:
                    for line in response.iter_lines():
                        event = reader.feed(line)
                        if event is not None:
                            yield event
                        if reader.disconnected:
                            break
            except (NetworkError, RateLimitError, ServiceUnavailableError) as error:
                failures = 0 if reader.received > received else failures + 1
                if not reconnect or failures >= max_failures:
                    raise
                time.sleep(reader.delay(failures, error))
                continue
            except httpx.TransportError as error:  # the stream cut while being read
                failures = 0 if reader.received > received else failures + 1
                if not reconnect or failures >= max_failures:
                    raise NetworkError(f"GET /api/events/stream: {error!r}", cause=error) from error
                time.sleep(reader.delay(failures, None))
                continue
            if not reconnect:
                return
            failures = 0 if reader.received > received else failures + 1
            if failures >= max_failures:
                raise NetworkError("GET /api/events/stream: ended again and again, empty")
            time.sleep(reader.delay(failures, None))


class WebhookSubscriptions(Resource):
    """Outbound webhooks: the change feed pushed to a URL."""

    def create(self, body: Mapping[str, Any]) -> EventSubscriptionWithSecret:
        answer = self._t.call("POST", "/api/webhook-subscriptions", json_body=dict(body))
        return cast(EventSubscriptionWithSecret, answer.data)

    def list(self, *, page_size: int = 100) -> Iterator[EventSubscription]:
        return self._t.offset_items("/api/webhook-subscriptions", _q(limit=page_size))

    def get(self, subscription_id: str) -> EventSubscription:
        answer = self._t.call("GET", f"/api/webhook-subscriptions/{_seg(subscription_id)}")
        return cast(EventSubscription, answer.data)

    def update(self, subscription_id: str, changes: Mapping[str, Any]) -> EventSubscription:
        answer = self._t.call(
            "PATCH", f"/api/webhook-subscriptions/{_seg(subscription_id)}", json_body=dict(changes)
        )
        return cast(EventSubscription, answer.data)

    def delete(self, subscription_id: str) -> None:
        self._t.call("DELETE", f"/api/webhook-subscriptions/{_seg(subscription_id)}")

    def rotate_secret(
        self, subscription_id: str, body: Mapping[str, Any] | None = None
    ) -> EventSubscriptionWithSecret:
        answer = self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/rotate-secret",
            json_body=dict(body or {}),
        )
        return cast(EventSubscriptionWithSecret, answer.data)

    def ping(self, subscription_id: str) -> DeliveryAttempt:
        answer = self._t.call(
            "POST", f"/api/webhook-subscriptions/{_seg(subscription_id)}/ping"
        )
        return cast(DeliveryAttempt, answer.data)

    def redeliver(self, subscription_id: str, event_id: str) -> DeliveryAttempt:
        answer = self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/redeliver",
            json_body={"eventId": event_id},
        )
        return cast(DeliveryAttempt, answer.data)

    def replay(self, subscription_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        answer = self._t.call(
            "POST",
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/replay",
            json_body=dict(body),
        )
        return cast(dict[str, Any], answer.data)

    def deliveries(
        self, subscription_id: str, *, page_size: int = 100
    ) -> Iterator[DeliveryAttempt]:
        """`GET /api/webhook-subscriptions/{id}/deliveries`, newest first, every page."""
        return self._t.before_items(
            f"/api/webhook-subscriptions/{_seg(subscription_id)}/deliveries", _q(limit=page_size)
        )


class Connectors(Resource):
    """Inbound webhook connectors and the events they received."""

    def create(self, body: Mapping[str, Any]) -> ConnectorWithSecret:
        return cast(
            ConnectorWithSecret,
            (self._t.call("POST", "/api/connectors", json_body=dict(body))).data,
        )

    def list(self, *, page_size: int = 100) -> Iterator[Connector]:
        return self._t.offset_items("/api/connectors", _q(limit=page_size))

    def get(self, connector_id: str) -> Connector:
        return cast(
            Connector, (self._t.call("GET", f"/api/connectors/{_seg(connector_id)}")).data
        )

    def delete(self, connector_id: str) -> None:
        self._t.call("DELETE", f"/api/connectors/{_seg(connector_id)}")

    def rotate_secret(
        self, connector_id: str, body: Mapping[str, Any] | None = None
    ) -> ConnectorWithSecret:
        answer = self._t.call(
            "POST",
            f"/api/connectors/{_seg(connector_id)}/rotate-secret",
            json_body=dict(body or {}),
        )
        return cast(ConnectorWithSecret, answer.data)

    def list_events(
        self, connector_id: str, *, status: str | None = None, page_size: int = 100
    ) -> Iterator[WebhookEvent]:
        return self._t.offset_items(
            f"/api/connectors/{_seg(connector_id)}/events", _q(limit=page_size, status=status)
        )

    def get_event(self, connector_id: str, event_id: str) -> WebhookEvent:
        answer = self._t.call(
            "GET", f"/api/connectors/{_seg(connector_id)}/events/{_seg(event_id)}"
        )
        return cast(WebhookEvent, answer.data)

    def replay_event(self, connector_id: str, event_id: str) -> WebhookEvent:
        answer = self._t.call(
            "POST", f"/api/connectors/{_seg(connector_id)}/events/{_seg(event_id)}/replay"
        )
        return cast(WebhookEvent, answer.data)


class Webhooks(Resource):
    def receive(
        self, endpoint_id: str, body: bytes, headers: Mapping[str, str]
    ) -> dict[str, Any]:
        """`POST /api/webhooks/{endpointId}`: what a sender does (the body signed by it).

        Authenticated by the signature headers in `headers`, not by the API key.
        """
        answer = self._t.call(
            "POST",
            f"/api/webhooks/{_seg(endpoint_id)}",
            content=body,
            headers={"Content-Type": "application/json", **headers},
            auth=False,
            workspace=False,
        )
        return cast(dict[str, Any], answer.data)
