"""The lock of each client flavour, named so that `scripts/unasync.py` maps one to the other
(`AsyncLock` in `_async/` becomes `Lock` in `_sync/`)."""

from asyncio import Lock as AsyncLock
from threading import Lock

__all__ = ["AsyncLock", "Lock"]
