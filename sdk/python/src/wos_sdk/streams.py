"""Reading and writing streams, without I/O: Server-Sent Events and NDJSON lines.

The clients' `events.stream()`, `imports.export_records()` and `imports.start_records()`
do the I/O around these.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, cast

from .errors import ApiError, parse_retry_after
from .types import ChangeEvent

__all__ = ["SseReader", "ndjson_chunks", "ndjson_record"]

# A write of the upload: records are gathered up to this size before being sent.
CHUNK_BYTES: Final = 64 * 1024


class SseReader:
    """The state of one change-feed subscription across its connections.

    Per the Server-Sent Events rules, an event's `id:` becomes the last event id only when
    the event is dispatched (its blank line): a connection cut in the middle of an event
    resumes before that event, which is sent again whole. A bare `id:` (events the filter
    left out) moves the last event id too. `retry:` sets the wait before reconnecting.
    """

    def __init__(self, after: str | None) -> None:
        self.last_event_id: str | None = None
        self.after = after
        self.retry_ms = 2000
        self.received = 0
        self.disconnected = False
        self._event = ""
        self._data: list[str] = []
        self._id: str | None = None

    def resume_headers(self) -> dict[str, str]:
        """`Last-Event-ID` once an event was dispatched (it wins over `after=`)."""
        self.disconnected = False
        self._event, self._data, self._id = "", [], None
        return {} if self.last_event_id is None else {"Last-Event-ID": self.last_event_id}

    def feed(self, line: str) -> ChangeEvent | None:
        """One line of the stream; the event it completes, if any."""
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            self.retry_ms = int(value)
        return None

    def delay(self, failures: int, error: Exception | None) -> float:
        """Seconds before the next connection: what the service said, longer on failures."""
        if isinstance(error, ApiError):
            retry_after = parse_retry_after(error.headers.get("retry-after"))
            if retry_after is not None:
                return retry_after
        base = self.retry_ms / 1000
        if failures <= 1:
            return base
        return min(30.0, base * 2.0 ** (failures - 1)) * (0.5 + random.random() / 2)

    def _dispatch(self) -> ChangeEvent | None:
        event, data, event_id = self._event, self._data, self._id
        self._event, self._data, self._id = "", [], None
        if event_id is not None:
            self.last_event_id = event_id
        if event == "disconnect":
            self.disconnected = True
            return None
        if not data:
            return None
        self.received += 1
        return cast(ChangeEvent, json.loads("\n".join(data)))


def ndjson_record(line: str) -> dict[str, Any] | None:
    """One line of an export, parsed; None for a blank line."""
    text = line.strip()
    return cast(dict[str, Any], json.loads(text)) if text else None


def ndjson_chunks(records: Iterable[Mapping[str, Any]], *, add_end: bool) -> Iterator[bytes]:
    """An upload's bytes, a chunk of lines at a time, from `records` (export lines).

    With `add_end`, an `end` line counting the node and edge lines is added when the
    records do not end with one (the service refuses an upload without it).
    """
    nodes = edges = 0
    last_kind = None
    buffer = bytearray()
    for record in records:
        last_kind = record.get("kind")
        nodes += last_kind == "node"
        edges += last_kind == "edge"
        buffer += json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        buffer += b"\n"
        if len(buffer) >= CHUNK_BYTES:
            yield bytes(buffer)
            buffer.clear()
    if add_end and last_kind != "end":
        buffer += json.dumps({"kind": "end", "nodes": nodes, "edges": edges}).encode() + b"\n"
    if buffer:
        yield bytes(buffer)
