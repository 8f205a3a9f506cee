"""Exceptions raised by the client.

Every answer of the service that is not a success becomes an `ApiError` subclass chosen by
its status; failures that never produced an answer (refused connection, reset, timeout)
become `NetworkError`. Both derive from `WosError`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from email.utils import parsedate_to_datetime
from typing import Any


class WosError(Exception):
    """Base of every exception this package raises."""


class NetworkError(WosError):
    """The request got no HTTP answer: the connection failed, was cut, or timed out."""

    def __init__(self, message: str, *, cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.cause = cause


class NetworkTimeoutError(NetworkError):
    """No answer arrived within the configured timeout."""


class ApiError(WosError):
    """An error answer of the service, in its JSON envelope.

    `code` is the envelope's stable `error.code` (`NOT_FOUND`, `VALIDATION_ERROR`, ...),
    `details` its optional structured `error.details`, `request_id` the `X-Request-Id` to
    quote when reporting a problem.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        details: Mapping[str, Any] | None = None,
        request_id: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.details: Mapping[str, Any] = details or {}
        self.request_id = request_id
        self.headers: Mapping[str, str] = headers or {}

    def __str__(self) -> str:
        suffix = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.status} {self.code}: {self.message}{suffix}"


class ClientError(ApiError):
    """A 4xx answer: the request must change before it can succeed (except 429)."""


class BadRequestError(ClientError):
    """400: validation, invalid JSON, invalid cursor, missing workspace header."""

    @property
    def issues(self) -> list[Mapping[str, Any]]:
        """`details.issues` of a `VALIDATION_ERROR`: `{path, message}` per problem."""
        issues = self.details.get("issues")
        return list(issues) if isinstance(issues, list) else []


class AuthenticationError(ClientError):
    """401: missing, unknown, revoked or expired credential."""


class PermissionDeniedError(ClientError):
    """403: the credential may not act in the workspace, or lacks the scope."""


class NotFoundError(ClientError):
    """404: no such route or record in the workspace."""


class ConflictError(ClientError):
    """409: version conflict, taken id, nothing to undo or redo."""


class GoneError(ClientError):
    """410: a change-feed cursor older than the retention."""


class PayloadTooLargeError(ClientError):
    """413: the body exceeds the route's limit (`details.limitBytes`)."""


class UnprocessableError(ClientError):
    """422: an Idempotency-Key already used for a different request."""


class RateLimitError(ClientError):
    """429: a rate-limit window is exhausted; `retry_after` seconds until it resets."""

    @property
    def retry_after(self) -> float | None:
        """The `Retry-After` header in seconds, when the answer carried one."""
        return _retry_after(self)


class ServerError(ApiError):
    """A 5xx answer."""


class ServiceUnavailableError(ServerError):
    """503: a store is unreachable or the service is shutting down."""

    @property
    def retry_after(self) -> float | None:
        """The `Retry-After` header in seconds, when the answer carried one."""
        return _retry_after(self)


class OAuthError(WosError):
    """An RFC 6749 error answer of `/token` or `/revoke` (these routes use no envelope)."""

    def __init__(self, error: str, description: str | None, status: int) -> None:
        super().__init__(f"{status} {error}: {description or ''}".rstrip(": "))
        self.error = error
        self.description = description
        self.status = status


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    410: GoneError,
    413: PayloadTooLargeError,
    422: UnprocessableError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}


def error_class(status: int) -> type[ApiError]:
    """The exception class for an error status: its own, else its family's."""
    found = _BY_STATUS.get(status)
    if found is not None:
        return found
    if 400 <= status < 500:
        return ClientError
    if status >= 500:
        return ServerError
    return ApiError


def _retry_after(error: ApiError) -> float | None:
    """The `Retry-After` header of `error`'s answer in seconds, when it carried one."""
    return parse_retry_after(error.headers.get("retry-after"))


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """`Retry-After` as seconds: delay-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        try:
            when = parsedate_to_datetime(text)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
        return max(0.0, seconds)
    return seconds if seconds >= 0 else None
