"""`python -m demo record`: a real host's answers as fixtures, safe and reproducible, and
the committed recording (fixtures/host-recorded) covers every route the host has."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from demo.native import MemoryStore
from demo.record.scrub import Scrubber
from demo.record.tour import NOT_RECORDED
from demo.runtime import create_demo_app
from demo.runtime.mock.fixtures import parse_fixtures
from host.routes import build_route_table
from tests.demo.runtime.asgi import Client
from tests.demo.sites import REPO, native_only
from tests.host.server import HostProcess
from tests.waiting import HEAVY_RUN_S, heavy

RECORDED = REPO / "fixtures" / "host-recorded"

pytestmark = [native_only, heavy]


def _fixtures() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for path in sorted((RECORDED / "fixtures").glob("*.json")):
        found += json.loads(path.read_text())
    return found


def test_the_recording_covers_every_route_of_the_host() -> None:
    fixtures = _fixtures()
    missing = []
    for route in build_route_table(frozenset({"simulate-streams"})).routes:
        for method in route.methods:
            if (method, route.path) in NOT_RECORDED:
                continue
            if not any(
                f["method"] == method and (f["path"] == route.path or route.regex.match(f["path"]))
                for f in fixtures
            ):
                missing.append(f"{method} {route.path}")
    assert not missing, (
        f"the host has routes fixtures/host-recorded does not cover: {missing}; "
        "add them to demo/record/tour.py and record again (fixtures/host-recorded/README.md)"
    )


def test_the_recording_is_valid_mock_http_and_served() -> None:
    for path in (RECORDED / "fixtures").glob("*.json"):
        parse_fixtures(json.loads(path.read_text()), origin=path.name)
    manifest = {
        "version": 1,
        "storageNamespace": "ns",
        "services": [
            {
                "name": "host-recorded",
                "adapter": "mock-http",
                "config": {"fixtures": "fixtures.json"},
            }
        ],
    }

    class Assets:
        async def read(self, path: str) -> bytes:
            return json.dumps(_fixtures()).encode()

    client = Client(create_demo_app(manifest, Assets(), MemoryStore(), None))  # type: ignore[arg-type]
    apps = client.get("/__demo/mock/host-recorded/api/apps")
    assert apps.status == 200 and "Recorded app" in apps.text
    refused = client.post("/__demo/mock/host-recorded/api/auth/login")
    assert refused.status in (200, 401)  # the recording keeps the host's own answers


def test_scrubbing_replaces_secrets_times_ports_and_paths() -> None:
    secret = "a" * 64
    scrub = Scrubber("/home/me/.helio", {51085: 47990})
    data = {
        "access_token": secret,
        "expires_at": 1_790_000_000.5,
        "paired_at": 1_790_000_000,
        "https_port": 51085,
        "log": f"/home/me/.helio/helio.log at https://127.0.0.1:51085 token {secret}",
        "gpu_usage_percent": 37.5,
        "pid": 4242,
    }
    assert scrub.value(data) == {
        "access_token": "<secret-1>",
        "expires_at": 1_767_225_600,
        "paired_at": 1_767_225_600,
        "https_port": 47990,
        "log": "<data-dir>/helio.log at https://127.0.0.1:47990 token <secret-1>",
        "gpu_usage_percent": 0,
        "pid": 0,
    }


def _record(tmp: Path, name: str) -> tuple[Path, str]:
    data = tmp / name / "data"
    data.parent.mkdir(parents=True)
    host = HostProcess(data, ("--simulate-streams",))
    host.start()
    try:
        out = tmp / name / "out"
        done = subprocess.run(
            [sys.executable, "-m", "demo", "record", "--target", host.url, "--out", str(out)]
            + ["--data-dir", str(data), "--password", "s3cret-recording-pass"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=HEAVY_RUN_S,
            check=False,
        )
    finally:
        host.stop()
    assert done.returncode == 0, done.stdout + done.stderr
    return out, str(data)


@pytest.mark.slow
def test_recording_twice_gives_identical_files_without_secrets(tmp_path: Path) -> None:
    first, first_data = _record(tmp_path, "one")
    second, _ = _record(tmp_path, "two")
    names = sorted(p.relative_to(first) for p in first.rglob("*.json"))
    assert names == sorted(p.relative_to(second) for p in second.rglob("*.json"))
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    text = "\n".join(p.read_text() for p in first.rglob("*.json"))
    assert "s3cret-recording-pass" not in text
    assert first_data not in text
    assert not re.search(r"\b[0-9a-f]{64}\b", text)  # token secrets and hashes are placeholders
    assert "BEGIN CERTIFICATE" not in text
    coverage = json.loads((first / "coverage.json").read_text())
    assert ["GET", "/api/apps"] in coverage["routes"]
