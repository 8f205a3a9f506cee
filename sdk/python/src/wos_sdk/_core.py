"""What the sync and async clients share: configuration, the retry policy, building a
request and reading an answer. Nothing here does I/O."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import httpx

from ._version import API_VERSION
from .errors import ApiError, error_class, parse_retry_after

__all__ = [
    "RetryPolicy",
    "ApiResponse",
    "Page",
    "QueryValue",
    "build_headers",
    "decode",
    "error_from",
    "filter_params",
    "new_idempotency_key",
]

USER_AGENT: Final = f"wos-sdk-python/{API_VERSION}"

QueryValue = str | int | float | bool | Sequence[str | int | float | bool] | None
"""A query parameter value; `None` leaves the parameter out, a sequence is comma-joined."""

# Methods whose repetition changes nothing, so a network error may be retried without a key.
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class RetryPolicy:
    """When and how long to wait before sending a request again.

    Retried: 429 and 503 answers, and requests that got no answer at all (network errors),
    but only for reads (GET, HEAD) and for writes that carry an `Idempotency-Key`: the
    service replays the first answer of such a write instead of executing it twice. Any
    other write is never sent twice.

    The wait before retry `n` (from 0) is the answer's `Retry-After` when it has one, else
    `min(max_backoff, initial_backoff * 2**n)` scaled by a random factor in [0.5, 1]
    ("equal jitter"), so clients that failed together do not retry together. A
    `Retry-After` longer than `max_retry_after` is not waited for: the error is raised at
    once, with the header, so the caller decides.
    """

    max_retries: int = 3
    initial_backoff: float = 0.5
    max_backoff: float = 8.0
    max_retry_after: float = 60.0
    retry_statuses: frozenset[int] = field(default_factory=lambda: frozenset({429, 503}))

    def may_retry(self, method: str, headers: Mapping[str, str]) -> bool:
        """Whether a request may be sent again at all."""
        return method.upper() in SAFE_METHODS or any(
            name.lower() == "idempotency-key" for name in headers
        )

    def backoff(self, attempt: int) -> float:
        """The jittered exponential wait before retry `attempt` (0-based)."""
        ceiling = min(self.max_backoff, self.initial_backoff * (2.0**attempt))
        return ceiling * (0.5 + random.random() / 2)

    def delay_for(self, attempt: int, response: httpx.Response) -> float | None:
        """The wait before retrying after `response`, or None when it must not be retried."""
        if response.status_code not in self.retry_statuses:
            return None
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        if retry_after is None:
            return self.backoff(attempt)
        if retry_after > self.max_retry_after:
            return None
        # A small jitter on top, never below what the service asked for.
        return retry_after + random.random() * min(1.0, self.initial_backoff)


NO_RETRIES: Final = RetryPolicy(max_retries=0)


@dataclass(frozen=True)
class ApiResponse:
    """A decoded answer: the envelope's `data` and `meta`, and what the headers said."""

    status: int
    headers: httpx.Headers
    data: Any
    meta: Mapping[str, Any]
    request_id: str | None
    content: bytes

    @property
    def replayed(self) -> bool:
        """`Idempotent-Replayed: true`: the answer is the stored one of an earlier request."""
        value: str = self.headers.get("idempotent-replayed", "")
        return value == "true"


@dataclass(frozen=True)
class Page:
    """One page of a list: its items and `meta` (total, limit, offset, nextCursor...)."""

    items: list[Any]
    meta: Mapping[str, Any]
    request_id: str | None


def build_headers(
    api_key: str | None, workspace_id: str | None, extra: Mapping[str, str] | None
) -> dict[str, str]:
    """`Authorization: Bearer`, `x-workspace-id` (the service's header names) and extras."""
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if api_key is not None:
        headers["Authorization"] = f"Bearer {api_key}"
    if workspace_id is not None:
        headers["x-workspace-id"] = workspace_id
    if extra:
        headers.update(extra)
    return headers


def new_idempotency_key() -> str:
    """A fresh key for one logical write (kept across that write's retries)."""
    return f"wos-py-{uuid.uuid4()}"


def filter_params(
    params: Mapping[str, QueryValue] | None,
    filters: Mapping[str, Any] | None = None,
    where: Mapping[str, Any] | str | None = None,
) -> dict[str, str]:
    """Query parameters as the service reads them.

    `filters` maps a field to a value (`eq`) or to `{operator: value}`:
    `{"properties.rpm": {"gt": 1000}, "entityType": "Pump"}` becomes
    `filter[properties.rpm][gt]=1000&filter[entityType]=Pump`. `where` is the JSON filter
    expression (docs/filters.md), sent as JSON text.
    """
    out: dict[str, str] = {}
    for name, value in (params or {}).items():
        if value is not None:
            out[name] = _query_text(value)
    for field_name, condition in (filters or {}).items():
        if isinstance(condition, Mapping):
            for op, value in condition.items():
                out[f"filter[{field_name}][{op}]"] = _query_text(value)
        else:
            out[f"filter[{field_name}]"] = _query_text(condition)
    if where is not None:
        out["where"] = where if isinstance(where, str) else json.dumps(where)
    return out


def _query_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_query_text(v) for v in value)
    return str(value)


def decode(response: httpx.Response) -> ApiResponse:
    """The answer of an envelope route; raises the matching `ApiError` for an error."""
    if response.status_code >= 400:
        raise error_from(response)
    body: Any = None
    if response.content and _is_json(response.headers.get("content-type", "")):
        body = response.json()
    data: Any = body
    meta: Mapping[str, Any] = {}
    if isinstance(body, dict) and "success" in body:
        data = body.get("data")
        meta = body.get("meta") or {}
    return ApiResponse(
        status=response.status_code,
        headers=response.headers,
        data=data,
        meta=meta,
        request_id=response.headers.get("x-request-id"),
        content=response.content,
    )


def _is_json(content_type: str) -> bool:
    mime = content_type.split(";")[0].strip().lower()
    return mime == "application/json" or mime.endswith("+json")


def error_from(response: httpx.Response) -> ApiError:
    """The exception for an error answer, from its envelope when it has one."""
    code = f"HTTP_{response.status_code}"
    message = response.reason_phrase or "error"
    details: Mapping[str, Any] | None = None
    request_id = response.headers.get("x-request-id")
    try:
        body = response.json()
    except (ValueError, UnicodeDecodeError):
        body = None
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            code = str(error.get("code", code))
            message = str(error.get("message", message))
            raw_details = error.get("details")
            details = raw_details if isinstance(raw_details, dict) else None
        request_id = body.get("requestId", request_id)
    elif response.text:
        message = response.text[:200]
    return error_class(response.status_code)(
        message,
        status=response.status_code,
        code=code,
        details=details,
        request_id=request_id,
        headers=dict(response.headers),
    )
