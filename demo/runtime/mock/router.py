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
   raised as `ApiError`s, which the app answers in the one JSON error shape.

Before answering from the document, like Prism: an operation whose `security` the
request does not meet gets 401 (security.py; off with `config.security: false`),
and a request that breaks the operation (request_check.py; off with
`config.validate: false`) gets the document's own 422 or 400 response, else a 422
naming every problem. Path parameters may hold `%2F`.

Responses from the document: `Prefer: code=<status>` picks that response (else the
`<N>XX` range, else `default`; 404 when none); otherwise the lowest 2xx, then `2XX`,
then `default` (sent as 200), then the lowest code defined. The media type follows
`Accept` (JSON preferred, `*/*` and `type/*` honoured, 406 when nothing fits);
`Prefer: example=<name>` picks a named example (404 when absent), and
`Prefer: dynamic=true` (or `config.dynamic`) a body generated from a generator
seeded by the request, so one request always gets the same body. Responses without
`content`, and 204/304, have no body. A `deprecated` operation adds `Deprecation: true`.
A 2xx answer of an operation with `callbacks` carries the callback requests
(callbacks.py), which the app sends once the answer is complete.

Every answer names what produced it in `X-Demo-Source` (`SOURCE_HEADER`), for the
fixture explorer and for people reading the network panel:
`fixture=<index in fixtures.json>; method=<its method>; path=<its path>`, or
`openapi; method=GET; path=/pet/{petId}; response=<status>[; media=<type>; example=<name>]`,
where `example` is a name of the media type's `examples`, `example` (its single
`example`), `schema` (a value generated from the schema) or `dynamic` (generated
from the seeded generator). Answers for a failed check add `; check=security` or
`; check=validation`, and the document's own 4xx answer to a request that breaks it
lists the problems in `X-Demo-Violations`.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, quote, unquote

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from http_errors import (
    BadRequest,
    MethodNotAllowed,
    NotAcceptable,
    NotFound,
    Unauthorized,
    UnprocessableContent,
)

from .callbacks import CallbackRequest, callback_requests
from .examples import NoExample, choose_example, sample_schema
from .fixtures import Fixture
from .openapi import Operation, operations, resolve, server_base_path
from .request_check import IncomingRequest, media_matches, request_problems
from .security import missing_credentials

__all__ = [
    "SOURCE_HEADER",
    "VIOLATIONS_HEADER",
    "MockResponse",
    "MockService",
    "compile_template",
    "parse_prefer",
]

SOURCE_HEADER = "x-demo-source"
VIOLATIONS_HEADER = "x-demo-violations"

_PARAM = re.compile(r"\{[^{}/]+\}")


@dataclass
class MockResponse:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    callbacks: list[CallbackRequest] = field(default_factory=list)  # for the app to send


def compile_template(path: str) -> tuple[re.Pattern[str], int, int]:
    """A path or template as (regex, parameter count, literal characters).

    >>> compile_template("/api/apps/{uuid}/icon")[0].pattern
    '^/api/apps/([^/]+)/icon$'
    """
    parts = _PARAM.split(path)
    regex = "([^/]+)".join(re.escape(p) for p in parts)
    return re.compile(f"^{regex}$"), len(parts) - 1, sum(len(p) for p in parts)


@dataclass(frozen=True)
class _Route:
    method: str  # upper case or "*"
    pattern: re.Pattern[str]
    rank: tuple[int, int, int, int]
    fixture: Fixture | None = None
    operation: Operation | None = None
    index: int = 0  # the fixture's place in the service's fixture list
    params: tuple[str, ...] = ()  # the template's parameter names, in order


def _normalize(path: str) -> str:
    return path.rstrip("/") or "/"


def _header_safe(text: str, keep: str = "") -> str:
    """Percent-encode what a header value cannot hold (non-latin-1) or would split (`;`,
    unless `keep` has it)."""
    return quote(text, safe="/{}:@!$&'()*+,=-._~ " + keep)


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


def _pick_media(content: dict[str, Any], accept: str) -> str | None:
    """The media type to answer in; None when `Accept` takes none of them (406)."""
    keys = list(content)
    json_first = sorted(keys, key=lambda k: not _is_json(k))
    wanted = _accepts(accept)
    if not wanted and not accept.strip():
        return json_first[0]
    for media in wanted:
        # A wildcard keeps the document's preference: JSON first.
        for key in json_first if "*" in media else keys:
            if media_matches(media, key):
                return key
    return None


def _seed(*parts: str | bytes) -> random.Random:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode())
        digest.update(b"\0")
    return random.Random(digest.digest())


