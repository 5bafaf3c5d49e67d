"""Updates: check, install (queued while streaming), install now, cancel, and a real pip install.

Table-driven cases run in-process with a recording installer (so the test
interpreter's own environment is never touched); one test installs a tiny
wheel with pip into an isolated virtual environment running the real host,
which then restarts itself.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import sysconfig
import threading
import zipfile
from pathlib import Path
from typing import Any

import pytest

from host.core.system.updates import newest_release, parse_index, parse_version

from ...waiting import wait_for
from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings
from ..resources import admin_in_process
from ..server import HostProcess

ARTIFACT = b"pretend this is helio-0.2.0-py3-none-any.whl"
GOOD = hashlib.sha256(ARTIFACT).hexdigest()
BAD = "0" * 64


def release_folder(
    folder: Path, releases: list[dict[str, Any]], files: dict[str, bytes] | None = None
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "releases.json").write_text(json.dumps({"releases": releases}))
    for name, data in (files or {"helio-0.2.0.whl": ARTIFACT}).items():
        (folder / name).write_bytes(data)
    return folder


class Recorder:
    """Stands in for pip: records what it was asked to install, may block or fail."""

    def __init__(self, fail: str = "", gate: threading.Event | None = None) -> None:
        self.installed: list[bytes] = []
        self.fail, self.gate = fail, gate

    def __call__(self, artifact: Path) -> None:
        if self.gate is not None:
            self.gate.wait(30)
        if self.fail:
            raise RuntimeError(self.fail)
        self.installed.append(artifact.read_bytes())


def host_with(
    tmp_path: Path,
    releases: list[dict[str, Any]] | None,
    installer: Recorder,
    files: dict[str, bytes] | None = None,
) -> tuple[Any, Any]:
    source = "" if releases is None else str(release_folder(tmp_path / "releases", releases, files))
    ctx, client = admin_in_process(tmp_path, update_source=source)
    client.__enter__()
    ctx.adapters.updater.installer = installer
    return ctx, client


def settled(client: Any) -> dict[str, Any]:
    return wait_for(
        lambda: (
            (s := client.get("/api/updates").json())["state"] not in ("downloading", "installing")
            and s
        ),
        "the update to settle",
    )


@pytest.mark.parametrize(
    ("releases", "files", "check_state", "final_state", "installed", "reason"),
    [
        # good hash: downloaded, verified, installed, then a restart is asked for
        (
            [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}],
            None,
            "available",
            "restarting",
            [ARTIFACT],
            None,
        ),
        # the newest release wins
        (
            [
                {"version": "0.1.5", "artifact": "old.whl", "sha256": BAD},
                {"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD},
            ],
            None,
            "available",
            "restarting",
            [ARTIFACT],
            None,
        ),
        # bad hash: nothing installed, the reason says why
        (
            [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": BAD}],
            None,
            "available",
            "failed",
            [],
            "SHA-256 mismatch",
        ),
        # download error: the artifact is missing from the release folder
        (
            [{"version": "0.2.0", "artifact": "gone.whl", "sha256": GOOD}],
            None,
            "available",
            "failed",
            [],
            "No such file",
        ),
        # an artifact path may not leave the release folder
        (
            [{"version": "0.2.0", "artifact": "../secret.whl", "sha256": GOOD}],
            None,
            "available",
            "failed",
            [],
            "inside the release folder",
        ),
        # nothing newer than 0.1.0
        (
            [{"version": "0.1.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}],
            None,
            "up_to_date",
            None,
            [],
            None,
        ),
        # a broken index
        (
            [{"version": "banana", "artifact": "a.whl", "sha256": GOOD}],
            None,
            "failed",
            None,
            [],
            "not a version",
        ),
    ],
)
def test_check_then_install(
    tmp_path: Path,
    releases: list[dict[str, Any]],
    files: dict[str, bytes] | None,
    check_state: str,
    final_state: str | None,
    installed: list[bytes],
    reason: str | None,
) -> None:
    installer = Recorder()
    ctx, client = host_with(tmp_path, releases, installer, files)
    checked = client.post("/api/updates/check", json={}).json()
    assert checked["state"] == check_state
    if check_state == "failed":
        assert reason in checked["result"]["reason"]
    if final_state is not None:
        started = client.post("/api/updates/install", json={}).json()
        assert started["state"] in ("downloading", "installing", "restarting", "failed")
        state = settled(client)
        assert state["state"] == final_state and installer.installed == installed
        if reason:
            assert reason in state["result"]["reason"] and ctx.lifecycle.requested is None
            assert state["installed_version"] == "0.1.0"
        else:
            assert state["result"] == {"ok": True, "version": "0.2.0"}
            wait_for(
                lambda: ctx.lifecycle.requested == "restart",
                "the restart request after the install",
            )
        assert list((tmp_path / "updates").glob("*")) == []  # the download is never left behind
    client.__exit__(None, None, None)


@pytest.mark.parametrize(("digest", "final"), [(GOOD, "restarting"), (BAD, "failed")])
def test_a_release_index_served_over_http(tmp_path: Path, digest: str, final: str) -> None:
    import functools
    import http.server

    folder = release_folder(
        tmp_path / "site",
        [{"version": "0.2.0", "artifact": "files/helio-0.2.0.whl", "sha256": digest}],
        {},
    )
    (folder / "files").mkdir()
    (folder / "files" / "helio-0.2.0.whl").write_bytes(ARTIFACT)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        installer = Recorder()
        ctx, client = admin_in_process(
            tmp_path, update_source=f"http://127.0.0.1:{server.server_port}/"
        )
        with client:
            ctx.adapters.updater.installer = installer
            assert (
                client.post("/api/updates/check", json={}).json()["available"]["version"] == "0.2.0"
            )
            client.post("/api/updates/install", json={})
            outcome = settled(client)
            assert outcome["state"] == final
            assert installer.installed == ([ARTIFACT] if final == "restarting" else [])
            # What the console shows is already on disk: a host stopped on it (a restart does
            # exactly that) keeps the result, and no write comes after the database closes.
            assert ctx.db.get_json("update_last_result") == outcome["result"]
    finally:
        server.shutdown()
        server.server_close()


def test_install_is_queued_while_a_stream_is_active(tmp_path: Path) -> None:
    installer = Recorder()
    ctx, client = host_with(
        tmp_path, [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}], installer
    )
    client.post("/api/updates/check", json={})
    ctx.streams.put("DEVICE", "normal", "active")
    queued = client.post("/api/updates/install", json={}).json()
    assert (queued["state"], queued["now"]) == ("queued", False)
    ctx.streams.put("DEVICE", "normal", "stopping")  # no longer active: the install starts
    assert settled(client)["state"] == "restarting" and installer.installed == [ARTIFACT]
    client.__exit__(None, None, None)


@pytest.mark.parametrize("already_queued", [False, True])
def test_install_now_ends_running_streams_and_sets_now(
    tmp_path: Path, already_queued: bool
) -> None:
    gate = threading.Event()
    installer = Recorder(gate=gate)
    ctx, client = host_with(
        tmp_path, [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}], installer
    )
    client.post("/api/updates/check", json={})
    ctx.streams.put("A", "normal", "active")
    ctx.streams.put("B", "remote_monitor", "active")
    if already_queued:
        assert client.post("/api/updates/install", json={}).json()["state"] == "queued"
    answer = client.post("/api/updates/install_now", json={}).json()
    assert answer["now"] is True and ctx.streams.list() == []
    wait_for(lambda: client.get("/api/updates").json()["state"] == "installing", "the installer")
    assert client.get("/api/updates").json()["now"] is True
    gate.set()
    done = settled(client)
    assert (
        done["state"] == "restarting" and done["now"] is False and installer.installed == [ARTIFACT]
    )
    client.__exit__(None, None, None)


def test_cancel_a_queued_update(tmp_path: Path) -> None:
    installer = Recorder()
    ctx, client = host_with(
        tmp_path, [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}], installer
    )
    client.post("/api/updates/check", json={})
    ctx.streams.put("DEVICE", "normal", "active")
    client.post("/api/updates/install", json={})
    cancelled = client.post("/api/updates/cancel", json={}).json()
    assert cancelled["state"] == "available" and cancelled["result"] == {
        "ok": False,
        "reason": "cancelled",
    }
    ctx.streams.remove("DEVICE")  # the stream ends: nothing starts any more
    assert client.get("/api/updates").json()["state"] == "available" and installer.installed == []
    assert_error(client.post("/api/updates/cancel", json={}), 400, "nothing to cancel")
    client.__exit__(None, None, None)
    assert last_result_after_a_restart(tmp_path) == {"ok": False, "reason": "cancelled"}


def test_cancel_while_downloading_stops_at_the_next_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = ARTIFACT * 10_000  # several chunks
    installer = Recorder()
    ctx, client = host_with(
        tmp_path,
        [{"version": "0.2.0", "artifact": "big.whl", "sha256": hashlib.sha256(big).hexdigest()}],
        installer,
        {"big.whl": big},
    )
    first_chunk, release = threading.Event(), threading.Event()
    updater = ctx.adapters.updater
    real_open = updater._open

    class Slow:
        def __init__(self, location: str) -> None:
            self.handle = real_open(location)

        def __enter__(self) -> Slow:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def read(self, size: int) -> bytes:
            if first_chunk.is_set():
                release.wait(30)  # hold the download until the test has cancelled
            first_chunk.set()
            return self.handle.read(size)

    monkeypatch.setattr(updater, "_open", Slow)
    client.post("/api/updates/check", json={})
    assert client.post("/api/updates/install", json={}).json()["state"] == "downloading"
    first_chunk.wait(30)
    client.post("/api/updates/cancel", json={})
    release.set()
    state = wait_for(
        lambda: (s := client.get("/api/updates").json())["state"] != "downloading" and s,
        "the worker to stop",
    )
    assert state["state"] == "available" and state["result"] == {"ok": False, "reason": "cancelled"}
    assert installer.installed == [] and ctx.lifecycle.requested is None
    assert list((tmp_path / "updates").glob("*")) == []
    client.__exit__(None, None, None)
    assert last_result_after_a_restart(tmp_path) == {"ok": False, "reason": "cancelled"}


def last_result_after_a_restart(data_dir: Path) -> Any:
    """The last update's result as a host started again on `data_dir` shows it."""
    _, client = host_with(data_dir, None, Recorder())
    try:
        return client.get("/api/updates").json()["result"]
    finally:
        client.__exit__(None, None, None)


