"""Reading an OpenAPI 3.0/3.1 document: checks, local `$ref`s, operations, base path.

Only local references (`#/components/...`, any JSON pointer inside the document)
are followed; the build step has already turned YAML into JSON.
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass
from typing import Any

__all__ = [
    "HTTP_METHODS",
    "OpenApiError",
    "Operation",
    "check_openapi",
    "operations",
    "resolve",
    "server_base_path",
]

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class OpenApiError(ValueError):
    """The document is not a usable OpenAPI 3 document."""


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    path: str  # as written in `paths`, e.g. /pet/{petId}
    responses: dict[str, Any]


def check_openapi(document: Any) -> None:
    """Raise OpenApiError unless `document` looks like OpenAPI 3.x with a `paths` object."""
    if not isinstance(document, dict):
        raise OpenApiError("must be an object (an OpenAPI document)")
    version = document.get("openapi")
    if not isinstance(version, str) or not version.startswith("3."):
        found = f"{version!r}" if "openapi" in document else "no `openapi` field"
        hint = " (Swagger 2.0 documents must be converted first)" if "swagger" in document else ""
        raise OpenApiError(f"expected OpenAPI 3.0 or 3.1, found {found}{hint}")
    paths = document.get("paths", {})
    if not isinstance(paths, dict):
        raise OpenApiError("`paths` must be an object")
    for path, item in paths.items():
        if not isinstance(path, str) or not path.startswith("/"):
            raise OpenApiError(f"path {path!r} must start with '/'")
        if not isinstance(item, dict):
            raise OpenApiError(f"paths[{path!r}] must be an object")


def _pointer(document: Any, ref: str) -> Any:
    if not ref.startswith("#"):
        raise OpenApiError(f"only local $ref values are supported, got {ref!r}")
    node = document
    fragment = urllib.parse.unquote(ref[1:])
    for raw in fragment.split("/")[1:] if fragment else []:
        key = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            raise OpenApiError(f"$ref {ref!r} points to nothing")
    return node


def resolve(document: Any, node: Any, limit: int = 32) -> Any:
    """Follow `$ref` chains at the top of `node` (not inside it)."""
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        node = _pointer(document, node["$ref"])
        seen += 1
        if seen > limit:
            raise OpenApiError("$ref chain too long (a reference cycle?)")
    return node


def operations(document: dict[str, Any]) -> list[Operation]:
    """Every operation of the document, in document order."""
    out = []
    for path, item in (document.get("paths") or {}).items():
        item = resolve(document, item)
        for method in HTTP_METHODS:
            op = item.get(method)
            if isinstance(op, dict):
                responses = op.get("responses") or {}
                # YAML may have produced int keys (200:); JSON always has strings.
                out.append(
                    Operation(method.upper(), path, {str(k): v for k, v in responses.items()})
                )
    return out


def server_base_path(document: dict[str, Any]) -> str:
    """The path part of `servers[0].url` without a trailing slash ("" when none).

    Server variables (`{version}`) are replaced by their defaults.
    """
    servers = document.get("servers") or []
    if not servers or not isinstance(servers[0], dict):
        return ""
    url = str(servers[0].get("url", ""))
    for name, variable in (servers[0].get("variables") or {}).items():
        if isinstance(variable, dict) and "default" in variable:
            url = url.replace("{" + name + "}", str(variable["default"]))
    path = urllib.parse.urlsplit(url).path if "://" in url else url.split("?", 1)[0]
    return path.rstrip("/") if path.startswith("/") else ""
