"""The support ZIP (no secrets), its manifest, and crash dumps written by faulthandler."""

from __future__ import annotations

import io
import json
import signal
import zipfile

import httpx
import pytest

from host.native.support import REMOVED, redact_settings
from tests.waiting import REPLY_S

from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings
from ..server import HostProcess

SECRET_SETTINGS = {
    "update_source": "https://updater:hunter2@updates.example/releases.json?token=abc123",
    "api_key": "s3cret-value",
    "stream_password": "pa55word",
    "nested": {"refresh_token": "tok-456"},
}


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({"locale": "en"}, {"locale": "en"}),
        (
            {"api_key": "x", "PASSWORD": "y", "client_secret": "z"},
            {"api_key": REMOVED, "PASSWORD": REMOVED, "client_secret": REMOVED},
        ),
        (
            {"update_source": "https://u:p@h.example:8443/r.json?sig=1"},
            {"update_source": "https://h.example:8443/r.json"},
        ),
        (
            {"update_source": "https://h.example/r.json"},
            {"update_source": "https://h.example/r.json"},
        ),
        ({"mirrors": ["https://a:b@m.example/x"]}, {"mirrors": ["https://m.example/x"]}),
        (
            {"nested": {"auth_header": "Bearer x", "n": 1}},
            {"nested": {"auth_header": REMOVED, "n": 1}},
        ),
    ],
)
def test_redact_settings(settings: dict, expected: dict) -> None:  # type: ignore[type-arg]
    assert redact_settings(settings) == expected


def test_support_zip_has_logs_settings_without_secrets_and_a_system_summary(
    host: HostProcess, admin: httpx.Client
) -> None:
    assert confirmed_settings(host, SECRET_SETTINGS).status_code == 200
    try:
        answer = admin.get("/api/logs/export_crash")
        assert answer.headers["content-type"] == "application/zip"
        assert answer.headers["content-disposition"].startswith(
            'attachment; filename="helio-support-'
        )
        archive = zipfile.ZipFile(io.BytesIO(answer.content))
        names = archive.namelist()
        assert {"logs/helio.log", "settings.json", "system.txt"} <= set(names)
        everything = b"".join(archive.read(n) for n in names)
        for secret in ("hunter2", "abc123", "s3cret-value", "pa55word", "tok-456"):
            assert secret.encode() not in everything, secret
        settings = json.loads(archive.read("settings.json"))
        assert settings["update_source"] == "https://updates.example/releases.json"
        assert settings["api_key"] == REMOVED and settings["locale"] == "en"
        assert archive.read("system.txt").startswith(b"helio 0.1.0")
        manifest = admin.get("/api/logs/export_crash/manifest").json()
        assert manifest["status"] is True
        assert {f["name"] for f in manifest["files"]} == set(names)
        sizes = {f["name"]: f["size"] for f in manifest["files"]}
        assert sizes["settings.json"] == len(archive.read("settings.json"))
    finally:
        admin.patch(
            "/api/config",
            json={"update_source": "", "api_key": "", "stream_password": "", "nested": {}},
        )


def test_a_crash_leaves_a_dump_that_is_reported_until_dismissed(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        assert admin.get("/api/health/crashdump").json() == {
            "status": True,
            "notice": False,
            "dumps": [],
        }
    assert fresh_host.process is not None
    fresh_host.process.send_signal(
        signal.SIGSEGV
    )  # faulthandler writes the traceback, then it dies
    assert fresh_host.process.wait(timeout=REPLY_S) != 0
    fresh_host.start()
    with fresh_host.client(auth=ADMIN) as admin:
        report = admin.get("/api/health/crashdump").json()
        assert report["notice"] is True and len(report["dumps"]) == 1
        dump = report["dumps"][0]
        assert dump["dismissed"] is False and dump["size"] > 0
        text = (fresh_host.data_dir / "crashdumps" / dump["name"]).read_text()
        assert "Segmentation fault" in text
        archive = zipfile.ZipFile(io.BytesIO(admin.get("/api/logs/export_crash").content))
        assert f"crashdumps/{dump['name']}" in archive.namelist()
        assert admin.post("/api/health/crashdump/dismiss", json={}).json() == {
            "status": True,
            "dismissed": 1,
        }
        after = admin.get("/api/health/crashdump").json()
        assert after["notice"] is False and after["dumps"][0]["dismissed"] is True
    fresh_host.restart()  # a clean stop leaves no new dump
    with fresh_host.client(auth=ADMIN) as admin:
        assert len(admin.get("/api/health/crashdump").json()["dumps"]) == 1


def test_diagnostics_need_authentication(anon: httpx.Client) -> None:
    for path in (
        "/api/logs/export_crash",
        "/api/logs/export_crash/manifest",
        "/api/health/crashdump",
    ):
        assert_error(anon.get(path), 401)
    assert_error(anon.post("/api/health/crashdump/dismiss", json={}), 401)
