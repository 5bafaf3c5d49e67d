"""`/api/openapi.json`, derived from the route table."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.core.settings import settings_schema
from host.routing import Access, RouteTable

__all__ = ["openapi_document", "openapi_json"]

_ERROR = {
    "type": "object",
    "required": ["status", "error"],
    "properties": {"status": {"const": False}, "error": {"type": "string"}},
}
_OK = {"type": "object", "required": ["status"], "properties": {"status": {"const": True}}}


def openapi_document(table: RouteTable, version: str) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for route in table.routes:
        item = paths.setdefault(route.path, {})
        params = [
            {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
            for name in route.regex.groupindex
        ]
        query = (route.query_schema or {}).get("properties", {})
        params += [
            {"name": name, "in": "query", "required": False, "schema": schema}
            for name, schema in query.items()
        ]
        success = route.response_schema or _OK
        if route.response_type != "application/json":
            success = {"type": "string", "format": "binary"}
        for method in route.methods:
            operation: dict[str, Any] = {
                "operationId": f"{route.name}-{method.lower()}"
                if len(route.methods) > 1
                else route.name,
                "summary": route.summary,
                "x-helio-access": route.access.value,
                "x-helio-grantable": route.grantable,
                "x-helio-disruptive": route.disruptive,
                "responses": {
                    "200": {
                        "description": "Success",
                        "content": {route.response_type: {"schema": success}},
                    },
                    "default": {
                        "description": "Error",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                        },
                    },
                },
            }
            if params:
                operation["parameters"] = params
            if route.access is Access.PUBLIC:
                operation["security"] = []
            if route.request_schema is not None and method in ("POST", "PUT", "PATCH"):
                operation["requestBody"] = {
                    "required": True,
                    "content": {"application/json": {"schema": route.request_schema}},
                }
            item[method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": {"title": "Helio host administration API", "version": version},
        "paths": paths,
        "components": {
            "schemas": {"Error": _ERROR, "Settings": settings_schema()},
            "securitySchemes": {
                "basic": {"type": "http", "scheme": "basic"},
                "bearer": {"type": "http", "scheme": "bearer"},
                "session": {"type": "apiKey", "in": "cookie", "name": "__Host-helio_session"},
            },
        },
        "security": [{"basic": []}, {"bearer": []}, {"session": []}],
    }


async def openapi_json(request: Request) -> JSONResponse:
    return JSONResponse(
        openapi_document(request.app.state.route_table, request.app.state.ctx.version)
    )
