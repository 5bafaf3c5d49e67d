"""Applications over HTTPS: create/update by uuid, delete, reorder, launch and close real processes."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from ...waiting import wait_for
from ..app_client import native_only
from ..helpers import assert_error

APP_SCRIPT = """
import os, signal, sys, time
open(sys.argv[1], "w").write(str(os.getpid()))
if sys.argv[2] == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # only SIGKILL ends it
if sys.argv[2] == "quick":
    sys.exit(0)
while True:
    time.sleep(0.1)
"""


def alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie nobody reaped."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


# The native launcher runs real processes (prep commands, working folder, exit codes,
# signals); the pure profile's launcher is simulated.
LAUNCHES = native_only("starts real processes through the native app launcher")


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "app.py"
    path.write_text(APP_SCRIPT)
    return path


def command(script: Path, pid_file: Path, mode: str = "normal") -> str:
    return " ".join(shlex.quote(str(p)) for p in (sys.executable, script, pid_file, mode))


@pytest.fixture(autouse=True)
def no_apps(admin: httpx.Client) -> Any:
    """Each test starts with no app running and an empty list (the host is shared)."""
    yield
    admin.post("/api/apps/close", json={})
    for app in admin.get("/api/apps").json()["apps"]:
        admin.delete(f"/api/apps/{app['uuid']}")


def test_create_list_update_by_uuid_and_delete(admin: httpx.Client) -> None:
    created = admin.post(
        "/api/apps", json={"name": "Steam", "cmd": "steam", "custom": {"kept": 1}}
    ).json()["app"]
    assert created["uuid"] and isinstance(created["id"], int)
    assert created["exit-timeout"] == 5 and created["custom"] == {
        "kept": 1
    }  # defaults + unknown kept
    listed = admin.get("/api/apps").json()
    assert [a["uuid"] for a in listed["apps"]] == [created["uuid"]] and listed["current_app"] == ""
    updated = admin.post(
        "/api/apps", json={"uuid": created["uuid"], "cmd": "steam -bigpicture"}
    ).json()["app"]
    assert (updated["id"], updated["name"], updated["cmd"]) == (
        created["id"],
        "Steam",
        "steam -bigpicture",
    )
    chosen = admin.post("/api/apps", json={"uuid": "MY-UUID-1", "name": "Chosen"}).json()["app"]
    assert chosen["uuid"] == "MY-UUID-1" and chosen["id"] > created["id"]
    assert admin.delete(f"/api/apps/{created['id']}").json() == {
        "status": True,
        "deleted": created["uuid"],
    }
    assert (
        admin.post("/api/apps/delete", json={"uuid": "MY-UUID-1"}).json()["deleted"] == "MY-UUID-1"
    )
    assert admin.get("/api/apps").json()["apps"] == []


def test_numeric_ids_are_never_reused(admin: httpx.Client) -> None:
    first = admin.post("/api/apps", json={"name": "A"}).json()["app"]
    admin.delete(f"/api/apps/{first['uuid']}")
    second = admin.post("/api/apps", json={"name": "B"}).json()["app"]
    assert second["id"] > first["id"]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({}, "name is required"),
        ({"name": ""}, "name is required"),
        ({"name": 5}, "name"),
        ({"name": "x", "exit-timeout": -1}, "exit-timeout"),
        ({"name": "x", "exit-timeout": True}, "exit-timeout"),
        ({"name": "x", "prep-cmd": "echo"}, "prep-cmd"),
        ({"name": "x", "prep-cmd": [{"do": 1}]}, "prep-cmd"),
        ({"name": "x", "detached": [1]}, "detached"),
        ({"name": "x", "auto-detach": "yes"}, "auto-detach"),
        ({"name": "x", "uuid": "../etc"}, "uuid"),
    ],
)
def test_bad_apps_are_400_and_change_nothing(
    admin: httpx.Client, body: dict[str, Any], error: str
) -> None:
    before = admin.get("/api/apps").json()
    assert_error(admin.post("/api/apps", json=body), 400, error)
    assert admin.get("/api/apps").json() == before


def test_missing_apps_are_404(admin: httpx.Client) -> None:
    assert_error(admin.delete("/api/apps/NO-SUCH-APP"), 404, "no app")
    assert_error(admin.delete("/api/apps/999999"), 404, "no app")
    assert_error(admin.post("/api/apps/delete", json={"uuid": "NO-SUCH-APP"}), 404)
    assert_error(admin.post("/api/apps/delete", json={}), 400, "uuid")
    assert_error(admin.post("/api/apps/launch", json={"uuid": "NO-SUCH-APP"}), 404)
    assert_error(admin.post("/api/apps/launch", json={"id": 10**30}), 404)
    assert_error(admin.post("/api/apps/launch", json={"id": -1}), 404)
    assert_error(admin.delete("/api/apps/" + "9" * 40), 404)
    assert_error(admin.delete("/api/apps/٣"), 404)  # a non-ASCII digit is not an id
    assert_error(admin.post("/api/apps/launch", json={"id": True}), 400, "id must be an integer")


def test_reorder_takes_exactly_the_full_list_of_uuids(admin: httpx.Client) -> None:
    uuids = [admin.post("/api/apps", json={"name": n}).json()["app"]["uuid"] for n in "ABC"]
    reordered = admin.post(
        "/api/apps/reorder", json={"order": [uuids[2], uuids[0], uuids[1]]}
    ).json()
    assert [a["name"] for a in reordered["apps"]] == ["C", "A", "B"]
    for bad in ([uuids[0], uuids[1]], [*uuids, uuids[0]], [*uuids[:2], "OTHER"], "ABC", [1, 2, 3]):
        assert_error(admin.post("/api/apps/reorder", json={"order": bad}), 400, "order")
    assert_error(admin.post("/api/apps/reorder", json={}), 400, "order")
    assert [a["name"] for a in admin.get("/api/apps").json()["apps"]] == ["C", "A", "B"]


def test_purge_autosync_removes_only_synced_apps(admin: httpx.Client) -> None:
    admin.post("/api/apps", json={"name": "Mine"})
    synced = admin.post("/api/apps", json={"name": "Synced", "autosync": True}).json()["app"]
    assert admin.post("/api/apps/purge_autosync", json={}).json()["purged"] == [synced["uuid"]]
    assert [a["name"] for a in admin.get("/api/apps").json()["apps"]] == ["Mine"]


@LAUNCHES
def test_launch_runs_prep_then_the_command_and_close_terminates_then_undoes(
    admin: httpx.Client, script: Path, tmp_path: Path
) -> None:
    pid_file, marks = tmp_path / "pid", tmp_path / "marks"
    prep = [
        {"do": f"echo do1 >> {marks}", "undo": f"echo undo1 >> {marks}"},
        {"do": f"echo do2 >> {marks}", "undo": f"echo undo2 >> {marks}"},
    ]
    app = admin.post(
        "/api/apps",
        json={
            "name": "Game",
            "cmd": command(script, pid_file),
            "prep-cmd": prep,
            "working-dir": str(tmp_path),
        },
    ).json()["app"]
    launched = admin.post("/api/apps/launch", json={"id": app["id"]}).json()
    assert launched["app"]["uuid"] == app["uuid"]
    pid = int(wait_for(lambda: pid_file.exists() and pid_file.read_text(), "the app's pid"))
    assert alive(pid) and marks.read_text().split() == ["do1", "do2"]
    status = admin.get("/api/session/status").json()
    assert status["appRunning"] is True and status["appName"] == "Game"
    assert admin.get("/api/apps").json()["current_app"] == app["uuid"]
    assert_error(admin.post("/api/apps/launch", json={"uuid": app["uuid"]}), 400, "close it first")
    assert admin.post("/api/apps/close", json={}).json() == {"status": True, "closed": app["uuid"]}
    assert not alive(pid)
    assert marks.read_text().split() == ["do1", "do2", "undo2", "undo1"]
    assert admin.get("/api/session/status").json()["appRunning"] is False
    assert_error(admin.post("/api/apps/close", json={}), 400, "no app is running")


@LAUNCHES
def test_close_kills_an_app_that_ignores_terminate_after_its_exit_timeout(
    admin: httpx.Client, script: Path, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    app = admin.post(
        "/api/apps",
        json={"name": "Stubborn", "cmd": command(script, pid_file, "stubborn"), "exit-timeout": 1},
    ).json()["app"]
    admin.post("/api/apps/launch", json={"uuid": app["uuid"]})
    pid = int(wait_for(lambda: pid_file.exists() and pid_file.read_text(), "the app's pid"))
    assert admin.post("/api/apps/close", json={}).status_code == 200
    assert not alive(pid)


@LAUNCHES
def test_a_failing_prep_command_launches_nothing_and_undoes_earlier_steps(
    admin: httpx.Client, script: Path, tmp_path: Path
) -> None:
    pid_file, marks = tmp_path / "pid", tmp_path / "marks"
    prep = [
        {"do": f"echo do1 >> {marks}", "undo": f"echo undo1 >> {marks}"},
        {"do": "exit 3", "undo": f"echo never >> {marks}"},
    ]
    app = admin.post(
        "/api/apps", json={"name": "Broken", "cmd": command(script, pid_file), "prep-cmd": prep}
    ).json()["app"]
    assert_error(admin.post("/api/apps/launch", json={"uuid": app["uuid"]}), 400, "exit code 3")
    assert marks.read_text().split() == ["do1", "undo1"] and not pid_file.exists()
    assert admin.get("/api/session/status").json()["appRunning"] is False


@LAUNCHES
@pytest.mark.parametrize(("auto_detach", "still_running"), [(False, False), (True, True)])
def test_an_app_whose_command_exits_by_itself(
    admin: httpx.Client, script: Path, tmp_path: Path, auto_detach: bool, still_running: bool
) -> None:
    pid_file = tmp_path / "pid"
    app = admin.post(
        "/api/apps",
        json={
            "name": "Launcher",
            "cmd": command(script, pid_file, "quick"),
            "auto-detach": auto_detach,
        },
    ).json()["app"]
    admin.post("/api/apps/launch", json={"uuid": app["uuid"]})
    pid = int(wait_for(lambda: pid_file.exists() and pid_file.read_text(), "the app's pid"))
    wait_for(lambda: not alive(pid), "the command to exit")
    # Without auto-detach the app ends with its command; with it, the launcher pattern keeps it.
    if still_running:
        assert admin.get("/api/session/status").json()["appRunning"] is True
    else:
        wait_for(
            lambda: admin.get("/api/session/status").json()["appRunning"] is False, "the app to end"
        )


@LAUNCHES
def test_launch_with_a_missing_working_dir_is_400(admin: httpx.Client, tmp_path: Path) -> None:
    app = admin.post(
        "/api/apps", json={"name": "Lost", "cmd": "true", "working-dir": str(tmp_path / "gone")}
    ).json()["app"]
    assert_error(admin.post("/api/apps/launch", json={"uuid": app["uuid"]}), 400, "working-dir")
    assert_error(admin.post("/api/apps/launch", json={}), 400, "uuid")


@LAUNCHES
@pytest.mark.parametrize(
    ("fields", "error"),
    [
        (
            {
                "cmd": "true",
                "output": "/nonexistent-folder/out.log",
                "prep-cmd": [{"do": "true", "undo": "echo undone > {marks}"}],
            },
            "output file",
        ),
        ({"cmd": "echo \u0000"}, "cannot start"),
        ({"cmd": "true", "prep-cmd": [{"do": "echo \u0000"}]}, "prep command"),
    ],
)
def test_commands_that_cannot_start_are_400(
    admin: httpx.Client, tmp_path: Path, fields: dict[str, Any], error: str
) -> None:
    marks = tmp_path / "marks"
    fields = json.loads(json.dumps(fields).replace("{marks}", str(marks)))
    app = admin.post("/api/apps", json={"name": "Unstartable", **fields}).json()["app"]
    assert_error(admin.post("/api/apps/launch", json={"uuid": app["uuid"]}), 400, error)
    assert admin.get("/api/session/status").json()["appRunning"] is False
    if "output" in fields:  # prep had run: its undo ran too
        assert marks.read_text() == "undone\n"
