"""Fixtures: clients of the service named by the environment.

The service tests need `WOS_BASE_URL`, `WOS_API_KEY` and `WOS_WORKSPACE_ID` (a service
without rate limits, so the tests can spend thousands of requests), and for the
rate-limit test `WOS_LIMITED_BASE_URL`, `WOS_LIMITED_API_KEY`, `WOS_LIMITED_WORKSPACE_ID`
(a Starter-plan workspace: 60 requests per minute). `test/e2e/process/sdk-python.test.ts`
starts both and runs pytest; without them those tests are skipped, saying so.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest

from wos_sdk import AsyncClient, Client


@dataclass(frozen=True)
class Service:
    base_url: str
    api_key: str
    workspace_id: str


def _service(prefix: str) -> Service | None:
    values = [
        os.environ.get(f"{prefix}_{name}") for name in ("BASE_URL", "API_KEY", "WORKSPACE_ID")
    ]
    if not all(values):
        return None
    base_url, api_key, workspace_id = (str(v) for v in values)
    return Service(base_url, api_key, workspace_id)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The rate-limit test waits for a real window to reset while the others run (see
    # test_rate_limit.py): it goes last so that its wait overlaps theirs.
    items.sort(key=lambda item: "test_rate_limit" in item.nodeid)


@pytest.fixture(scope="session")
def service() -> Service:
    found = _service("WOS")
    if found is None:
        pytest.skip("WOS_BASE_URL, WOS_API_KEY and WOS_WORKSPACE_ID name no service")
    return found


@pytest.fixture(scope="session")
def limited_service() -> Service:
    found = _service("WOS_LIMITED")
    if found is None:
        pytest.skip("WOS_LIMITED_* name no rate-limited service")
    return found


@pytest.fixture
def client(service: Service) -> Iterator[Client]:
    with Client(service.base_url, service.api_key, service.workspace_id) as c:
        yield c


@pytest.fixture
async def aclient(service: Service) -> AsyncIterator[AsyncClient]:
    async with AsyncClient(service.base_url, service.api_key, service.workspace_id) as c:
        yield c


@pytest.fixture
def entity_type() -> str:
    """An entity type of this test alone, so that its lists hold only its own nodes."""
    return "T" + uuid.uuid4().hex[:12]