def test_a_failing_installer_leaves_the_version_and_can_be_retried(tmp_path: Path) -> None:
    installer = Recorder(fail="pip install failed (1): no space left")
    ctx, client = host_with(
        tmp_path, [{"version": "0.2.0", "artifact": "helio-0.2.0.whl", "sha256": GOOD}], installer
    )
    client.post("/api/updates/check", json={})
    client.post("/api/updates/install", json={})
    failed = settled(client)
    assert failed["state"] == "failed" and "no space left" in failed["result"]["reason"]
    assert failed["installed_version"] == "0.1.0" and ctx.lifecycle.requested is None
    installer.fail = ""
    client.post("/api/updates/install", json={})
    assert settled(client)["state"] == "restarting"
    client.__exit__(None, None, None)


@pytest.mark.parametrize(
    ("route", "error"),
    [
        ("/api/updates/check", "no update source"),
        ("/api/updates/install", "no update is ready"),
        ("/api/updates/install_now", "no update is ready"),
        ("/api/updates/cancel", "nothing to cancel"),
    ],
)
def test_without_a_source_or_an_update_each_action_is_400_and_nothing_changes(
    tmp_path: Path, route: str, error: str
) -> None:
    ctx, client = host_with(tmp_path, None, Recorder())
    ctx.streams.put("DEVICE", "normal", "active")
    before = client.get("/api/updates").json()
    assert before == {
        "status": True,
        "state": "idle",
        "progress": 0,
        "result": None,
        "now": False,
        "installed_version": "0.1.0",
        "available": None,
    }
    assert_error(client.post(route, json={}), 400, error)
    assert client.get("/api/updates").json() == before and len(ctx.streams.list()) == 1
    client.__exit__(None, None, None)


