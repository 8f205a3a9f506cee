"""What every resource of `Client` shares.

Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.
"""

from __future__ import annotations

from urllib.parse import quote

from .._core import QueryValue, filter_params
from .transport import SyncTransport

_List = list  # resources have a method called `list`


def _q(**params: QueryValue) -> dict[str, str]:
    """Query parameters from keywords; `None` leaves one out."""
    return filter_params(params)


def _seg(value: str) -> str:
    """A path segment, percent-encoded."""
    return quote(value, safe="")


class Resource:
    """A group of operations on one transport."""

    def __init__(self, transport: SyncTransport) -> None:
        self._t = transport
