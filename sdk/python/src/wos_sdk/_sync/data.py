"""Live data and search.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, cast

from ..types import (
    DataPoint,
    IndexStatus,
    IngestResult,
    LiveDataSeries,
    LiveDataSource,
    SearchHit,
)
from .resource import Resource, _List, _q, _seg


class LiveData(Resource):
    def create_source(
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
            (self._t.call("POST", "/api/live-data/sources", json_body=body)).data,
        )

    def list_sources(
        self, *, entity_id: str | None = None, page_size: int = 100
    ) -> Iterator[LiveDataSource]:
        return self._t.offset_items(
            "/api/live-data/sources", _q(limit=page_size, entityId=entity_id)
        )

    def get_source(self, source_id: str) -> LiveDataSource:
        return cast(
            LiveDataSource,
            (self._t.call("GET", f"/api/live-data/sources/{_seg(source_id)}")).data,
        )

    def ingest(self, source_id: str, points: Sequence[DataPoint]) -> IngestResult:
        """`POST /api/live-data/ingest`: points of one source (10,000 at most)."""
        body = {"sourceId": source_id, "points": _List(points)}
        return cast(
            IngestResult, (self._t.call("POST", "/api/live-data/ingest", json_body=body)).data
        )

    def query(
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
            LiveDataSeries, (self._t.call("GET", "/api/live-data/query", params=params)).data
        )


class Search(Resource):
    def semantic(
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
            _List[SearchHit], (self._t.call("POST", "/api/rag/search", json_body=body)).data
        )

    def hybrid(self, request: Mapping[str, Any]) -> _List[dict[str, Any]]:
        """`POST /api/rag/hybrid-search` with the body as documented (docs/search.md)."""
        return cast(
            _List[dict[str, Any]],
            (self._t.call("POST", "/api/rag/hybrid-search", json_body=dict(request))).data,
        )

    def index_status(self) -> IndexStatus:
        return cast(IndexStatus, (self._t.call("GET", "/api/rag/index/status")).data)
