"""demo.browser.bridge: one forwarded fetch -> one ASGI call, natively."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from demo.browser.bridge import call_asgi, run_at_once
from tests.demo.browser.asyncrun import run


async def _echo(request: Request) -> Response:
    return JSONResponse(
        {
            "method": request.method,
            "path": request.url.path,
            "query": dict(request.query_params),
            "header": request.headers.get("x-thing"),
            "body": (await request.body()).decode(),
        },
        headers={"x-answer": "1"},
    )


async def _boom(request: Request) -> Response:
    raise RuntimeError("the fixture exploded")


async def _empty(request: Request) -> Response:
    return Response(status_code=204)


APP = Starlette(
    routes=[
        Route("/__demo/echo/{rest:path}", _echo, methods=["GET", "POST"]),
        Route("/__demo/boom", _boom),
        Route("/__demo/empty", _empty),
    ]
)


def _call(*args: Any) -> Any:
    return run(call_asgi(APP, *args))


def test_request_parts_reach_the_app() -> None:
    reply = _call("post", "/__demo/echo/a%20b", "x=1&y=two", [("X-Thing", "v")], b"payload")
    assert reply.status == 200
    assert ("x-answer", "1") in reply.headers
    assert json.loads(reply.body) == {
        "method": "POST",
        "path": "/__demo/echo/a b",
        "query": {"x": "1", "y": "two"},
        "header": "v",
        "body": "payload",
    }


def test_app_exception_becomes_json_500_naming_the_cause() -> None:
    reply = _call("GET", "/__demo/boom", "", [], b"")
    assert reply.status == 500
    assert dict(reply.headers)["content-type"] == "application/json"
    error = json.loads(reply.body)["error"]
    assert "RuntimeError: the fixture exploded" in error
    assert "/__demo/boom" in error


def test_app_that_never_answers_is_a_500() -> None:
    async def silent(scope: Any, receive: Any, send: Any) -> None:
        return None

    reply = run(call_asgi(silent, "GET", "/__demo/x", "", [], b""))
    assert reply.status == 500
    assert "no response" in json.loads(reply.body)["error"]


def test_empty_answer_keeps_its_status() -> None:
    reply = _call("GET", "/__demo/empty", "", [], b"")
    assert (reply.status, reply.body) == (204, b"")


def test_run_at_once_gives_an_answer_that_never_waits_and_refuses_one_that_does() -> None:
    async def at_once() -> str:
        return "answered"

    async def waits() -> None:
        await asyncio.sleep(0)

    assert run_at_once(at_once(), "suspended") == "answered"
    with pytest.raises(RuntimeError, match="^suspended$"):
        run_at_once(waits(), "suspended")
