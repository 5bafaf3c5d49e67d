"""The mock-http adapter: OpenAPI documents and fixtures answering like Prism."""

from .fixtures import Fixture, FixtureError, parse_fixtures
from .openapi import OpenApiError, check_openapi
from .router import MockResponse, MockService

__all__ = [
    "Fixture",
    "FixtureError",
    "MockResponse",
    "MockService",
    "OpenApiError",
    "check_openapi",
    "parse_fixtures",
]
