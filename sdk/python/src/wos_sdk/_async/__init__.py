"""The asynchronous client; `_sync` is generated from this package."""
