"""Writes the sync client from the async one (`wos_sdk/_async/` -> `wos_sdk/_sync/`).

The two clients differ only in `async`/`await` and names, so one is written by hand and
the other derived from it, as httpcore does. `--check` exits 1 when a generated file is
out of date (the test suite runs it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "wos_sdk"
SOURCE = PACKAGE / "_async"
TARGET = PACKAGE / "_sync"

# Applied in order; each pattern is a regular expression.
REPLACEMENTS: list[tuple[str, str]] = [
    (
        r"Edit this file; `scripts/unasync.py` writes its sync twin in `_sync/` from it\.",
        "Generated from its twin in `_async/` by `scripts/unasync.py`: do not edit.",
    ),
    (
        r"The asynchronous client; `_sync` is generated from this package\.",
        "The synchronous client, generated from `_async` by `scripts/unasync.py`.",
    ),
    (r"\bimport asyncio\b", "import time"),
    (r"\basyncio\.sleep\b", "time.sleep"),
    (r"\basynccontextmanager\b", "contextmanager"),
    (r"\bAsyncTransport\b", "SyncTransport"),
    (r"\bAsync(?=[A-Z])", ""),
    (r"\basync def\b", "def"),
    (r"\basync for\b", "for"),
    (r"\basync with\b", "with"),
    (r"\bawait ", ""),
    (r"\baclose\b", "close"),
    (r"\baread\b", "read"),
    (r"\baiter_lines\b", "iter_lines"),
    (r"__aenter__", "__enter__"),
    (r"__aexit__", "__exit__"),
]


def unasync(source: str) -> str:
    for pattern, replacement in REPLACEMENTS:
        source = re.sub(pattern, replacement, source)
    return source


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = {path.name: unasync(path.read_text()) for path in sorted(SOURCE.glob("*.py"))}
    present = {path.name for path in TARGET.glob("*.py")}
    stale = sorted(present - set(wanted))  # a file whose async twin is gone
    for name, text in wanted.items():
        target = TARGET / name
        if check:
            if not target.exists() or target.read_text() != text:
                stale.append(name)
        else:
            TARGET.mkdir(exist_ok=True)
            target.write_text(text)
    if not check:
        for name in stale:
            (TARGET / name).unlink()
        stale = []
    if stale:
        print(f"out of date: {', '.join(stale)}; run python scripts/unasync.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
