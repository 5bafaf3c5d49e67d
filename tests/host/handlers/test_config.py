"""GET/POST/PATCH /api/config: merge, validation, persistence."""

from __future__ import annotations

import httpx
import pytest

from host.core.settings import SETTINGS

from ..helpers import assert_error, confirmed_settings
from ..server import HostProcess


def test_every_setting_is_reported_with_its_default(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=("admin", "correct horse battery staple")) as admin:
        config = admin.get("/api/config").json()
    assert config["status"] is True
    for setting in SETTINGS:
        assert config[setting.name] == setting.default
    assert config["origin_web_ui_allowed"] == "lan" and config["csrf_allowed_origins"] == []


def test_post_and_patch_merge_and_persist_across_restart(fresh_host: HostProcess) -> None:
    auth = ("admin", "correct horse battery staple")
    with fresh_host.client(auth=auth) as admin:
        assert admin.post("/api/config", json={"locale": "de"}).json() == {
            "status": True,
            "restart_required": True,
            "unused": [],
        }
        assert (
            admin.patch(
                "/api/config", json={"hardware_metrics": True, "custom_key": {"x": 1}}
            ).status_code
            == 200
        )
    fresh_host.restart()
    with fresh_host.client(auth=auth) as admin:
        config = admin.get("/api/config").json()
    assert config["locale"] == "de" and config["hardware_metrics"] is True
    assert config["custom_key"] == {"x": 1}  # unknown keys are kept as given
    assert config["origin_web_ui_allowed"] == "lan"


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"origin_web_ui_allowed": "internet"}, "origin_web_ui_allowed"),
        ({"csrf_allowed_origins": "https://a.example"}, "csrf_allowed_origins"),
        ({"csrf_allowed_origins": ["https://a.example/path"]}, "csrf_allowed_origins"),
        ({"csrf_allowed_origins": ["a.example"]}, "csrf_allowed_origins"),
        ({"hardware_metrics": "yes"}, "hardware_metrics"),
        ({"hardware_metrics_interval": 499}, "hardware_metrics_interval"),
        ({"hardware_metrics_interval": 10_001}, "hardware_metrics_interval"),
        ({"hardware_metrics_interval": True}, "hardware_metrics_interval"),
        ({"hardware_metrics_selection": ["gpu_magic"]}, "hardware_metrics_selection"),
        ({"login_max_failures": 0}, "login_max_failures"),
        ({"capture": "dxgi"}, "capture"),
        ({"encoder": "quicksync"}, "encoder"),
        ({"update_source": "ftp://mirror.example/releases.json"}, "update_source"),
        ({"update_source": "relative/folder"}, "update_source"),
        ({"update_source": 5}, "update_source"),
        ({"status": False}, "status"),
    ],
)
def test_a_bad_value_is_400_naming_the_key_and_saves_nothing(
    admin: httpx.Client, change: dict, key: str
) -> None:  # type: ignore[type-arg]
    before = admin.get("/api/config").json()
    answer = admin.patch("/api/config", json={"locale": "changed", **change})
    assert_error(answer, 400, key)
    assert admin.get("/api/config").json() == before


def test_config_body_must_be_a_json_object(admin: httpx.Client) -> None:
    assert_error(admin.post("/api/config", json=[1, 2]), 400, "object")
    assert_error(
        admin.post("/api/config", content=b"locale=de", headers={"content-type": "text/plain"}), 415
    )


def test_config_locale_is_public(anon: httpx.Client) -> None:
    assert anon.get("/api/configLocale").json() == {"status": True, "locale": "en"}


@pytest.mark.parametrize(
    "source",
    [
        "",
        "https://updates.example/helio/releases.json",
        "http://127.0.0.1:8000/helio",
        "/srv/helio-releases",
        "C:\\Helio\\releases",
    ],
)
def test_update_source_accepts_urls_and_absolute_folders(
    host: HostProcess, admin: httpx.Client, source: str
) -> None:
    assert confirmed_settings(host, {"update_source": source}).status_code == 200
    assert admin.get("/api/config").json()["update_source"] == source
    admin.patch("/api/config", json={"update_source": ""})
