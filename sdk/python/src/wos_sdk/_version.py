"""Versions: the package's own and that of the API it was written for."""

API_VERSION = "0.1.0"
"""`info.version` of the OpenAPI document (docs/api/openapi.yaml) this client follows."""

__version__ = "0.1.0"
