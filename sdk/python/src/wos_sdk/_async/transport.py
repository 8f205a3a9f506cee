"""Sending requests for `AsyncClient`: headers, retries, paging.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import httpx

from .._core import (
    ApiResponse,
    Page,
    RetryPolicy,
    build_headers,
    decode,
    error_from,
)
from ..errors import NetworkError, NetworkTimeoutError

if TYPE_CHECKING:
    from .auth import AsyncTokenProvider


class AsyncTransport:
    """One connection pool, the credentials, and the retry loop around every request.

    The credential is an API key, or a token provider (an OAuth session) asked for a token
    before every request and told once when the service answers 401 to it.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | AsyncTokenProvider | None,
        workspace_id: str | None,
        *,
        timeout: float,
        retry: RetryPolicy,
        http_client: httpx.AsyncClient | None,
        headers: Mapping[str, str] | None,
    ) -> None:
        self.api_key = api_key if isinstance(api_key, str) else None
        self.token_provider = None if isinstance(api_key, str) else api_key
        self.workspace_id = workspace_id
        self.retry = retry
        self._extra_headers = dict(headers or {})
        self._owns_http = http_client is None
        self.http = http_client or httpx.AsyncClient(base_url=base_url, timeout=timeout)

    async def close(self) -> None:
        if self._owns_http:
            await self.http.aclose()

    async def headers(
        self, *, auth: bool, workspace: bool, extra: Mapping[str, str] | None
    ) -> dict[str, str]:
        token = self.api_key
        if auth and self.token_provider is not None:
            token = await self.token_provider.token()
        return build_headers(
            token if auth else None,
            self.workspace_id if workspace else None,
            {**self._extra_headers, **(extra or {})},
        )

    async def renewed(self, response: httpx.Response, headers: dict[str, str]) -> bool:
        """After a 401 to a token: whether the provider renewed it (then in `headers`).

        A rejected request changed nothing, so sending it again is safe whatever its method.
        """
        provider = self.token_provider
        sent = headers.get("Authorization", "")
        if response.status_code != 401 or provider is None or not sent.startswith("Bearer "):
            return False
        if not await provider.rejected(sent.removeprefix("Bearer ")):
            return False
        headers["Authorization"] = f"Bearer {await provider.token()}"
        return True

    async def send(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        json_body: Any = None,
        content: bytes | AsyncIterator[bytes] | None = None,
        headers: Mapping[str, str] | None = None,
        auth: bool = True,
        workspace: bool = True,
        repeatable: bool = False,
    ) -> httpx.Response:
        """Sends the request, retrying as `self.retry` allows; returns the last answer.

        `repeatable`: the route is idempotent although its method is not (live-data
        ingest), so the request is retried like a read.
        """
        request_headers = await self.headers(auth=auth, workspace=workspace, extra=headers)
        if json_body is not None:
            content = json.dumps(json_body).encode()
            request_headers.setdefault("Content-Type", "application/json")
        policy = self.retry
        may_retry = repeatable or policy.may_retry(method, request_headers)
        attempt = 0
        renewed = False
        while True:
            failure: NetworkError
            try:
                response = await self.http.request(
                    method, path, params=params, content=content, headers=request_headers
                )
            except httpx.TimeoutException as exc:
                failure = NetworkTimeoutError(f"{method} {path}: timed out ({exc})", cause=exc)
            except httpx.TransportError as exc:
                failure = NetworkError(f"{method} {path}: {exc!r}", cause=exc)
            else:
                if not renewed and await self.renewed(response, request_headers):
                    renewed = True
                    await response.aclose()
                    continue
                delay = policy.delay_for(attempt, response) if may_retry else None
                if delay is None or attempt >= policy.max_retries:
                    return response
                await response.aclose()
                await asyncio.sleep(delay)
                attempt += 1
                continue
            if not may_retry or attempt >= policy.max_retries:
                raise failure from failure.cause
            await asyncio.sleep(policy.backoff(attempt))
            attempt += 1

    async def call(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        json_body: Any = None,
        content: bytes | AsyncIterator[bytes] | None = None,
        headers: Mapping[str, str] | None = None,
        auth: bool = True,
        workspace: bool = True,
        repeatable: bool = False,
    ) -> ApiResponse:
        """`send`, then the envelope decoded (an error answer raised as `ApiError`)."""
        response = await self.send(
            method,
            path,
            params=params,
            json_body=json_body,
            content=content,
            headers=headers,
            auth=auth,
            workspace=workspace,
            repeatable=repeatable,
        )
        return decode(response)

    @asynccontextmanager
    async def stream(
        self, path: str, *, params: Mapping[str, str], headers: Mapping[str, str] | None = None
    ) -> AsyncIterator[httpx.Response]:
        """A GET whose answer is read as it arrives (no retry but a renewed token's: the
        caller resumes)."""
        request_headers = await self.headers(auth=True, workspace=True, extra=headers)
        renewed = False
        while True:
            request = self.http.build_request("GET", path, params=params, headers=request_headers)
            try:
                response = await self.http.send(request, stream=True)
            except httpx.TransportError as exc:
                raise NetworkError(f"GET {path}: {exc!r}", cause=exc) from exc
            if renewed or not await self.renewed(response, request_headers):
                break
            renewed = True
            await response.aclose()
        try:
            if response.status_code >= 400:
                await response.aread()
                raise error_from(response)
            yield response
        finally:
            await response.aclose()

    async def page(self, path: str, params: Mapping[str, str]) -> Page:
        answer = await self.call("GET", path, params=params)
        return Page(items=list(answer.data), meta=answer.meta, request_id=answer.request_id)

    async def cursor_items(self, path: str, params: Mapping[str, str]) -> AsyncIterator[Any]:
        """Every item of a node or edge list, page after page by `meta.nextCursor`."""
        query = dict(params)
        while True:
            page = await self.page(path, query)
            for item in page.items:
                yield item
            cursor = page.meta.get("nextCursor")
            if not cursor:
                return
            query.pop("offset", None)
            query["cursor"] = str(cursor)

    async def offset_items(self, path: str, params: Mapping[str, str]) -> AsyncIterator[Any]:
        """Every item of an offset-paged list (`meta.total`, `limit`, `offset`)."""
        query = dict(params)
        offset = int(query.get("offset", "0"))
        while True:
            query["offset"] = str(offset)
            page = await self.page(path, query)
            for item in page.items:
                yield item
            offset += len(page.items)
            total = page.meta.get("total")
            if not page.items or (isinstance(total, int) and offset >= total):
                return

    async def after_items(self, path: str, params: Mapping[str, str]) -> AsyncIterator[Any]:
        """Every change event after `after`, by `meta.nextCursor` while `meta.hasMore`."""
        query = dict(params)
        while True:
            page = await self.page(path, query)
            for item in page.items:
                yield item
            if not page.meta.get("hasMore"):
                return
            query["after"] = str(page.meta["nextCursor"])

    async def before_items(self, path: str, params: Mapping[str, str]) -> AsyncIterator[Any]:
        """Every delivery attempt, newest first, by `meta.nextBefore`."""
        query = dict(params)
        while True:
            page = await self.page(path, query)
            for item in page.items:
                yield item
            before = page.meta.get("nextBefore")
            if not before or not page.items:
                return
            query["before"] = str(before)
