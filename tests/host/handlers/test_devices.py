"""Paired devices: list, update (name, permissions), disconnect (ends the stream), unpair, unpair-all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from host.core.state import StateDB
from host.native.server import STATE_NAME

from ..helpers import assert_error
from ..resources import admin_in_process
from ..server import HostProcess


def pair(ctx: Any, name: str, fingerprint: str) -> str:
    return ctx.clients.add(name, "-----BEGIN CERTIFICATE-----", fingerprint).uuid


@pytest.fixture
def paired(tmp_path: Path) -> Any:
    ctx, client = admin_in_process(tmp_path)
    with client:
        yield ctx, client, pair(ctx, "Deck", "aa" * 32), pair(ctx, "Phone", "bb" * 32)


def test_list_reports_permissions_and_streams(paired: Any) -> None:
    ctx, client, deck, phone = paired
    ctx.streams.put(deck, "normal", "active")
    clients = client.get("/api/clients/list").json()["clients"]
    assert [c["name"] for c in clients] == ["Deck", "Phone"]
    assert clients[0]["permissions"] == ["view", "launch", "input"]
    assert clients[0]["stream"]["state"] == "active" and clients[1]["stream"] is None
    assert "cert_pem" not in clients[0]


@pytest.mark.parametrize(
    ("change", "name", "permissions"),
    [
        ({"name": "Living room"}, "Living room", ["view", "launch", "input"]),
        ({"permissions": ["view"]}, "Deck", ["view"]),
        (
            {"permissions": ["input", "launch", "view", "clipboard"]},
            "Deck",
            ["view", "launch", "input", "clipboard"],
        ),
        ({"permissions": []}, "Deck", []),
        ({"name": " TV ", "permissions": "view,input"}, "TV", ["view", "input"]),
    ],
)
def test_update_name_and_permissions(
    paired: Any, change: dict[str, Any], name: str, permissions: list[str]
) -> None:
    ctx, client, deck, _ = paired
    updated = client.post("/api/clients/update", json={"uuid": deck, **change}).json()["client"]
    assert (updated["name"], updated["permissions"]) == (name, permissions)
    assert ctx.clients.get(deck).permissions == tuple(permissions)


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"permissions": ["fly"]}, 400, "unknown permissions: fly"),
        ({"permissions": "view", "name": ""}, 400, "name"),
        ({"name": 5}, 400, "name"),
        ({}, 400, "nothing to update"),
        ({"uuid": "NOT-PAIRED", "name": "x"}, 404, "no paired client"),
        ({"uuid": 7, "name": "x"}, 400, "uuid"),
    ],
)
def test_bad_updates_change_nothing(
    paired: Any, body: dict[str, Any], status: int, error: str
) -> None:
    ctx, client, deck, _ = paired
    before = ctx.clients.list()
    assert_error(client.post("/api/clients/update", json={"uuid": deck, **body}), status, error)
    assert ctx.clients.list() == before


def test_disconnect_ends_only_that_devices_stream(paired: Any) -> None:
    ctx, client, deck, phone = paired
    ctx.streams.put(deck, "normal", "active")
    ctx.streams.put(phone, "remote_monitor", "active")
    assert client.post("/api/clients/disconnect", json={"uuid": deck}).json() == {
        "status": True,
        "disconnected": deck,
    }
    assert [s.device for s in ctx.streams.list()] == [phone]
    assert len(ctx.clients.list()) == 2  # still paired
    assert_error(client.post("/api/clients/disconnect", json={"uuid": deck}), 400, "no stream")
    assert_error(client.post("/api/clients/disconnect", json={"uuid": "NOT-PAIRED"}), 404)
    assert_error(client.post("/api/clients/disconnect", json={}), 400, "uuid")


def test_unpair_forgets_the_device_and_ends_its_stream(paired: Any) -> None:
    ctx, client, deck, phone = paired
    ctx.streams.put(deck, "normal", "active")
    assert client.post("/api/clients/unpair", json={"uuid": deck}).json() == {
        "status": True,
        "unpaired": deck,
    }
    assert [c.uuid for c in ctx.clients.list()] == [phone] and ctx.streams.list() == []
    assert_error(client.post("/api/clients/unpair", json={"uuid": deck}), 404)


def test_unpair_all(paired: Any) -> None:
    ctx, client, deck, _ = paired
    ctx.streams.put(deck, "input_only", "active")
    assert client.post("/api/clients/unpair-all", json={}).json() == {"status": True, "unpaired": 2}
    assert ctx.clients.list() == [] and ctx.streams.list() == []
    assert client.post("/api/clients/unpair-all", json={}).json()["unpaired"] == 0


def test_over_https_with_the_hosts_own_database(fresh_host: HostProcess) -> None:
    db = StateDB(str(fresh_host.data_dir / STATE_NAME))
    try:
        from host.core.devices.clients import ClientStore

        device = ClientStore(db).add("Deck", "-----BEGIN CERTIFICATE-----", "cc" * 32).uuid
    finally:
        db.close()
    with fresh_host.client(auth=("admin", "correct horse battery staple")) as admin:
        assert [c["uuid"] for c in admin.get("/api/clients/list").json()["clients"]] == [device]
        assert (
            admin.post(
                "/api/clients/update", json={"uuid": device, "permissions": ["view"]}
            ).status_code
            == 200
        )
        assert admin.get("/api/clients/list").json()["clients"][0]["permissions"] == ["view"]
        assert admin.post("/api/clients/unpair", json={"uuid": device}).status_code == 200
        assert admin.get("/api/clients/list").json()["clients"] == []
    with fresh_host.client() as anon:
        assert_error(anon.get("/api/clients/list"), 401)


def test_device_routes_need_authentication(anon: httpx.Client) -> None:
    for path in (
        "/api/clients/update",
        "/api/clients/disconnect",
        "/api/clients/unpair",
        "/api/clients/unpair-all",
    ):
        assert_error(anon.post(path, json={}), 401)
