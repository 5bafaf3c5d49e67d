"""One mock-http service: matching a request to a fixture or an OpenAPI operation.

Matching (decided here, tested in tests/demo/runtime/mock/):

1. The route is tried as written in the OpenAPI `paths` object (what Prism serves);
   if nothing matches and the path starts with the base path of `servers[0].url`
   (petstore: `/api/v3`), it is tried again without that prefix. So both
   `/__demo/mock/api/pet/1` and `/__demo/mock/api/api/v3/pet/1` reach `/pet/{petId}`;
   the second form is what rewritten calls to the service's full address produce.
2. Among routes whose path matches, a concrete path beats a template; among
   templates, fewer parameters and then more literal characters win; at equal
   rank a fixture beats the OpenAPI document (fixtures win over examples).
3. A route that matches the path but not the method gives 405 with `Allow`;
   HEAD falls back to GET without a body. No route at all gives 404. Errors are
   raised as `DemoError`s, which the app answers in the one JSON error shape.

Responses from the document: `Prefer: code=<status>` picks that response (else the
`<N>XX` range, else `default`); otherwise the lowest 2xx, then `2XX`, then
`default` (sent as 200), then the lowest code defined. The media type follows
`Accept` (JSON preferred); `Prefer: example=<name>` picks a named example (400 when
absent). Responses without `content`, and 204/304, have no body.

Every answer names what produced it in `X-Demo-Source` (`SOURCE_HEADER`), for the
fixture explorer and for people reading the network panel:
`fixture=<index in fixtures.json>; method=<its method>; path=<its path>`, or
`openapi; method=GET; path=/pet/{petId}; response=<status>[; media=<type>; example=<name>]`,
where `example` is a name of the media type's `examples`, `example` (its single
`example`) or `schema` (a value generated from the schema).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..errors import BadRequest, MethodNotAllowed, NotFound
from .examples import NoExample, choose_example, sample_schema
from .fixtures import Fixture
from .openapi import Operation, operations, resolve, server_base_path

__all__ = ["SOURCE_HEADER", "MockResponse", "MockService", "compile_template", "parse_prefer"]

SOURCE_HEADER = "x-demo-source"

_PARAM = re.compile(r"\{[^{}/]+\}")


@dataclass
class MockResponse:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


def compile_template(path: str) -> tuple[re.Pattern[str], int, int]:
    """A path or template as (regex, parameter count, literal characters).

    >>> compile_template("/api/apps/{uuid}/icon")[0].pattern
    '^/api/apps/(?:[^/]+)/icon$'
    """
    parts = _PARAM.split(path)
    regex = "(?:[^/]+)".join(re.escape(p) for p in parts)
    return re.compile(f"^{regex}$"), len(parts) - 1, sum(len(p) for p in parts)


@dataclass(frozen=True)
class _Route:
    method: str  # upper case or "*"
    pattern: re.Pattern[str]
    rank: tuple[int, int, int, int]
    fixture: Fixture | None = None
    operation: Operation | None = None
    index: int = 0  # the fixture's place in the service's fixture list


def _normalize(path: str) -> str:
    return path.rstrip("/") or "/"


def _header_safe(text: str) -> str:
    """Percent-encode what a header value cannot hold (non-latin-1) or would split (`;`)."""
    return quote(text, safe="/{}:@!$&'()*+,=-._~ ")


def parse_prefer(header: str) -> dict[str, str]:
    """`code=404, example=missing` -> {"code": "404", "example": "missing"}."""
    out = {}
    for part in re.split(r"[,;]", header):
        key, sep, value = part.partition("=")
        if sep:
            out[key.strip().lower()] = value.strip().strip('"')
    return out


def _is_json(media_type: str) -> bool:
    base = media_type.split(";", 1)[0].strip().lower()
    return base == "application/json" or base.endswith("+json") or base == "*/*"


def _accepts(accept: str) -> list[str]:
    ranges = []
    for index, item in enumerate(accept.split(",")):
        media, *params = (p.strip() for p in item.split(";"))
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        if media and q > 0:
            ranges.append((-q, index, media.lower()))
    return [media for _, _, media in sorted(ranges)]


def _pick_media(content: dict[str, Any], accept: str) -> str:
    keys = list(content)
    for wanted in _accepts(accept):
        if wanted in ("*/*", ""):
            break
        for key in keys:
            base = key.split(";", 1)[0].lower()
            if base == wanted or (wanted.endswith("/*") and base.startswith(wanted[:-1])):
                return key
    return next((k for k in keys if _is_json(k)), keys[0])


class MockService:
    """The routes of one mock-http service, built from its document and fixtures."""

    def __init__(self, name: str, document: dict[str, Any] | None, fixtures: list[Fixture]) -> None:
        self.name = name
        self.document = document or {}
        self.base_path = server_base_path(self.document) if document else ""
        routes = []
        for order, fixture in enumerate(fixtures):
            pattern, params, literal = compile_template(_normalize(fixture.path))
            routes.append(
                _Route(
                    fixture.method,
                    pattern,
                    (min(params, 1), params, -literal, order),
                    fixture=fixture,
                    index=order,
                )
            )
        for order, op in enumerate(operations(self.document) if document else []):
            pattern, params, literal = compile_template(_normalize(op.path))
            rank = (min(params, 1), params, -literal, len(fixtures) + order)
            routes.append(_Route(op.method, pattern, rank, operation=op))
        # Sorted once: the first route that matches path and method is the answer.
        self._routes = sorted(routes, key=lambda r: r.rank)

    def _candidates(self, path: str) -> list[str]:
        path = _normalize(path)
        out = [path]
        base = self.base_path
        if base and (path == base or path.startswith(base + "/")):
            out.append(_normalize(path[len(base) :]))
        return out

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The service as the app calls it: `scope["path"]` is the route below the service."""
        headers: dict[str, str] = {}
        for key, value in scope.get("headers", []):
            headers.setdefault(key.decode("latin-1").lower(), value.decode("latin-1"))
        answer = self.respond(scope["method"], scope["path"], headers)
        await Response(answer.body, answer.status, headers=answer.headers)(scope, receive, send)

    def respond(self, method: str, path: str, headers: Mapping[str, str]) -> MockResponse:
        """Answer one request; `path` is the route below `/__demo/mock/<service>`.

        Raises NotFound, MethodNotAllowed (with `Allow`) or BadRequest (a `Prefer` that
        names no response or example)."""
        method = method.upper()
        allowed: set[str] = set()
        for candidate in self._candidates(path):
            matching = [r for r in self._routes if r.pattern.match(candidate)]
            for wanted in (method, "GET") if method == "HEAD" else (method,):
                route = next((r for r in matching if r.method in (wanted, "*")), None)
                if route is not None:
                    response = self._answer(route, headers)
                    if method == "HEAD":
                        response.body = b""
                    return response
            allowed.update(r.method for r in matching)
        if allowed:
            # HEAD is answered wherever GET is (above), so Allow names it there.
            head = {"HEAD"} if "GET" in allowed else set()
            allow = "*" if "*" in allowed else ", ".join(sorted(allowed | head | {"OPTIONS"}))
            raise MethodNotAllowed(
                f"mock service {self.name!r} has no {method} {path} (allowed: {allow})",
                headers={"allow": allow},
                service=self.name,
                method=method,
                path=path,
            )
        raise NotFound(
            f"mock service {self.name!r} has no route for {method} {path}",
            service=self.name,
            method=method,
            path=path,
        )

    def concrete_routes(self, method: str) -> list[str]:
        """Routes written without a path template that answer `method` (mock/answers.py)."""
        out = []
        for route in self._routes:
            path = route.fixture.path if route.fixture else getattr(route.operation, "path", "")
            if route.rank[1] == 0 and route.method in (method, "*") and path not in out:
                out.append(_normalize(path))
        return out

    def allowed_methods(self, route: str) -> list[str]:
        """Methods defined for `route`, `*` for any (for preflights and plain OPTIONS)."""
        methods = {
            r.method for c in self._candidates(route) for r in self._routes if r.pattern.match(c)
        }
        return sorted(methods)

    def _answer(self, route: _Route, headers: Mapping[str, str]) -> MockResponse:
        if route.fixture is not None:
            fixture = route.fixture
            body, default_type = fixture.encoded_body()
            out = {k.lower(): v for k, v in fixture.headers.items()}
            if default_type and "content-type" not in out:
                out["content-type"] = default_type
            out[SOURCE_HEADER] = (
                f"fixture={route.index}; method={fixture.method}; path={_header_safe(fixture.path)}"
            )
            return MockResponse(fixture.status, out, b"" if fixture.status in (204, 304) else body)
        assert route.operation is not None
        return self._from_operation(route.operation, headers)

    def _from_operation(self, op: Operation, headers: Mapping[str, str]) -> MockResponse:
        prefer = parse_prefer(headers.get("prefer", ""))
        status, response = self._pick_response(op, prefer.get("code"))
        response = resolve(self.document, response) or {}
        out: dict[str, str] = {}
        for header, spec in (response.get("headers") or {}).items():
            spec = resolve(self.document, spec)
            if header.lower() != "content-type" and isinstance(spec, dict):
                value = spec.get("example", sample_schema(self.document, spec.get("schema", {})))
                if value is not None:
                    out[header.lower()] = value if isinstance(value, str) else json.dumps(value)
        source = f"openapi; method={op.method}; path={_header_safe(op.path)}; response={status}"
        content = response.get("content") or {}
        if not content or status in (204, 304) or status < 200:
            out[SOURCE_HEADER] = source
            return MockResponse(status, out)
        media_type = _pick_media(content, headers.get("accept", ""))
        media = resolve(self.document, content[media_type]) or {}
        try:
            value, chosen = choose_example(self.document, media, prefer.get("example"))
        except NoExample as exc:
            raise BadRequest(
                f"{op.method} {op.path}, response {status} {media_type}: {exc}"
            ) from exc
        out[SOURCE_HEADER] = f"{source}; media={media_type}; example={_header_safe(chosen)}"
        if isinstance(value, str) and not _is_json(media_type):
            out["content-type"] = media_type
            return MockResponse(status, out, value.encode())
        # Non-JSON media types with structured examples are sent as JSON (no XML rendering).
        out["content-type"] = (
            media_type if _is_json(media_type) and media_type != "*/*" else "application/json"
        )
        return MockResponse(status, out, json.dumps(value, ensure_ascii=False).encode())

    def _pick_response(self, op: Operation, code: str | None) -> tuple[int, Any]:
        responses = op.responses
        if code is not None:
            if not code.isdigit() or not 100 <= int(code) <= 599:
                raise BadRequest(f"Prefer: code={code} is not an HTTP status code")
            for key in (code, f"{code[0]}XX", f"{code[0]}xx", "default"):
                if key in responses:
                    return int(code), responses[key]
            raise BadRequest(
                f"{op.method} {op.path} defines no response {code} "
                f"(defined: {', '.join(responses) or 'none'})"
            )
        numeric = sorted(int(k) for k in responses if str(k).isdigit())
        success = [c for c in numeric if 200 <= c < 300]
        if success:
            return success[0], responses[str(success[0])]
        for key in ("2XX", "2xx", "default"):
            if key in responses:
                return 200, responses[key]
        if numeric:
            return numeric[0], responses[str(numeric[0])]
        return 200, {}
