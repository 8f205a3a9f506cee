"""What every resource of `AsyncClient` shares.

Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it.
"""

from __future__ import annotations

from urllib.parse import quote

from .._core import QueryValue, filter_params
from .transport import AsyncTransport

_List = list  # resources have a method called `list`


def _q(**params: QueryValue) -> dict[str, str]:
    """Query parameters from keywords; `None` leaves one out."""
    return filter_params(params)


def _seg(value: str) -> str:
    """A path segment, percent-encoded."""
    return quote(value, safe="")


class Resource:
    """A group of operations on one transport."""

    def __init__(self, transport: AsyncTransport) -> None:
        self._t = transport
