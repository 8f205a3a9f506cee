"""The ontology: entity and relationship types, settings; bulk import and export.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from collections.abc import Iterator, Iterable, Mapping
from typing import Any, cast

from ..streams import ndjson_chunks, ndjson_record
from ..types import (
    EntityType,
    Import,
    Ontology,
    RelationshipType,
)
from .resource import Resource, _q, _seg


class OntologyResource(Resource):
    """Entity and relationship types and the ontology settings."""

    def get(self) -> Ontology:
        """`GET /api/ontology`: settings and every type."""
        return cast(Ontology, (self._t.call("GET", "/api/ontology")).data)

    def get_settings(self) -> dict[str, Any]:
        return cast(dict[str, Any], (self._t.call("GET", "/api/ontology/settings")).data)

    def put_settings(
        self, settings: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> dict[str, Any]:
        answer = self._t.call(
            "PUT",
            "/api/ontology/settings",
            json_body=dict(settings),
            params=_q(validateExisting=validate_existing),
        )
        return cast(dict[str, Any], answer.data)

    def list_entity_types(self, *, page_size: int = 100) -> Iterator[EntityType]:
        return self._t.offset_items("/api/ontology/entity-types", _q(limit=page_size))

    def get_entity_type(self, name: str) -> EntityType:
        return cast(
            EntityType, (self._t.call("GET", f"/api/ontology/entity-types/{_seg(name)}")).data
        )

    def put_entity_type(
        self, name: str, definition: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> EntityType:
        """Create or replace an entity type (`{properties, additionalProperties, ...}`)."""
        answer = self._t.call(
            "PUT",
            f"/api/ontology/entity-types/{_seg(name)}",
            json_body=dict(definition),
            params=_q(validateExisting=validate_existing),
        )
        return cast(EntityType, answer.data)

    def delete_entity_type(self, name: str) -> dict[str, Any]:
        return cast(
            dict[str, Any],
            (self._t.call("DELETE", f"/api/ontology/entity-types/{_seg(name)}")).data,
        )

    def list_relationship_types(self, *, page_size: int = 100) -> Iterator[RelationshipType]:
        return self._t.offset_items("/api/ontology/relationship-types", _q(limit=page_size))

    def get_relationship_type(self, name: str) -> RelationshipType:
        answer = self._t.call("GET", f"/api/ontology/relationship-types/{_seg(name)}")
        return cast(RelationshipType, answer.data)

    def put_relationship_type(
        self, name: str, definition: Mapping[str, Any], *, validate_existing: bool | None = None
    ) -> RelationshipType:
        answer = self._t.call(
            "PUT",
            f"/api/ontology/relationship-types/{_seg(name)}",
            json_body=dict(definition),
            params=_q(validateExisting=validate_existing),
        )
        return cast(RelationshipType, answer.data)

    def delete_relationship_type(self, name: str) -> dict[str, Any]:
        answer = self._t.call("DELETE", f"/api/ontology/relationship-types/{_seg(name)}")
        return cast(dict[str, Any], answer.data)


class Imports(Resource):
    """Bulk import and export (NDJSON): whole bodies, or streamed record by record."""

    def start(
        self,
        ndjson: bytes | str,
        *,
        validate_records: bool | None = None,
        content_encoding: str | None = None,
    ) -> Import:
        """`POST /api/imports` with the upload in memory; the import's record."""
        headers = {"Content-Type": "application/x-ndjson"}
        if content_encoding is not None:
            headers["Content-Encoding"] = content_encoding
        body = ndjson.encode() if isinstance(ndjson, str) else ndjson
        answer = self._t.call(
            "POST",
            "/api/imports",
            content=body,
            headers=headers,
            params=_q(validateRecords=validate_records),
        )
        return cast(Import, answer.data)

    def start_records(
        self,
        records: Iterable[Mapping[str, Any]],
        *,
        validate_records: bool | None = None,
        add_end: bool = True,
    ) -> Import:
        """`POST /api/imports` with the upload streamed from `records` as they are produced.

        `records` are export lines (`{"kind": "node", ...}`, as `export_records()` yields);
        memory stays bounded however many there are. The `end` line is added when the
        records lack it (`add_end`). Never sent twice: a failed upload raises.
        """
        answer = self._t.call(
            "POST",
            "/api/imports",
            content=_upload(records, add_end),
            headers={"Content-Type": "application/x-ndjson"},
            params=_q(validateRecords=validate_records),
        )
        return cast(Import, answer.data)

    def list(self, *, page_size: int = 100) -> Iterator[Import]:
        return self._t.offset_items("/api/imports", _q(limit=page_size))

    def get(self, import_id: str) -> Import:
        return cast(Import, (self._t.call("GET", f"/api/imports/{_seg(import_id)}")).data)

    def export(self) -> bytes:
        """`GET /api/export`: the workspace as NDJSON, read whole."""
        return (self._t.call("GET", "/api/export")).content

    def export_records(self) -> Iterator[dict[str, Any]]:
        """`GET /api/export` as records, parsed line by line as they arrive.

        The `workspace` line first, then types, settings, nodes, edges, and the `end` line.
        Memory stays bounded however large the workspace; read at your pace (the service
        ends an export that stalls or runs past its time limit: the last record is then
        not `end`).
        """
        with self._t.stream("/api/export", params={}) as response:
            for line in response.iter_lines():
                record = ndjson_record(line)
                if record is not None:
                    yield record


def _upload(records: Iterable[Mapping[str, Any]], add_end: bool) -> Iterator[bytes]:
    for chunk in ndjson_chunks(records, add_end=add_end):
        yield chunk
