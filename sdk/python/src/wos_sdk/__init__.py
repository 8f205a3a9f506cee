"""Python client for the Workspace Ontology Service.

from wos_sdk import Client

with Client("http://127.0.0.1:3000", api_key, workspace_id) as client:
    node = client.nodes.create("Pump", "Feed pump", {"rpm": 1450})
    for each in client.nodes.list(entity_type="Pump"):
        print(each["id"], each["name"])
"""

from ._async.auth import AsyncOAuthSession, AsyncTokenProvider
from ._async.client import AsyncClient
from ._core import ApiResponse, Page, RetryPolicy
from ._sync.auth import OAuthSession, TokenProvider
from ._sync.client import Client
from ._version import API_VERSION, __version__
from .authorization import AuthorizationRequest, TokenSet, start_authorization
from .commands import BatchBuilder, BatchResult, CommandResult, Ref
from .errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ClientError,
    ConflictError,
    GoneError,
    NetworkError,
    NetworkTimeoutError,
    NotFoundError,
    OAuthError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
    UnprocessableError,
    WosError,
)
from .live_data import MAX_INGEST_POINTS, MAX_INGEST_SOURCES, IngestChunkError

__all__ = [
    "API_VERSION",
    "__version__",
    "AsyncClient",
    "Client",
    "ApiResponse",
    "Page",
    "RetryPolicy",
    "BatchBuilder",
    "BatchResult",
    "CommandResult",
    "Ref",
    "IngestChunkError",
    "MAX_INGEST_POINTS",
    "MAX_INGEST_SOURCES",
    "start_authorization",
    "AuthorizationRequest",
    "TokenSet",
    "OAuthSession",
    "AsyncOAuthSession",
    "TokenProvider",
    "AsyncTokenProvider",
    "WosError",
    "ApiError",
    "ClientError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "GoneError",
    "PayloadTooLargeError",
    "UnprocessableError",
    "RateLimitError",
    "ServerError",
    "ServiceUnavailableError",
    "NetworkError",
    "NetworkTimeoutError",
    "OAuthError",
]
