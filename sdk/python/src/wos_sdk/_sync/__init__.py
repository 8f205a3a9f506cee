"""The synchronous client, generated from `_async` by `scripts/unasync.py`."""
