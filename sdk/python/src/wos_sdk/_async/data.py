"""Live data and search.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Mapping, Sequence
from typing import Any, Literal, cast

from ..live_data import MAX_INGEST_POINTS, Chunk, check_chunk_size
from ..types import (
    DataPoint,
    IndexStatus,
    IngestResult,
    IngestTotals,
    LiveDataSeries,
    LiveDataSource,
    SearchHit,
    SourcePoint,
)
from .resource import Resource, _List, _q, _seg


class AsyncLiveData(Resource):
    async def create_source(
        self,
        name: str,
        *,
        unit: str | None = None,
        description: str | None = None,
        entity_id: str | None = None,
    ) -> LiveDataSource:
        body = {
            k: v
            for k, v in {
                "name": name,
                "unit": unit,
                "description": description,
                "entityId": entity_id,
            }.items()
            if v is not None
        }
        return cast(
            LiveDataSource,
            (await self._t.call("POST", "/api/live-data/sources", json_body=body)).data,
        )

    def list_sources(
        self, *, entity_id: str | None = None, page_size: int = 100
    ) -> AsyncIterator[LiveDataSource]:
        return self._t.offset_items(
            "/api/live-data/sources", _q(limit=page_size, entityId=entity_id)
        )

    async def get_source(self, source_id: str) -> LiveDataSource:
        return cast(
            LiveDataSource,
            (await self._t.call("GET", f"/api/live-data/sources/{_seg(source_id)}")).data,
        )

    async def ingest(self, source_id: str, points: Sequence[DataPoint]) -> IngestResult:
        """`POST /api/live-data/ingest`: points of one source (10,000 at most).

        Retried like a read: the route is idempotent (a point sent again replaces itself).
        """
        body = {"sourceId": source_id, "points": _List(points)}
        answer = await self._t.call(
            "POST", "/api/live-data/ingest", json_body=body, repeatable=True
        )
        return cast(IngestResult, answer.data)

    async def ingest_all(
        self,
        points: Iterable[SourcePoint] | AsyncIterable[SourcePoint],
        *,
        chunk_size: int = MAX_INGEST_POINTS,
    ) -> IngestTotals:
        """Any number of points (each naming its `sourceId`), in input order, in requests of
        at most `chunk_size` points (10,000, the route's limit) and 100 sources.

        Returns the points accepted and the requests sent. A refused request raises
        `IngestChunkError` (the chunk, its first input point, the bad input point, what was
        stored before it); nothing of it or after it is stored.
        """
        check_chunk_size(chunk_size)
        totals = IngestTotals(accepted=0, chunks=0)
        chunk = Chunk()
        index = 0
        async for point in _each(points):
            if chunk.full(point, chunk_size):
                await self._send_chunk(chunk, totals)
                chunk = Chunk()
            chunk.add(point, index)
            index += 1
        if chunk.size > 0:
            await self._send_chunk(chunk, totals)
        return totals

    async def _send_chunk(self, chunk: Chunk, totals: IngestTotals) -> None:
        try:
            answer = await self._t.call(
                "POST", "/api/live-data/ingest", json_body=chunk.body(), repeatable=True
            )
        except Exception as exc:
            raise chunk.failure(totals["chunks"], totals["accepted"], exc) from exc
        totals["accepted"] += cast(IngestResult, answer.data)["accepted"]
        totals["chunks"] += 1

    async def query(
        self,
        source_id: str,
        *,
        start: str | None = None,
        end: str | None = None,
        aggregation: str | None = None,
        interval: str | None = None,
        limit: int | None = None,
        order: Literal["asc", "desc"] | None = None,
    ) -> LiveDataSeries:
        """`GET /api/live-data/query`: raw points or buckets between `start` and `end`."""
        params = _q(
            sourceId=source_id, aggregation=aggregation, interval=interval, limit=limit, order=order
        )
        if start is not None:
            params["from"] = start
        if end is not None:
            params["to"] = end
        return cast(
            LiveDataSeries, (await self._t.call("GET", "/api/live-data/query", params=params)).data
        )


async def _each(
    points: Iterable[SourcePoint] | AsyncIterable[SourcePoint],
) -> AsyncIterator[SourcePoint]:
    """The points of a plain or an async iterable, one by one."""
    if isinstance(points, AsyncIterable):
        async for point in points:
            yield point
    else:
        for point in points:
            yield point


class AsyncSearch(Resource):
    async def semantic(
        self,
        query: str,
        *,
        top_k: int | None = None,
        entity_type: str | None = None,
        min_score: float | None = None,
    ) -> _List[SearchHit]:
        """`POST /api/rag/search`: nodes by meaning."""
        body = {
            k: v
            for k, v in {
                "query": query,
                "topK": top_k,
                "entityType": entity_type,
                "minScore": min_score,
            }.items()
            if v is not None
        }
        return cast(
            _List[SearchHit], (await self._t.call("POST", "/api/rag/search", json_body=body)).data
        )

    async def hybrid(self, request: Mapping[str, Any]) -> _List[dict[str, Any]]:
        """`POST /api/rag/hybrid-search` with the body as documented (docs/search.md)."""
        return cast(
            _List[dict[str, Any]],
            (await self._t.call("POST", "/api/rag/hybrid-search", json_body=dict(request))).data,
        )

    async def index_status(self) -> IndexStatus:
        return cast(IndexStatus, (await self._t.call("GET", "/api/rag/index/status")).data)
