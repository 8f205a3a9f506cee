"""The Python half of bench/sdk.ts: wos_sdk against bare httpx on the same calls.

Run by bench/sdk.ts with the service's BASE, KEY and WS and the knobs ROUNDS, CALLS and
NODE_ID in the environment. Prints one JSON object: per call, per side, the median latency
of each round in milliseconds.
"""

import json
import os
import statistics
import time
import uuid
from collections.abc import Callable

import httpx

from wos_sdk import Client

BASE = os.environ["BASE"]
KEY = os.environ["KEY"]
WS = os.environ["WS"]
ROUNDS = int(os.environ["ROUNDS"])
CALLS = int(os.environ["CALLS"])
NODE_ID = os.environ["NODE_ID"]

HEADERS = {
    "authorization": f"Bearer {KEY}",
    "x-workspace-id": WS,
    "content-type": "application/json",
}


def interleaved_medians(sides: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The median latency of each side over CALLS pairs of calls, in milliseconds.

    The sides alternate call by call (A B, B A, ...), so both see the same store.
    """
    times: dict[str, list[float]] = {"sdk": [], "bare": []}
    for i in range(CALLS):
        for side in ("sdk", "bare") if i % 2 == 0 else ("bare", "sdk"):
            start = time.perf_counter()
            sides[side]()
            times[side].append((time.perf_counter() - start) * 1000)
    return {side: statistics.median(values) for side, values in times.items()}


def main() -> None:
    with Client(BASE, KEY, WS) as client, httpx.Client(base_url=BASE, headers=HEADERS) as bare:

        def bare_ok(response: httpx.Response) -> None:
            response.raise_for_status()
            response.json()

        def bare_create() -> None:
            body = {"type": "CREATE_NODE", "payload": {"entityType": "Probe", "name": "probe"}}
            headers = {"idempotency-key": str(uuid.uuid4())}
            bare_ok(bare.post("/api/commands/execute", json=body, headers=headers))

        calls: dict[str, dict[str, Callable[[], object]]] = {
            "get node": {
                "sdk": lambda: client.nodes.get(NODE_ID),
                "bare": lambda: bare_ok(bare.get(f"/api/queries/nodes/{NODE_ID}")),
            },
            "list a page": {
                "sdk": lambda: client.nodes.page(limit=50),
                "bare": lambda: bare_ok(bare.get("/api/queries/nodes", params={"limit": "50"})),
            },
            "create node": {
                "sdk": lambda: client.nodes.create("Probe", "probe"),
                "bare": bare_create,
            },
        }
        results: dict[str, dict[str, list[float]]] = {
            name: {"sdk": [], "bare": []} for name in calls
        }
        for name, sides in calls.items():
            for side in ("sdk", "bare"):
                sides[side]()  # warm the connection and the code path
        for _ in range(ROUNDS):
            for name, sides in calls.items():
                for side, value in interleaved_medians(sides).items():
                    results[name][side].append(value)
        print(json.dumps(results))


if __name__ == "__main__":
    main()
