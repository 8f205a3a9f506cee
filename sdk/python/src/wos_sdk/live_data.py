"""Live-data points in chunks: what the sync and async `ingest_all` share.

`POST /api/live-data/ingest` takes at most 10,000 points over at most 100 sources per
request, all or nothing. `ingest_all` splits any number of points into such requests, in
input order; a refused one stops it with an `IngestChunkError` that says which chunk failed
and what the chunks before it stored.

The route is idempotent (a point is identified by its source and timestamp, and sending it
again replaces it with itself), so its requests are retried like reads; it reads no
`Idempotency-Key` and none is sent.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ApiError, WosError
from .types import DataPoint, SourcePoint

MAX_INGEST_POINTS = 10_000
"""Most points one ingest request may carry (over all its sources)."""

MAX_INGEST_SOURCES = 100
"""Most sources one ingest request may name."""

_POINT_PATH = re.compile(r"batches\.(\d+)\.points\.(\d+)")


class IngestChunkError(WosError):
    """A chunk the service refused; every chunk before it is stored, nothing of it.

    `chunk` is its index (from 0), `first_point` the input index of its first point,
    `accepted` the points the chunks before it stored, `bad_point` the input index of the
    first point the service named as bad (for a 400; else None), and `__cause__` the
    error of the request (an `ApiError` for an answer of the service).
    """

    def __init__(
        self,
        *,
        chunk: int,
        first_point: int,
        accepted: int,
        bad_point: int | None,
        cause: Exception,
    ) -> None:
        where = "" if bad_point is None else f" (input point {bad_point})"
        super().__init__(
            f"live-data chunk {chunk}, from input point {first_point}, failed{where}: {cause}; "
            f"{accepted} points in {chunk} chunks were stored before it"
        )
        self.chunk = chunk
        self.first_point = first_point
        self.accepted = accepted
        self.bad_point = bad_point
        self.__cause__ = cause


def check_chunk_size(chunk_size: int) -> None:
    """Raises ValueError for a chunk size the route does not take."""
    if isinstance(chunk_size, bool) or not 1 <= chunk_size <= MAX_INGEST_POINTS:
        raise ValueError(f"chunk_size must be an integer from 1 to {MAX_INGEST_POINTS}")


class Chunk:
    """One request being assembled: the points per source, with each point's input index."""

    def __init__(self) -> None:
        self.sources: dict[str, tuple[list[DataPoint], list[int]]] = {}
        self.size = 0
        self.first = -1

    def full(self, point: SourcePoint, chunk_size: int) -> bool:
        """Whether `point` must go to the next request (points or sources at the limit)."""
        new_source = point["sourceId"] not in self.sources
        return self.size >= chunk_size or (new_source and len(self.sources) >= MAX_INGEST_SOURCES)

    def add(self, point: SourcePoint, index: int) -> None:
        rest: dict[str, Any] = {k: v for k, v in point.items() if k != "sourceId"}
        points, indexes = self.sources.setdefault(point["sourceId"], ([], []))
        points.append(rest)  # type: ignore[arg-type]
        indexes.append(index)
        if self.first < 0:
            self.first = index
        self.size += 1

    def body(self) -> dict[str, Any]:
        return {
            "batches": [
                {"sourceId": source, "points": points}
                for source, (points, _) in self.sources.items()
            ]
        }

    def failure(self, chunk: int, accepted: int, cause: Exception) -> IngestChunkError:
        """The error for this chunk, refused with `cause`."""
        return IngestChunkError(
            chunk=chunk,
            first_point=self.first,
            accepted=accepted,
            bad_point=self._bad_point(cause),
            cause=cause,
        )

    def _bad_point(self, cause: Exception) -> int | None:
        """The input index of the point the first issue of a 400 names, if it names one."""
        if not isinstance(cause, ApiError):
            return None
        issues = cause.details.get("issues")
        if not isinstance(issues, list) or not issues or not isinstance(issues[0], dict):
            return None
        match = _POINT_PATH.search(str(issues[0].get("path", "")))
        if match is None:
            return None
        batches = list(self.sources.values())
        batch, point = int(match.group(1)), int(match.group(2))
        if batch >= len(batches) or point >= len(batches[batch][1]):
            return None
        return batches[batch][1][point]