class MockService:
    """The routes of one mock-http service, built from its document and fixtures.

    `validate`, `security` and `dynamic` are the service's `config` switches (request
    validation and the credentials check are on unless turned off)."""

    def __init__(
        self,
        name: str,
        document: dict[str, Any] | None,
        fixtures: list[Fixture],
        *,
        validate: bool = True,
        security: bool = True,
        dynamic: bool = False,
    ) -> None:
        self.name = name
        self.document = document or {}
        self.base_path = server_base_path(self.document) if document else ""
        self.validate, self.security, self.dynamic = validate, security, dynamic
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
                    params=tuple(_PARAM.findall(fixture.path)),
                )
            )
        for order, op in enumerate(operations(self.document) if document else []):
            pattern, params, literal = compile_template(_normalize(op.path))
            rank = (min(params, 1), params, -literal, len(fixtures) + order)
            names = tuple(name[1:-1] for name in _PARAM.findall(op.path))
            routes.append(_Route(op.method, pattern, rank, operation=op, params=names))
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
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        answer = self.respond(
            scope["method"],
            scope["path"],
            headers,
            query=scope.get("query_string", b"").decode("latin-1"),
            body=body,
            raw_path=_raw_route(scope),
        )
        await Response(answer.body, answer.status, headers=answer.headers)(scope, receive, send)
        # The app sends them after the answer (handlers.py `http`, through app.py `send_callback`).
        pending = scope.get("demo.callbacks")
        if isinstance(pending, list):
            pending.extend(answer.callbacks)

    def respond(
        self,
        method: str,
        path: str,
        headers: Mapping[str, str],
        *,
        query: str = "",
        body: bytes = b"",
        raw_path: str | None = None,
    ) -> MockResponse:
        """Answer one request; `path` is the route below `/__demo/mock/<service>`, decoded;
        `raw_path` the same route as sent (percent-encoded), so `%2F` stays in its segment.

        Raises NotFound, MethodNotAllowed (with `Allow`), Unauthorized, NotAcceptable,
        UnprocessableContent or BadRequest (a `Prefer: code=` that is no status code)."""
        method = method.upper()
        allowed: set[str] = set()
        forms = [raw_path] if raw_path is not None and raw_path != path else []
        for candidate in [c for form in [*forms, path] for c in self._candidates(form)]:
            matching = [r for r in self._routes if r.pattern.match(candidate)]
            for wanted in (method, "GET") if method == "HEAD" else (method,):
                route = next((r for r in matching if r.method in (wanted, "*")), None)
                if route is not None:
                    found = route.pattern.match(candidate)
                    assert found is not None
                    params = {
                        n: unquote(v) for n, v in zip(route.params, found.groups(), strict=True)
                    }
                    request = IncomingRequest(
                        method, params, parse_qs(query, keep_blank_values=True), headers, body
                    )
                    response = self._answer(route, request)
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

    def _answer(self, route: _Route, request: IncomingRequest) -> MockResponse:
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
        return self._from_operation(route.operation, request)

    def _from_operation(self, op: Operation, request: IncomingRequest) -> MockResponse:
        where = f"{op.method} {op.path}"
        if self.security:
            challenge = missing_credentials(self.document, op.spec, request)
            if challenge is not None:
                extra = {"www-authenticate": challenge} if challenge else {}
                if "401" in op.responses:
                    answer = self._render(op, 401, op.responses["401"], request.headers, None)
                    answer.headers.update(extra)
                    answer.headers[SOURCE_HEADER] += "; check=security"
                    return answer
                raise Unauthorized(f"{where} needs credentials (see its `security`)", headers=extra)
        if self.validate:
            problems = request_problems(self.document, op.item, op.spec, request)
            if problems:
                for code in ("422", "400"):
                    if code in op.responses:
                        answer = self._render(
                            op, int(code), op.responses[code], request.headers, None
                        )
                        answer.headers[VIOLATIONS_HEADER] = _header_safe(
                            "; ".join(problems), ";[]#"
                        )
                        answer.headers[SOURCE_HEADER] += "; check=validation"
                        return answer
                raise UnprocessableContent(
                    f"{where}: the request breaks the document: " + "; ".join(problems[:5]),
                    violations=problems,
                )
        prefer = parse_prefer(request.headers.get("prefer", ""))
        status, response = self._pick_response(op, prefer.get("code"))
        wants_dynamic = prefer.get("dynamic", "true" if self.dynamic else "false") == "true"
        rng = None
        if wants_dynamic:
            query = json.dumps(sorted(request.query.items()))
            rng = _seed(op.method, op.path, json.dumps(request.path_params), query, request.body)
        answer = self._render(op, status, response, request.headers, prefer.get("example"), rng)
        if op.spec.get("deprecated") is True:
            answer.headers["deprecation"] = "true"
        if 200 <= answer.status < 300 and op.spec.get("callbacks"):
            answer.callbacks = callback_requests(
                self.document, op.spec, request, answer.status, answer.body
            )
        return answer

    def _render(
        self,
        op: Operation,
        status: int,
        response: Any,
        headers: Mapping[str, str],
        example: str | None,
        rng: random.Random | None = None,
    ) -> MockResponse:
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
        accept = headers.get("accept", "") if status < 400 else ""
        media_type = _pick_media(content, accept)
        if media_type is None:
            raise NotAcceptable(
                f"{op.method} {op.path} answers {', '.join(content)}, "
                f"not what Accept asks for ({accept})"
            )
        media = resolve(self.document, content[media_type]) or {}
        try:
            value, chosen = choose_example(self.document, media, example, rng)
        except NoExample as exc:
            raise NotFound(f"{op.method} {op.path}, response {status} {media_type}: {exc}") from exc
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
            raise NotFound(
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


def _raw_route(scope: Scope) -> str | None:
    """The route below the service as sent (percent-encoded): the end of `raw_path`
    that decodes to `scope["path"]` (the app keeps the request's raw path aside)."""
    raw = scope.get("demo.raw_path") or scope.get("raw_path")
    if not isinstance(raw, bytes):
        return None
    text = raw.decode("latin-1").split("?", 1)[0]
    path = scope["path"]
    segments = text.split("/")
    for start in range(len(segments) - 1, -1, -1):
        tail = "/".join(segments[start:])
        tail = tail if tail.startswith("/") else "/" + tail
        if unquote(tail) == path:
            return tail
    return None
