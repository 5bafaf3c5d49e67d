"""The route table enforces its schemas before a handler runs, and 405 says what is allowed."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from host.core.schema import SchemaError
from host.routes import build_route_table
from host.routing import Route
from host.validation import parse_query

from .app_client import InProcessHost
from .conftest import ADMIN
from .helpers import assert_error

# A change of password whose new one breaks the policy's length rule.
SHORT_NEW_PASSWORD = {
    "currentUsername": ADMIN[0],
    "currentPassword": ADMIN[1],
    "newPassword": "short",
    "confirmNewPassword": "short",
}
TABLE = build_route_table(frozenset({"simulate-streams"}))
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def test_query_integers_are_parsed_and_checked_against_the_schema() -> None:
    schema = {"type": "object", "properties": {"offset": {"type": "integer", "minimum": -1}}}
    assert parse_query(schema, {"offset": "12", "other": "x"}) == {"offset": 12, "other": "x"}
    assert parse_query(schema, {"offset": ""}) == {}
    with pytest.raises(SchemaError, match="must be an integer"):
        parse_query(schema, {"offset": "1.5"})
    with pytest.raises(SchemaError, match="at least -1"):
        parse_query(schema, {"offset": "-2"})


@pytest.mark.parametrize(
    ("method", "path", "body", "error", "field"),
    [
        ("POST", "/api/token", {"scopes": []}, "scopes must not be empty", "scopes"),
        (
            "POST",
            "/api/token",
            {"scopes": [{"path": "/api/config", "methods": []}]},
            "scopes[0].methods must not be empty",
            "scopes[0].methods",
        ),
        (
            "POST",
            "/api/apps",
            {"name": "A", "exit-timeout": 9999},
            "exit-timeout must be between",
            "exit-timeout",
        ),
        ("POST", "/api/apps/reorder", {"order": "abc"}, "order must be a list", "order"),
        ("POST", "/api/clients/update", {"uuid": ""}, "uuid must not be empty", "uuid"),
        ("POST", "/api/pin", {"pin": "12a4"}, "pin must be 4 digits", "pin"),
        (
            "PATCH",
            "/api/config",
            {"origin_web_ui_allowed": "moon"},
            "one of pc, lan, wan",
            "origin_web_ui_allowed",
        ),
        (
            "POST",
            "/api/config",
            {"login_max_failures": "5"},
            "login_max_failures must be an integer",
            "login_max_failures",
        ),
        (
            "POST",
            "/api/apps/hdr_filter/live",
            {"enabled": 1},
            "enabled must be true or false",
            "enabled",
        ),
        # Rules the handlers hold name their field the same way.
        (
            "POST",
            "/api/token",
            {"scopes": [{"path": "/api/nowhere", "methods": ["GET"]}]},
            "scopes[0].path '/api/nowhere' is not grantable",
            "scopes[0].path",
        ),
        (
            "POST",
            "/api/token",
            {
                "scopes": [
                    {"path": "/api/config", "methods": ["GET"]},
                    {"path": "/api/config", "methods": ["TRACE"]},
                ]
            },
            "scopes[1].methods TRACE not allowed",
            "scopes[1].methods",
        ),
        (
            "POST",
            "/api/password",
            SHORT_NEW_PASSWORD,
            "newPassword must be at least 8 characters",
            "newPassword",
        ),
        (
            "PATCH",
            "/api/config",
            {"csrf_allowed_origins": ["https://ok.example", "nope"]},
            "csrf_allowed_origins[1]",
            "csrf_allowed_origins[1]",
        ),
    ],
)
def test_a_body_breaking_its_schema_is_400_naming_the_field_and_changes_nothing(
    app_host: InProcessHost,
    method: str,
    path: str,
    body: dict[str, Any],
    error: str,
    field: str,
) -> None:
    """The `field` key beside `error` is what the console places the message by."""
    ctx, client = app_host.ctx, app_host.client(auth=ADMIN)
    before = (ctx.settings.current(), ctx.apps.list(), ctx.tokens.list())
    answer = assert_error(client.request(method, path, json=body), 400, error)
    assert answer["field"] == field
    assert (ctx.settings.current(), ctx.apps.list(), ctx.tokens.list()) == before


@pytest.mark.parametrize(
    ("method", "path", "body", "code", "params"),
    [
        ("POST", "/api/token", {"scopes": []}, "schema.empty", {}),
        (
            "POST",
            "/api/apps",
            {"name": "A", "exit-timeout": 9999},
            "schema.between",
            {"low": 0, "high": 3600},
        ),
        ("POST", "/api/apps/reorder", {"order": "abc"}, "schema.type", {"types": ["array"]}),
        (
            "PATCH",
            "/api/config",
            {"origin_web_ui_allowed": "moon"},
            "schema.choice",
            {"choices": "pc, lan, wan, null"},
        ),
        (
            "POST",
            "/api/password",
            SHORT_NEW_PASSWORD,
            "schema.min_length",
            {"count": 8},
        ),
        (
            "POST",
            "/api/password",
            {
                "currentUsername": ADMIN[0],
                "currentPassword": "wrong-password",
                "newPassword": "long-enough",
                "confirmNewPassword": "long-enough",
            },
            "auth.wrong_current",
            {},
        ),
    ],
)
def test_a_refusal_names_its_rule_for_the_consoles_languages(
    app_host: InProcessHost,
    method: str,
    path: str,
    body: dict[str, Any],
    code: str,
    params: dict[str, Any],
) -> None:
    """`code` and `params` beside the English `error`: the console words the rule itself."""
    answer = app_host.client(auth=ADMIN).request(method, path, json=body)
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["params"]) == (code, params)


def test_a_query_breaking_its_schema_is_400_naming_the_parameter(app_host: InProcessHost) -> None:
    client = app_host.client(auth=ADMIN)
    missing = client.get("/api/framegen/edid-refresh")
    assert_error(missing, 400, "device_id is required")
    assert_error(client.get("/api/logs/tail", params={"max": "lots"}), 400, "max must be an")


def test_a_raw_image_body_skips_the_json_schema(app_host: InProcessHost) -> None:
    client = app_host.client(auth=ADMIN)
    headers = {"Content-Type": "image/png"}
    saved = client.post("/api/covers/upload?key=raw", content=PNG, headers=headers)
    assert saved.status_code == 200, saved.text
    text = {"Content-Type": "text/plain"}
    assert_error(client.post("/api/covers/upload", content=b"x", headers=text), 415)


def test_every_schema_the_table_publishes_uses_only_enforced_keywords() -> None:
    with pytest.raises(ValueError, match="not enforced"):
        Route("/api/x", ("POST",), TABLE.routes[0].endpoint, "x", "x", request_schema={"oneOf": []})
    assert all(isinstance(r, Route) for r in TABLE.routes)  # built: every schema passed


def test_405_lists_the_methods_the_table_serves_on_that_path(app_host: InProcessHost) -> None:
    client = app_host.client(auth=ADMIN)
    answer = client.delete("/api/config")
    assert_error(answer, 405, "DELETE is not allowed on /api/config")
    assert answer.headers["allow"] == "GET, HEAD, PATCH, POST"
    answer = client.put("/api/apps/some-uuid")
    assert_error(answer, 405)
    assert answer.headers["allow"] == "DELETE"
    assert TABLE.resolve("DELETE", "/api/config").allowed == ("GET", "HEAD", "PATCH", "POST")
