"""The mock answers the build records for the worker to send while Python starts."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from demo.browser.bridge import Reply, call_asgi
from demo.build.answers import ANSWERS_FILE, write_answers_file
from demo.native.assets import DirectoryAssets
from demo.native.store import MemoryStore
from demo.runtime.app import create_demo_app
from demo.runtime.ports import DuckConnection
from tests.demo.sites import native_only

pytestmark = native_only


@pytest.fixture
def example(sites_root: Path, tmp_path: Path) -> Path:
    site = tmp_path / "example"
    shutil.copytree(sites_root / "example", site)
    return site


def _recorded(site: Path) -> list[dict[str, Any]]:
    manifest = json.loads((site / "manifest.json").read_text())
    write_answers_file(site, "build-1", manifest)
    document = json.loads((site / ANSWERS_FILE).read_text())
    assert document["checksum"] == "build-1"
    return list(document["answers"])


def _no_duck() -> DuckConnection:
    raise AssertionError("a mock answer opened a database")


def _ask(site: Path, path: str, headers: dict[str, str]) -> Reply:
    manifest = json.loads((site / "manifest.json").read_text())
    app = create_demo_app(manifest, DirectoryAssets(site), MemoryStore(), _no_duck)
    try:
        return asyncio.run(call_asgi(app, "GET", path, "", list(headers.items()), b""))
    finally:
        app.close()


def _sent(answer: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes]:
    return answer["status"], [tuple(h) for h in answer["response"]], answer["body"].encode()


def test_each_recorded_answer_is_what_the_app_answers(example: Path) -> None:
    answers = _recorded(example)
    paths = [a["path"] for a in answers]
    # Concrete routes of fixtures and of the OpenAPI document; no template (`/pet/{petId}`).
    assert "/__demo/mock/petstore/store/inventory" in paths
    assert "/__demo/mock/petstore/user/login" in paths
    assert all("{" not in p for p in paths), paths
    for answer in answers:
        # A browser's plain fetch: the recorded header values plus headers nobody reads;
        # every value of a list (Accept: */* or application/json) gets the same answer.
        recorded = {k: v for k, v in answer["headers"].items() if v is not None}
        choices = [v for v in recorded.values() if isinstance(v, list)] or [[None]]
        for choice in choices[0]:
            headers = {k: choice if isinstance(v, list) else v for k, v in recorded.items()}
            headers |= {"user-agent": "Chromium", "accept-language": "de"}
            reply = _ask(example, answer["path"], headers)
            assert (reply.status, reply.headers, reply.body) == _sent(answer), answer["path"]


def test_answers_name_the_request_headers_they_depend_on(example: Path) -> None:
    answers = {a["path"]: a for a in _recorded(example)}
    # A fixture ignores Prefer: its answer holds for any request headers.
    fixture = answers["/__demo/mock/petstore/store/inventory"]
    assert fixture["headers"] == {}
    reply = _ask(example, fixture["path"], {"prefer": "code=404"})
    assert (reply.status, reply.headers, reply.body) == _sent(fixture)
    # An OpenAPI answer follows Prefer and Accept: recorded for their plain values only,
    # and another Prefer gets another answer (so the worker leaves it to Python).
    document = answers["/__demo/mock/petstore/user/login"]
    # Accept: application/json (most HTTP clients) gets the same answer, so it counts too.
    assert document["headers"] == {"prefer": None, "accept": ["*/*", "application/json"]}
    reply = _ask(example, document["path"], {"accept": "*/*", "prefer": "code=400"})
    assert (reply.status, document["status"]) == (400, 200)


def test_a_demo_without_mocks_records_nothing(sites_root: Path, tmp_path: Path) -> None:
    site = tmp_path / "mini"
    shutil.copytree(sites_root / "mini", site)
    manifest = json.loads((site / "manifest.json").read_text())
    manifest["services"] = [
        s for s in manifest["services"] if s["adapter"] in ("sqlite", "postgres")
    ]
    (site / "manifest.json").write_text(json.dumps(manifest))
    assert _recorded(site) == []
