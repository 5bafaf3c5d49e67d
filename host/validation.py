"""The route table's schemas, enforced before a handler runs.

`enforcing(route)` wraps an entry's handler: query parameters are parsed
(an `integer` property from its text) and checked against `query_schema`,
then a JSON body is read and checked against `request_schema`. The first
broken rule is a 400 naming the field (`scopes[0].methods must not be
empty`). Handlers read what was checked with `checked_query(request)` and
`read_json_object(request)` (the body is parsed once per request), so a
handler only holds the rules a schema cannot say.

The validator is `host.core.schema` (pure Python, also runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from host.body import read_json_object
from host.core.schema import SchemaError, validate
from host.routing import Endpoint, Route
from http_errors import BadRequest

__all__ = ["checked_query", "enforcing", "parse_query"]


def _as_integer(name: str, raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise SchemaError(name, f"must be an integer (got {raw!r})") from None


def parse_query(schema: Mapping[str, Any], params: Mapping[str, str]) -> dict[str, Any]:
    """The query as the schema's object: `integer` properties parsed, empty values left out."""
    properties: Mapping[str, Any] = schema.get("properties", {})
    parsed: dict[str, Any] = {}
    for name, raw in params.items():
        if raw == "" and name in properties:
            continue  # `?offset=` means "not given", as a form leaves an empty field
        if properties.get(name, {}).get("type") == "integer":
            parsed[name] = _as_integer(name, raw)
        else:
            parsed[name] = raw
    validate(schema, parsed)
    return parsed


def checked_query(request: Request) -> dict[str, Any]:
    """The query parameters `enforcing` checked (empty for a route without a query schema)."""
    query: dict[str, Any] = getattr(request.state, "checked_query", {})
    return query


def _sentence(error: SchemaError) -> str:
    """`scopes[0].methods must not be empty`: the field first, as the handlers' own errors read."""
    return f"{error.path} {error.message}" if error.path else error.message


def _raw(route: Route, request: Request) -> bool:
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return any(media_type.startswith(prefix) for prefix in route.raw_body_types)


def enforcing(route: Route) -> Endpoint:
    """`route.endpoint`, behind its query and body schemas (unchanged when it has none)."""
    query_schema, body_schema = route.query_schema, route.request_schema
    if query_schema is None and body_schema is None:
        return route.endpoint
    handler = route.endpoint

    async def endpoint(request: Request) -> Response:
        try:
            if query_schema is not None:
                request.state.checked_query = parse_query(query_schema, request.query_params)
            if body_schema is not None and not _raw(route, request):
                # An empty body is checked as {}: a schema with required fields refuses it.
                validate(body_schema, await read_json_object(request, allow_empty=True))
        except SchemaError as broken:
            raise BadRequest(
                _sentence(broken), field=broken.path or None, **broken.details()
            ) from None
        return await handler(request)

    return endpoint
