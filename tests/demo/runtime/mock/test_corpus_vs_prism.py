"""Every operation of the corpus (real public documents) against Stoplight Prism.

For each operation: the default answer, every `Prefer: code=` and `Prefer: example=`
variant, a request that breaks validation and, where the operation needs them, a
request without credentials. Compared: the status; the body, exactly where it is a
documented example, else by validating both against the schema with `jsonschema`;
the media type, and `WWW-Authenticate` on 401. Error bodies Prism or Helio make up
themselves (problem+json against Helio's `{"error"}`) are compared by status only.

Where Prism is wrong (a generated body its own schema rejects) or cannot start, the
schema decides and the figures say so. Run with `-s` to see them.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode

import pytest

from demo.build.openapi_load import load_openapi
from demo.runtime.mock.openapi import Operation, operations, resolve
from demo.runtime.mock.request_check import operation_parameters
from demo.runtime.mock.router import SOURCE_HEADER, MockService
from http_errors import ApiError

from .corpus_docs import CORPUS, NAMES, load
from .corpus_requests import Request, base_request
from .prism import PRISM, Answer, Prism
from .schema_check import SchemaCheck

pytestmark = pytest.mark.skipif(
    not PRISM.exists() or shutil.which("node") is None,
    reason="Prism is a test tool from package.json (npm ci)",
)

# Statuses where Helio knowingly answers otherwise than Prism 5.16, each judged by the
# document (see docs/demo-runtime.md, "Helio and Prism"): {(document, variant kind): why}.
KNOWN: dict[tuple[str, str], str] = {
    ("oai-v3.1-non-oauth-scopes.json", "default"): (
        "an operation without `responses` (allowed in 3.1): Prism answers 500 "
        "NO_RESPONSE_RESPONSE_DEFINED, Helio 200 without a body"
    ),
}


# Documents Prism 5.16 does not finish starting on: it is not started for them (the
# test would only wait), and Helio's answers are judged by the schema alone.
PRISM_DOES_NOT_START: dict[str, str] = {
    "stripe-spec3.json": (
        "Prism 5.16 still printed 'Starting Prism…' after 400 s on this 3.92 MB document"
    ),
}


@dataclass
class Figures:
    requests: int = 0
    same_status: int = 0
    examples_exact: int = 0
    examples_differ: int = 0
    generated: int = 0
    ours_valid: int = 0
    prism_valid: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)
    ours_invalid: list[str] = field(default_factory=list)
    prism_invalid: list[str] = field(default_factory=list)
    prism_wrong: list[str] = field(default_factory=list)
    against_document: list[str] = field(default_factory=list)


def invalid_request(document: dict[str, Any], op: Operation) -> Request | None:
    """The base request broken in one way the document forbids, or None."""
    request = base_request(document, op)
    for parameter in operation_parameters(document, op.item, op.spec):
        schema = resolve(document, parameter.get("schema")) or {}
        typed = schema.get("type") in ("integer", "number", "boolean") and "enum" not in schema
        if parameter.get("in") == "query" and typed:
            request.query[parameter["name"]] = "not-a-number"
            return request
        if parameter.get("in") == "query" and parameter.get("required") is True:
            del request.query[parameter["name"]]
            return request
    if request.headers.get("content-type") == "application/json":
        spec = resolve(document, op.spec.get("requestBody")) or {}
        media = resolve(document, spec["content"]["application/json"]) or {}
        schema = resolve(document, media.get("schema")) or {}
        if schema.get("type") == "object" or "properties" in schema:
            request.body = b"[]"
            return request
    return None


def without_credentials(document: dict[str, Any], op: Operation) -> Request | None:
    requirements = op.spec.get("security", document.get("security"))
    if not requirements or any(not r for r in requirements):
        return None
    bare = Request(op.method, op.path)
    request = base_request(document, op)
    # Keep the parameters the operation asks for; drop every credential.
    for parameter in operation_parameters(document, op.item, op.spec):
        name, place = parameter["name"], parameter.get("in")
        if place == "query" and name in request.query:
            bare.query[name] = request.query[name]
        if place == "header" and name in request.headers:
            bare.headers[name] = request.headers[name]
    return Request(op.method, request.path, bare.query, bare.headers, b"")


def ours(service: MockService, request: Request) -> Answer:
    headers = {k.lower(): v for k, v in request.headers.items()}
    raw_path = request.path
    try:
        answer = service.respond(
            request.method,
            _decoded(request.path),
            headers,
            query=urlencode(request.query),
            body=request.body,
            raw_path=raw_path,
        )
    except ApiError as exc:
        body = json.dumps(exc.body(), ensure_ascii=False).encode()
        return Answer(exc.status_code, {"content-type": "application/json", **exc.headers}, body)
    return Answer(answer.status, answer.headers, answer.body)


def _decoded(path: str) -> str:
    return unquote(path)


def variants(
    document: dict[str, Any], op: Operation, service: MockService
) -> Iterator[tuple[str, Request]]:
    base = base_request(document, op)
    yield "default", base
    for code in op.responses:
        if code.isdigit():
            yield f"code={code}", _with(base, prefer=f"code={code}")
    source = ours(service, base).headers.get(SOURCE_HEADER, "")
    fields = dict(part.split("=", 1) for part in source.split("; ")[1:] if "=" in part)
    if "response" in fields and "media" in fields:
        response = resolve(document, op.responses.get(fields["response"])) or {}
        media = resolve(document, (response.get("content") or {}).get(fields["media"])) or {}
        for name in media.get("examples") or {}:
            yield f"example={name}", _with(base, prefer=f"example={name}")
    broken = invalid_request(document, op)
    if broken is not None:
        yield "invalid", broken
    bare = without_credentials(document, op)
    if bare is not None:
        yield "no-credentials", bare


def _with(request: Request, prefer: str) -> Request:
    return Request(
        request.method,
        request.path,
        request.query,
        {**request.headers, "prefer": prefer},
        request.body,
    )


def _schema_for(document: dict[str, Any], op: Operation, source: str) -> Any:
    fields = dict(part.split("=", 1) for part in source.split("; ")[1:] if "=" in part)
    response = resolve(document, op.responses.get(fields.get("response", ""))) or {}
    if not response and fields.get("response", "").isdigit():
        code = fields["response"]
        response = resolve(
            document, op.responses.get(f"{code[0]}XX") or op.responses.get("default")
        )
    media = (response or {}).get("content", {}).get(fields.get("media", ""))
    return (resolve(document, media) or {}).get("schema"), fields.get("example")


def request_body_errors(
    document: dict[str, Any], op: Operation, request: Request, check: SchemaCheck
) -> list[str]:
    """The request body judged by the schema with `jsonschema` (a form read as OpenAPI
    says: one field per property, repeated or single for an array)."""
    spec = resolve(document, op.spec.get("requestBody")) or {}
    media_type = request.headers.get("content-type", "")
    media = resolve(document, (spec.get("content") or {}).get(media_type)) or {}
    schema = media.get("schema")
    if schema is None or not request.body:
        return []
    if media_type == "application/json":
        return check.errors(schema, json.loads(request.body))
    properties = (resolve(document, schema) or {}).get("properties") or {}
    value: dict[str, Any] = {}
    for key, values in parse_qs(request.body.decode(), keep_blank_values=True).items():
        kind = (resolve(document, properties.get(key)) or {}).get("type")
        value[key] = values if kind == "array" else _typed(kind, values[-1])
    return check.errors(schema, value)


def _typed(kind: Any, text: str) -> Any:
    if kind == "integer" and text.lstrip("-").isdigit():
        return int(text)
    if kind == "number":
        try:
            return float(text)
        except ValueError:
            return text
    if kind == "boolean" and text in ("true", "false"):
        return text == "true"
    return text


def compare(
    name: str, document: dict[str, Any], check: SchemaCheck, prism: Prism | None, figures: Figures
) -> None:
    service = MockService(name, document, [])
    request_check = SchemaCheck(document, "request")
    for op in operations(document):
        for kind, request in variants(document, op, service):
            label = f"{op.method} {op.path} [{kind}]"
            mine = ours(service, request)
            figures.requests += 1
            figures.by_kind[kind.split("=")[0]] += 1
            # What the document itself says the status must be, Prism or not.
            expected = _expected_statuses(op, kind)
            if mine.status not in expected and (name, kind.split("=")[0]) not in KNOWN:
                figures.against_document.append(f"{label}: {mine.status}, expected {expected}")
            source = mine.headers.get(SOURCE_HEADER, "")
            schema, example = _schema_for(document, op, source) if source else (None, None)
            theirs = None
            if prism is not None:
                query = urlencode(request.query)
                theirs = prism.ask(
                    request.method, request.path, query, request.headers, request.body
                )
                if theirs.status == mine.status:
                    figures.same_status += 1
                elif (
                    theirs.status == 422
                    and kind != "invalid"
                    and not request_body_errors(document, op, request, request_check)
                ):
                    # Prism refuses a request the schema accepts: the schema decides.
                    violations = theirs.json().get("validation", [])
                    first = violations[0]["message"] if violations else theirs.body[:80]
                    figures.prism_wrong.append(f"{label}: Prism 422 ({first})")
                elif (name, kind.split("=")[0]) not in KNOWN:
                    figures.mismatches.append(
                        f"{label}: Prism {theirs.status}, Helio {mine.status}"
                    )
                # Helio also sends the challenge with a document's own 401 (Prism does not).
                if mine.status == 401 and "www-authenticate" in theirs.headers:
                    assert "www-authenticate" in mine.headers, label
            if not mine.body or not source or schema is None and example in (None, "schema"):
                continue
            ours_value = json.loads(mine.body) if _is_json(mine) else mine.body
            if example not in (None, "schema", "dynamic"):
                if theirs is not None and theirs.status == mine.status and theirs.body:
                    same = ours_value == (
                        json.loads(theirs.body) if _is_json(theirs) else theirs.body
                    )
                    figures.examples_exact += same
                    figures.examples_differ += not same
                    if not same:
                        figures.mismatches.append(f"{label}: documented example differs")
                continue
            figures.generated += 1
            errors = check.errors(schema, ours_value) if _is_json(mine) else []
            if errors:
                figures.ours_invalid.append(f"{label}: {errors[0]}")
            else:
                figures.ours_valid += 1
            if theirs is not None and theirs.status == mine.status and _is_json(theirs):
                prism_errors = check.errors(schema, json.loads(theirs.body))
                if prism_errors:
                    figures.prism_invalid.append(f"{label}: {prism_errors[0]}")
                else:
                    figures.prism_valid += 1


def _expected_statuses(op: Operation, kind: str) -> set[int]:
    """The statuses the document allows for a variant: the operation's first success for
    a request that keeps to it, the code asked for, 422 or its own 422/400 for a broken
    request, 401 without credentials."""
    if kind.startswith("code="):
        return {int(kind[5:])}
    if kind == "invalid":
        return {422, 400}
    if kind == "no-credentials":
        return {401}
    numeric = sorted(int(k) for k in op.responses if k.isdigit())
    success = [c for c in numeric if 200 <= c < 300]
    if success:
        return {success[0]}
    return (
        {200}
        if any(k in op.responses for k in ("2XX", "2xx", "default")) or not numeric
        else {numeric[0]}
    )


def _is_json(answer: Answer) -> bool:
    kind = answer.headers.get("content-type", "").split(";")[0].strip()
    return kind == "application/json" or kind.endswith("+json")


@pytest.mark.parametrize("name", NAMES)
def test_corpus_against_prism(name: str) -> None:
    document = load(name)
    check = SchemaCheck(document)
    prism = None if name in PRISM_DOES_NOT_START else Prism(CORPUS / name)
    prism_error = PRISM_DOES_NOT_START.get(name) or (prism.error if prism else None)
    figures = Figures()
    try:
        usable = prism if prism is not None and prism.error is None else None
        compare(name, document, check, usable, figures)
    finally:
        if prism is not None:
            prism.stop()
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(figures.by_kind.items()))
    print(
        f"\n{name}: {len(operations(document))} operations, {figures.requests} requests ({kinds})"
        + (f"; Prism could not start ({prism_error}): judged by the schema" if prism_error else "")
        + f"\n  same status as Prism: {figures.same_status}/{figures.requests}"
        f"\n  documented examples identical: {figures.examples_exact}"
        f"/{figures.examples_exact + figures.examples_differ}"
        f"\n  generated bodies valid against the schema: Helio {figures.ours_valid}/{figures.generated}"
        f", Prism {figures.prism_valid}/{figures.prism_valid + len(figures.prism_invalid)}"
    )
    for line in figures.mismatches[:20]:
        print("  MISMATCH", line)
    if figures.prism_wrong:
        print(
            f"  Prism refuses {len(figures.prism_wrong)} requests the schema accepts "
            f"(Helio answers them), e.g. {figures.prism_wrong[0]}"
        )
    for line in figures.prism_invalid[:3]:
        print("  PRISM INVALID", line)
    print(
        f"  statuses the document calls for: {figures.requests - len(figures.against_document)}"
        f"/{figures.requests}"
    )
    for line in figures.against_document[:10]:
        print("  AGAINST THE DOCUMENT", line)
    assert figures.ours_invalid == []
    assert figures.against_document == []
    assert figures.mismatches == []


DETAILS = """\
openapi: 3.0.3
info: {title: details, version: '1'}
paths:
  /old/{id}:
    get:
      deprecated: true
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {a: {type: string}}}
              examples: {one: {value: {a: one}}, two: {value: {a: two}}}
"""


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/old/a%2Fb", {}),
        ("/old/1", {"accept": "text/*"}),
        ("/old/1", {"accept": "application/*"}),
        ("/old/1", {"accept": "application/xml, */*;q=0.1"}),
        ("/old/1", {"prefer": "code=418"}),
        ("/old/1", {"prefer": "example=three"}),
        ("/old/1", {"prefer": "example=two"}),
    ],
)
def test_routing_details_as_prism(tmp_path: Path, path: str, headers: dict[str, str]) -> None:
    """%2F in a parameter, Accept wildcards and 406, absent Prefer targets, Deprecation."""
    (tmp_path / "details.yaml").write_text(DETAILS)
    document = load_openapi(tmp_path / "details.yaml", "details")
    prism = Prism(tmp_path / "details.yaml")
    try:
        assert prism.error is None, prism.error
        theirs = prism.ask("GET", path, "", headers, b"")
    finally:
        prism.stop()
    mine = ours(MockService("details", document, []), Request("GET", path, {}, headers))
    assert mine.status == theirs.status
    assert mine.headers.get("deprecation") == theirs.headers.get("deprecation")
    if theirs.status == 200:
        assert mine.json() == theirs.json()
