"""An operation's OpenAPI callbacks: sent through the demo after the answer, when the
URL is one of its services (by `address`) or the demo itself; else logged and skipped."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from demo.native.assets import DirectoryAssets
from demo.native.store import MemoryStore
from demo.runtime.app import create_demo_app
from demo.runtime.mock.callbacks import evaluate
from demo.runtime.mock.request_check import IncomingRequest

from ..asgi import Client

CORPUS = Path(__file__).parent / "corpus"

# The service the callback is meant for: it checks the callback's body against its schema.
HOOKS = {
    "openapi": "3.0.3",
    "info": {"title": "hooks", "version": "1"},
    "paths": {
        "/subscriber/data": {
            "post": {
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["timestamp", "userData"],
                                "properties": {
                                    "timestamp": {"type": "string", "format": "date-time"},
                                    "userData": {"type": "string"},
                                },
                            }
                        }
                    },
                },
                "responses": {"202": {"description": "received"}},
            }
        }
    },
}


@pytest.fixture
def client(tmp_path: Path) -> Client:
    yaml = pytest.importorskip("yaml")  # the corpus document is YAML
    streams = yaml.safe_load((CORPUS / "oai-v3.0-callback-example.yaml").read_text())
    (tmp_path / "streams.json").write_text(json.dumps(streams))
    (tmp_path / "hooks.json").write_text(json.dumps(HOOKS))
    manifest: dict[str, Any] = {
        "version": 1,
        "storageNamespace": "callbacks",
        "services": [
            {"name": "streams", "adapter": "mock-http", "config": {"openapi": "streams.json"}},
            {
                "name": "hooks",
                "adapter": "mock-http",
                "config": {"openapi": "hooks.json", "address": "http://hooks:9000"},
            },
        ],
    }
    app = create_demo_app(manifest, DirectoryAssets(tmp_path), MemoryStore(), _no_duck)
    return Client(app)


def _no_duck() -> Any:
    raise AssertionError("no database here")


def _subscribe(client: Client, url: str) -> int:
    reply = client.post(f"/__demo/mock/streams/streams?callbackUrl={url}")
    assert reply.json()["subscriptionId"]
    return reply.status


def test_callback_reaches_a_service_by_its_address(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="demo.runtime.app"):
        assert _subscribe(client, "http://hooks:9000/subscriber") == 201
    # The hooks service validated the generated body (else 422) and answered 202.
    assert "callback onData POST http://hooks:9000/subscriber/data -> 202" in caplog.text


def test_callback_to_the_demo_itself(client: Client, caplog: pytest.LogCaptureFixture) -> None:
    url = "https://demo.example/site/__demo/mock/hooks/subscriber"
    with caplog.at_level(logging.INFO, logger="demo.runtime.app"):
        _subscribe(client, url)
    assert f"callback onData POST {url}/data -> 202" in caplog.text


def test_callback_elsewhere_is_logged_and_skipped(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="demo.runtime.app"):
        assert _subscribe(client, "https://tonys-server.com") == 201
    assert (
        "callback onData POST https://tonys-server.com/data skipped: not a service of this demo"
        in caplog.text
    )


def test_runtime_expressions() -> None:
    request = IncomingRequest(
        "POST",
        {"id": "7"},
        {"url": ["http://a/b"]},
        {"x-hook": "http://h"},
        b'{"hooks": [{"url": "http://b"}]}',
    )
    assert evaluate("{$request.query.url}/x", request, 201, b"") == "http://a/b/x"
    assert evaluate("$request.header.X-Hook", request, 201, b"") == "http://h"
    assert evaluate("{$request.body#/hooks/0/url}?id={$request.path.id}", request, 201, b"") == (
        "http://b?id=7"
    )
    assert evaluate("{$response.body#/next}", request, 201, b'{"next": "http://n"}') == "http://n"
    assert evaluate("{$request.query.missing}", request, 201, b"") is None
    assert evaluate("{$url}/x", request, 201, b"") is None