@pytest.mark.parametrize(
    ("document", "error"),
    [
        ([], "releases"),
        ({"releases": [1]}, "not an object"),
        ({"releases": [{"version": "1.0", "sha256": GOOD}]}, "no artifact"),
        ({"releases": [{"version": "1.0", "artifact": "a", "sha256": "abc"}]}, "sha256"),
    ],
)
def test_bad_release_indexes(document: Any, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse_index(document)


def test_versions_compare_numerically() -> None:
    releases = parse_index(
        {
            "releases": [
                {"version": v, "artifact": "a", "sha256": GOOD} for v in ("0.9.0", "0.10.0", "0.2")
            ]
        }
    )
    assert newest_release(releases, "0.1.0").version == "0.10.0"  # type: ignore[union-attr]
    assert newest_release(releases, "0.10.0") is None
    assert parse_version("1.2.3") == (1, 2, 3)


# -- a real install with pip, in an isolated environment ------------------------------------


def tiny_wheel(folder: Path, version: str) -> Path:
    """A minimal valid wheel of `helio_update_probe`, made by hand (no build tools needed)."""
    name = f"helio_update_probe-{version}"
    files = {
        "helio_update_probe/__init__.py": f'VERSION = "{version}"\n'.encode(),
        f"{name}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: helio-update-probe\nVersion: {version}\n".encode(),
        f"{name}.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: helio-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{name}.dist-info/RECORD,,")
    files[f"{name}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = folder / f"{name}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel


def isolated_python(folder: Path) -> Path:
    """A venv whose own site-packages is empty but which sees the test venv's packages.

    pip installs into the running interpreter's environment, so the host under
    test installs here and never into the environment the tests run from.
    """
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "helio-tests.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


@pytest.mark.slow
def test_a_real_update_is_installed_with_pip_and_the_host_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = isolated_python(tmp_path / "venv")
    releases = tmp_path / "releases"
    releases.mkdir()
    good = tiny_wheel(releases, "0.2.0")
    (releases / "releases.json").write_text(
        json.dumps(
            {
                "releases": [
                    {
                        "version": "0.2.0",
                        "artifact": good.name,
                        "sha256": hashlib.sha256(good.read_bytes()).hexdigest(),
                    },
                ]
            }
        )
    )
    test_python = sys.executable
    host = HostProcess(tmp_path / "data")
    host.set_credentials(*ADMIN)
    monkeypatch.setattr(sys, "executable", str(python))  # the host runs from the isolated venv
    host.start()
    try:
        with host.client(auth=ADMIN) as admin:
            pid_before = admin.get("/api/metadata").json()
            assert confirmed_settings(host, {"update_source": str(releases)}).status_code == 200
            assert (
                admin.post("/api/updates/check", json={}).json()["available"]["version"] == "0.2.0"
            )
            admin.post("/api/updates/install", json={})

            def restarted() -> dict[str, Any] | None:
                try:
                    meta = admin.get("/api/metadata").json()
                except Exception:
                    return None
                return meta if meta["started_at"] != pid_before["started_at"] else None

            wait_for(restarted, "the host to restart after installing")
            state = admin.get("/api/updates").json()
            assert state["installed_version"] == "0.2.0" and state["result"] == {
                "ok": True,
                "version": "0.2.0",
            }
        probe = subprocess.run(
            [str(python), "-c", "import helio_update_probe as p; print(p.VERSION, p.__file__)"],
            capture_output=True,
            text=True,
            check=True,
        )
        version, location = probe.stdout.split()
        assert version == "0.2.0" and location.startswith(str(tmp_path / "venv"))
    finally:
        host.stop()
    # The test interpreter's environment was not touched.
    assert (
        subprocess.run(
            [test_python, "-c", "import helio_update_probe"], capture_output=True
        ).returncode
        != 0
    )
