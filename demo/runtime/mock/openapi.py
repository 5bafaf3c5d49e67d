"""Reading an OpenAPI 3.0/3.1 document: checks, local `$ref`s, operations, base path.

Only local references (`#/components/...`, any JSON pointer inside the document)
are followed; the build step has already turned YAML into JSON.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "HTTP_METHODS",
    "OpenApiError",
    "Operation",
    "check_openapi",
    "escape_pointer",
    "follow_ref",
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
    spec: dict[str, Any] = field(default_factory=dict)  # the operation object
    item: dict[str, Any] = field(default_factory=dict)  # its path item (shared parameters)


_PARAMETER_PLACES = ("query", "header", "path", "cookie")
_STATUS_KEY = re.compile(r"^(?:[1-5](?:[0-9]{2}|XX|xx)|default)$")


def check_openapi(document: Any) -> None:
    """Raise OpenApiError (one line, naming the JSON pointer at fault) unless `document`
    is an OpenAPI 3.0/3.1 document the mock can serve: the structure it reads
    (info, paths, operations, parameters, responses) and every local `$ref` resolving."""
    if not isinstance(document, dict):
        raise OpenApiError("must be an object (an OpenAPI document)")
    version = document.get("openapi")
    if not isinstance(version, str) or not version.startswith("3."):
        found = f"{version!r}" if "openapi" in document else "no `openapi` field"
        hint = (
            " (Swagger 2.0 documents are not converted: convert it to OpenAPI 3 first,"
            " for example with swagger2openapi)"
            if "swagger" in document
            else ""
        )
        raise OpenApiError(f"expected OpenAPI 3.0 or 3.1, found {found}{hint}")
    info = document.get("info")
    if not isinstance(info, dict):
        raise OpenApiError("#/info: is required and must be an object")
    for key in ("title", "version"):
        if not isinstance(info.get(key), str):
            raise OpenApiError(f"#/info/{key}: is required and must be a string")
    paths = document.get("paths", {})
    if not isinstance(paths, dict):
        raise OpenApiError("#/paths: must be an object")
    for path, item in paths.items():
        at = f"#/paths/{escape_pointer(str(path))}"
        if not isinstance(path, str) or not path.startswith("/"):
            raise OpenApiError(f"{at}: a path must start with '/'")
        if not isinstance(item, dict):
            raise OpenApiError(f"{at}: must be an object")
        _check_parameters(item.get("parameters"), f"{at}/parameters", document)
        for method in HTTP_METHODS:
            if method in item:
                _check_operation(item[method], f"{at}/{method}", version, document)
    _check_refs(document, document, "#")


def _fail(at: str, problem: str) -> OpenApiError:
    return OpenApiError(f"{at}: {problem}")


def _check_operation(op: Any, at: str, version: str, document: dict[str, Any]) -> None:
    if not isinstance(op, dict):
        raise _fail(at, "must be an object (an operation)")
    _check_parameters(op.get("parameters"), f"{at}/parameters", document)
    responses = op.get("responses")
    if responses is None and version.startswith("3.0"):
        raise _fail(f"{at}/responses", "is required in OpenAPI 3.0")
    if responses is not None and not isinstance(responses, dict):
        raise _fail(f"{at}/responses", "must be an object")
    for code in responses or {}:
        if not _STATUS_KEY.match(str(code)):
            raise _fail(
                f"{at}/responses/{escape_pointer(str(code))}",
                "must be an HTTP status code, a range such as 4XX, or default",
            )


def _check_parameters(parameters: Any, at: str, document: dict[str, Any]) -> None:
    if parameters is None:
        return
    if not isinstance(parameters, list):
        raise _fail(at, "must be a list")
    for index, raw in enumerate(parameters):
        try:
            parameter = resolve(document, raw)
        except OpenApiError:
            continue  # reported by _check_refs with its pointer
        where = f"{at}/{index}"
        if not isinstance(parameter, dict):
            raise _fail(where, "must be an object (a parameter)")
        if not isinstance(parameter.get("name"), str):
            raise _fail(f"{where}/name", "is required and must be a string")
        if parameter.get("in") not in _PARAMETER_PLACES:
            raise _fail(f"{where}/in", f"must be one of {', '.join(_PARAMETER_PLACES)}")


def _check_refs(document: dict[str, Any], node: Any, at: str) -> None:
    if isinstance(node, list):
        for index, item in enumerate(node):
            _check_refs(document, item, f"{at}/{index}")
    elif isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            raise _fail(f"{at}/$ref", f"{ref!r} is not a local reference (bundle it first)")
        if isinstance(ref, str):
            try:
                follow_ref(document, ref)
            except OpenApiError:
                raise _fail(f"{at}/$ref", f"{ref!r} points to nothing") from None
        for key, value in node.items():
            if key != "$ref":
                _check_refs(document, value, f"{at}/{escape_pointer(str(key))}")


def escape_pointer(key: str) -> str:
    """One JSON pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`."""
    return key.replace("~", "~0").replace("/", "~1")


def follow_ref(document: Any, ref: str) -> Any:
    """The node a local `$ref` (a JSON pointer after `#`) names."""
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
        node = follow_ref(document, node["$ref"])
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
                    Operation(
                        method.upper(),
                        path,
                        {str(k): v for k, v in responses.items()},
                        spec=op,
                        item=item,
                    )
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
