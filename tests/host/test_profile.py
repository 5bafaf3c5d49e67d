"""The services seam: a profile of pure-Python adapters builds and serves the whole admin app.

`host.core.context.build_host` takes a `Profile` (`host.core.ports`); the app's
lifespan starts the profile's background work. A second deployment (the
in-browser host) must be buildable without any native package, so the first
test runs in a fresh interpreter where importing one fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from starlette.testclient import TestClient

from host.app import create_app
from host.core.context import build_host
from host.core.state import StateDB

from ..test_purity import BLOCK_PACKAGES
from .memory_profile import MemoryProfile

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ["uvicorn", "psutil", "pynvml", "cryptography", "duckdb", "yaml"]

PROBE = (
    BLOCK_PACKAGES
    + """
import json
from starlette.testclient import TestClient
from host.app import create_app
from host.core.context import build_host
from host.core.state import StateDB
from tests.host.memory_profile import MemoryProfile

profile = MemoryProfile()
ctx = build_host(profile, StateDB(":memory:"), https_port=47990)
ctx.credentials.set("admin", "pw")
app = create_app(ctx)
with TestClient(app, base_url="https://helio.lan:47990", client=("127.0.0.1", 5000)) as client:
    answers = {
        path: client.get(path, auth=("admin", "pw")).json()
        for path in ("/api/metadata", "/api/browse?path=/", "/api/apps", "/api/auth/status")
    }
print(json.dumps({
    "answers": answers,
    "background": profile.background.events,
    "native_profile_loaded": "host.native.profile" in sys.modules,
}))
"""
)


def test_a_pure_python_profile_builds_and_serves_the_app_with_native_packages_blocked() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(NATIVE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    metadata = seen["answers"]["/api/metadata"]
    assert metadata["status"] is True
    assert metadata["codec"]["state"] == "ready"  # the lifespan ran the profile's prober
    assert metadata["displays"] == []  # the profile's display source lists no outputs
    assert [e["name"] for e in seen["answers"]["/api/browse?path=/"]["entries"]] == ["games"]
    assert seen["answers"]["/api/apps"]["current_app"] == ""
    assert seen["background"] == ["start", "stop"]
    assert seen["native_profile_loaded"] is False


def test_the_lifespan_starts_and_stops_the_services_background_work() -> None:
    profile = MemoryProfile()
    ctx = build_host(profile, StateDB(":memory:"), https_port=47990)
    prober = profile.prober
    assert prober is not None
    client = TestClient(
        create_app(ctx), base_url="https://helio.lan:47990", client=("127.0.0.1", 1)
    )
    sampler = ctx.adapters.sampler
    before = (list(profile.background.events), ctx.metrics.sampler, ctx.codec_probe.state)
    assert before == ([], None, "checking")  # building starts nothing
    with client:
        during = (list(profile.background.events), ctx.metrics.sampler, prober.started)
        assert during == (["start"], sampler, ["auto"]) and sampler is not None
        assert ctx.codec_probe.state == "ready"
    after = (profile.background.events, ctx.metrics.sampler)
    assert after == (["start", "stop"], None)


def test_credentials_use_the_profile_s_password_hasher() -> None:
    profile = MemoryProfile()
    ctx = build_host(profile, StateDB(":memory:"), https_port=47990)
    ctx.credentials.set("admin", "pw")
    record = ctx.db.get_json("credentials")["password_hash"]
    assert record == profile.hasher.hash("pw")
    assert ctx.credentials.verify("admin", "pw") and not ctx.credentials.verify("admin", "no")


def test_a_probe_setting_change_reprobes_through_the_profile_s_prober() -> None:
    profile = MemoryProfile()
    ctx = build_host(profile, StateDB(":memory:"), https_port=47990)
    ctx.settings.update({"locale": "fr"})
    ctx.settings.update({"encoder": "software"})
    assert profile.prober is not None and profile.prober.started == ["software"]
