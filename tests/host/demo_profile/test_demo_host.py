"""The host's demo profile enforces the native auth rules and keeps what a visitor changes.

These run natively and, unchanged, inside Pyodide (tests/host/test_in_pyodide.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from host.core.auth import passwords
from host.demo_profile import DEMO_PASSWORD, DEMO_PBKDF2_ITERATIONS

from .client import HostClient, fresh_host, restarted


@pytest.fixture
def client() -> Iterator[HostClient]:
    made = HostClient(fresh_host())
    yield made
    made.host.close()


def test_sign_in_answers_bearer_tokens_and_they_authenticate(client: HostClient) -> None:
    assert client.request("GET", "/api/apps").status == 401
    reply = client.sign_in()
    assert reply.status == 200
    body = reply.json()
    assert body["token_type"] == "Bearer" and body["access_token"] and body["refresh_token"]
    apps = client.request("GET", "/api/apps").json()["apps"]
    assert [a["name"] for a in apps] == ["Desktop", "Steam Big Picture", "Celeste"]


def test_every_seeded_app_with_an_image_has_its_cover(client: HostClient) -> None:
    """The Apps page asks for each app's cover: a missing one is a console error."""
    client.sign_in()
    apps = client.request("GET", "/api/apps").json()["apps"]
    with_image = [a for a in apps if a.get("image-path")]
    assert with_image
    for app in with_image:
        answer = client.request("GET", f"/api/apps/{app['uuid']}/cover")
        assert answer.status == 200, (app["name"], answer.body)


def test_the_app_list_says_which_covers_are_missing(client: HostClient) -> None:
    client.sign_in()
    added = client.change("POST", "/api/apps", {"name": "Gone", "image-path": "gone.png"})
    assert added.status == 200, added.body
    listed = {a["name"]: a["has-cover"] for a in client.request("GET", "/api/apps").json()["apps"]}
    assert listed == {"Desktop": True, "Steam Big Picture": False, "Celeste": False, "Gone": False}
    # The console sends an app back as listed: the flag is the host's, never stored.
    gone = added.json()["app"]
    edited = client.change("POST", "/api/apps", {**gone, "has-cover": True})
    assert edited.status == 200 and "has-cover" not in edited.json()["app"]


def test_a_wrong_password_is_refused(client: HostClient) -> None:
    reply = client.sign_in("wrong")
    assert reply.status == 401
    assert reply.json() == {
        "status": False,
        "error": "Invalid username or password",
        "code": "auth.bad_credentials",
        "params": {},
    }


def test_refresh_in_the_json_body_rotates_tokens(client: HostClient) -> None:
    refresh = client.sign_in().json()["refresh_token"]
    rotated = client.request("POST", "/api/auth/refresh", {"refresh_token": refresh})
    assert rotated.status == 200, rotated.body
    assert rotated.json()["refresh_token"] != refresh
    again = client.request("POST", "/api/auth/refresh", {"refresh_token": refresh})
    assert again.status == 401  # a reused refresh token is theft: refused


def test_session_state_changes_need_the_csrf_token(client: HostClient) -> None:
    client.sign_in()
    missing = client.request("PATCH", "/api/config", {"locale": "de"})
    assert missing.status == 403
    assert "X-CSRF-Token" in missing.json()["error"]
    assert client.change("PATCH", "/api/config", {"locale": "de"}).status == 200


def test_a_foreign_origin_cannot_change_state(client: HostClient) -> None:
    client.sign_in()
    foreign = client.request(
        "PATCH",
        "/api/config",
        {"locale": "de"},
        {"x-csrf-token": client.csrf or "", "origin": "https://evil.example"},
    )
    assert foreign.status == 403
    assert foreign.json()["error"] == (
        "Origin https://evil.example is not allowed to change state on this host"
    )
    own = client.request(
        "PATCH",
        "/api/config",
        {"locale": "de"},
        {"x-csrf-token": client.csrf or "", "origin": "https://localhost:47990"},
    )
    assert own.status == 200


def test_scoped_tokens_reach_only_their_scopes(client: HostClient) -> None:
    client.sign_in()
    created = client.change(
        "POST", "/api/token", {"scopes": [{"path": "/api/apps", "methods": ["GET"]}]}
    )
    assert created.status == 200, created.body
    token = created.json()["token"]
    assert client.request("GET", "/api/apps", bearer=token).status == 200
    assert client.request("GET", "/api/config", bearer=token).status == 401
    refused = client.request("POST", "/api/apps", {"name": "x"}, bearer=token)
    assert refused.status == 401
    assert refused.json()["error"] == "This token does not grant POST /api/apps"


def test_failed_sign_ins_are_rate_limited(client: HostClient) -> None:
    for _ in range(10):
        assert client.sign_in("wrong").status == 401
    limited = client.sign_in()
    assert limited.status == 429
    assert limited.json()["error"] == "Too many failed sign-in attempts; try again later"


def test_what_a_visitor_changes_survives_a_restart(client: HostClient) -> None:
    client.sign_in(remember_me=True)
    assert client.change("POST", "/api/apps", {"name": "Hades"}).status == 200
    token = client.change(
        "POST", "/api/token", {"scopes": [{"path": "/api/apps", "methods": ["GET"]}]}
    ).json()
    assert client.change("PATCH", "/api/config", {"locale": "fr"}).status == 200
    assert client.host.dirty()

    again = HostClient(restarted(client.host))
    again.access, again.csrf = client.access, client.csrf  # the console kept its tokens
    names = [a["name"] for a in again.request("GET", "/api/apps").json()["apps"]]
    assert "Hades" in names
    hashes = [t["hash"] for t in again.request("GET", "/api/tokens").json()["tokens"]]
    assert token["hash"] in hashes
    assert again.request("GET", "/api/apps", bearer=token["token"]).status == 200
    assert again.request("GET", "/api/config").json()["locale"] == "fr"
    again.host.close()


def test_a_fresh_host_is_not_dirty_after_its_image_is_taken() -> None:
    host = fresh_host()
    host.image()
    client = HostClient(host)
    client.request("GET", "/api/auth/status")
    assert not host.dirty()
    host.close()


def test_launching_is_simulated_and_says_so(client: HostClient) -> None:
    client.sign_in()
    launched = client.change("POST", "/api/apps/launch", {"id": 1})
    assert launched.status == 200, launched.body
    assert "simulated" in launched.body.decode()
    busy = client.change("POST", "/api/apps/launch", {"id": 2})
    assert busy.status == 400 and "close it first" in busy.json()["error"]
    assert client.change("POST", "/api/apps/close").status == 200


def test_probe_browse_and_updates_say_they_are_simulated(client: HostClient) -> None:
    client.sign_in()
    metadata = client.request("GET", "/api/metadata").json()
    assert metadata["hostname"] == "Helio demo (in your browser)"  # not Pyodide's "emscripten"
    assert metadata["codec"] == {
        "state": "ready",
        "encoders": [{"kind": "simulated", "device": "browser demo: nothing is encoded"}],
    }
    browsed = client.request("GET", "/api/browse").json()
    assert browsed["simulated"] is True and browsed["path"] == "/home/player"
    assert [e["name"] for e in browsed["entries"]] == ["Games", "helio.log"]
    games = client.request("GET", "/api/browse?path=/home/player/Games").json()
    assert [e["name"] for e in games["entries"]] == ["Celeste", "Hades"]
    assert client.request("GET", "/api/browse?path=/etc").status == 404
    check = client.change("POST", "/api/updates/check")
    assert check.status == 400
    assert check.json()["error"] == (
        "Updates are not available in the browser demo: nothing runs on a PC"
    )


def test_a_fresh_host_opens_without_hashing_and_its_seed_record_checks_the_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Opening the demo host is on the path of the console's first answer: its seed
    carries the demo password's record, so no PBKDF2 runs until someone signs in, and
    sign-in checks the password against that record as against any other."""
    hashed: list[int] = []
    real = passwords._pbkdf2

    def counted(password: bytes, salt: bytes, iterations: int) -> bytes:
        hashed.append(iterations)
        return real(password, salt, iterations)

    monkeypatch.setattr(passwords, "_pbkdf2", counted)
    client = HostClient(fresh_host())
    try:
        assert hashed == []
        record = client.host.db.get_json("credentials")["password_hash"]
        assert record.startswith(f"pbkdf2_sha256${DEMO_PBKDF2_ITERATIONS}$")
        assert DEMO_PASSWORD not in client.host.image().decode("latin-1")
        assert client.sign_in("helio-dem0").status == 401
        assert client.sign_in("helio-demo").status == 200  # the landing page's password
        assert hashed == [DEMO_PBKDF2_ITERATIONS, DEMO_PBKDF2_ITERATIONS]
    finally:
        client.host.close()


def test_password_change_uses_the_documented_demo_cost(client: HostClient) -> None:
    client.sign_in()
    changed = client.change(
        "POST",
        "/api/password",
        {
            "currentUsername": "admin",
            "currentPassword": "helio-demo",
            "newPassword": "n3w-secret",
            "confirmNewPassword": "n3w-secret",
        },
    )
    assert changed.status == 200, changed.body
    record = client.host.db.get_json("credentials")["password_hash"]
    assert record.startswith(f"pbkdf2_sha256${DEMO_PBKDF2_ITERATIONS}$")
    assert "n3w-secret" not in client.host.image().decode("latin-1")
    assert client.sign_in("n3w-secret").status == 200


def _pair(client: HostClient) -> str:
    begun = client.request("POST", "/demo/devices/pair", {"name": "Console"}).json()
    client.change("POST", "/api/pin", {"pin": begun["pin"]})
    return str(client.request("GET", f"/demo/devices/pair/{begun['request']}").json()["device"])


def test_a_simulated_device_pairs_with_the_pin_and_streams(client: HostClient) -> None:
    client.sign_in()
    begun = client.request("POST", "/demo/devices/pair", {"name": "Living room TV"}).json()
    assert begun["simulated"] is True and len(begun["pin"]) == 4
    pending = client.request("GET", "/api/clients/pending").json()["pending"]
    assert [p["device_name"] for p in pending] == ["Living room TV"]
    waiting = client.request("GET", f"/demo/devices/pair/{begun['request']}").json()
    assert waiting["phase"] == "pending"

    entered = client.change("POST", "/api/pin", {"pin": begun["pin"], "name": "TV"})
    assert entered.status == 200, entered.body
    # The device answers inside the host, whether or not anyone polls its page.
    followed = client.request("GET", f"/api/clients/pending/{begun['request']}").json()
    assert followed["request"]["outcome"] == "paired"
    assert [c["name"] for c in client.request("GET", "/api/clients/list").json()["clients"]] == [
        "TV"
    ]
    paired = client.request("GET", f"/demo/devices/pair/{begun['request']}").json()
    assert paired["phase"] == "paired"
    device = paired["device"]

    clients = client.request("GET", "/api/clients/list").json()
    assert [c["name"] for c in clients["clients"]] == ["TV"]
    streams = client.request("GET", "/api/debug/streams").json()["streams"]
    assert [(s["device"], s["state"]) for s in streams] == [(device, "active")]


@pytest.mark.skipif(
    sys.platform == "emscripten",
    reason="the metrics cache awaits a sampling task: needs the event loop the worker has "
    "(tests/demo/host covers it in Chromium), not a hand-stepped coroutine",
)
def test_a_paired_streaming_device_reads_simulated_metrics(client: HostClient) -> None:
    client.sign_in()
    device = _pair(client)
    metrics = client.request("GET", f"/demo/devices/{device}/hardware-metrics")
    assert metrics.status == 200, metrics.body
    gpu = metrics.json()["gpus"][0]
    assert gpu["name"] == "Simulated GPU" and 0 <= gpu["metrics"]["gpu_usage_percent"] <= 100


def test_a_wrong_pin_fails_the_pairing(client: HostClient) -> None:
    client.sign_in()
    begun = client.request("POST", "/demo/devices/pair", {"name": "Phone"}).json()
    wrong = "0000" if begun["pin"] != "0000" else "1111"
    assert client.change("POST", "/api/pin", {"pin": wrong}).status == 200
    followed = client.request("GET", f"/api/clients/pending/{begun['request']}").json()
    assert followed["request"]["outcome"] == "wrong_pin"
    failed = client.request("GET", f"/demo/devices/pair/{begun['request']}").json()
    assert (failed["phase"], failed["outcome"]) == ("failed", "wrong_pin")
    assert client.request("GET", "/api/clients/list").json()["clients"] == []


def test_an_unpaired_device_gets_no_metrics(client: HostClient) -> None:
    reply = client.request("GET", "/demo/devices/nobody/hardware-metrics")
    assert reply.status == 403


def test_covers_follow_the_native_upload_rules_and_outlive_a_restart(client: HostClient) -> None:
    import base64

    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
    client.sign_in()
    not_image = {"key": "k", "data": base64.b64encode(b"<svg></svg>").decode()}
    refused = client.change("POST", "/api/covers/upload", not_image)
    assert refused.status == 400
    assert refused.json()["error"] == "The data is not a PNG, JPEG, WebP or GIF image"
    upload = {"key": "../../Hero Art", "data": base64.b64encode(png).decode()}
    saved = client.change("POST", "/api/covers/upload", upload)
    assert saved.status == 200 and saved.json()["key"] == "hero-art"
    again = HostClient(restarted(client.host))
    again.access = client.access
    try:
        served = again.request("GET", "/api/covers/hero-art")
        assert served.status == 200 and served.body == png
        assert dict(served.headers)["content-type"] == "image/png"
    finally:
        again.host.close()


def test_a_built_manifests_list_of_addresses_gives_the_hosts_port() -> None:
    """A built manifest lists a service's addresses (one per Compose name and port); the
    flagship answered every request 500 ("unhashable type: 'list'") when it got one."""
    from demo.runtime.asgi_service import HostedContext
    from host.demo_profile.app import create_demo_host

    host = create_demo_host(HostedContext("host", {"address": ["https://host:45001"]}, None))
    try:
        assert host.ctx.https_port == 45001
    finally:
        host.close()


def test_displays_show_a_simulated_monitor_with_modes_and_a_virtual_display(
    client: HostClient,
) -> None:
    client.sign_in()
    answer = client.request("GET", "/api/display-devices").json()
    assert "simulated" in answer["platform"] and answer["simulated"] is True
    monitor, virtual = answer["devices"]
    assert monitor["connected"] and not monitor["virtual"]
    assert monitor["edid"]["name"] == "Simulated 27in"
    assert len(monitor["modes"]) >= 4 and monitor["resolutions"][0] == "2560x1440"
    assert 144.0 in monitor["refresh_rates"]
    assert virtual["virtual"] and virtual["modes"]
    metadata = client.request("GET", "/api/metadata").json()
    assert metadata["virtual_display"]["supported"] is True
    assert [d["id"] for d in metadata["displays"]] == [monitor["device_id"], virtual["device_id"]]
    # A layout is stored against the simulated monitor's modes, as natively.
    layout = {"device_id": monitor["device_id"], "resolution": "1920x1080", "refresh_hz": 60}
    assert client.change("PUT", "/api/clients/display-layout", layout).status == 200
    removed = client.change(
        "POST", "/api/display/terminate_virtual", {"device_id": virtual["device_id"]}
    )
    assert removed.json()["terminated"] == [virtual["device_id"]]
    left = client.request("GET", "/api/display-devices").json()["devices"]
    assert [d["device_id"] for d in left] == [monitor["device_id"]]
    # The browser stops an idle worker without the visitor seeing it: the removed display
    # stays removed in the host the next start builds, and the monitor keeps its id.
    again = HostClient(restarted(client.host))
    again.access, again.csrf = client.access, client.csrf
    try:
        after = again.request("GET", "/api/display-devices").json()["devices"]
        assert [d["device_id"] for d in after] == [monitor["device_id"]]
        gone = again.change("POST", "/api/display/terminate_virtual", {})
        assert gone.status == 400 and "removed already" in gone.json()["error"]
    finally:
        again.host.close()


def test_steam_and_lutris_list_the_simulated_library_and_sync_its_covers(
    client: HostClient,
) -> None:
    client.sign_in()
    steam = client.request("GET", "/api/storefront/status").json()
    assert steam["installed"] and "simulated-pc" in steam["path"]
    assert steam["client"].endswith("simulated-pc/bin/steam")  # the simulated PC's program
    assert steam["simulated"] is True
    assert client.request("GET", "/api/libmgr/status").json()["simulated"] is True
    assert (steam["game_count"], steam["installed_count"]) == (3, 2)
    sizes = [
        g["size_on_disk"] for g in client.request("GET", "/api/storefront/games").json()["games"]
    ]
    assert sizes == [0, 7.5 * 2**30, round(1.2 * 2**30)]
    games = client.request("GET", "/api/storefront/games").json()["games"]
    assert all(g["name"].endswith("(simulated)") for g in games)
    lutris = client.request("GET", "/api/libmgr/games").json()["games"]
    assert [g["name"] for g in lutris] == ["Lighthouse Keeper (simulated)"]
    installed = next(g for g in games if g["installed"])
    refused = client.change("POST", "/api/storefront/launch", {"appid": installed["id"]})
    assert refused.status == 400 and "browser demo" in refused.json()["error"]
    assert client.change("POST", "/api/storefront/force_sync", {}).status == 200
    assert client.change("POST", "/api/libmgr/force_sync", {}).status == 200
    apps = client.request("GET", "/api/apps").json()["apps"]
    synced = [a for a in apps if a["name"].endswith("(simulated)")]
    assert len(synced) == 3  # the installed games: two from Steam, one from Lutris
    assert all(a["has-cover"] for a in synced)
    for app in synced:  # the Apps page shows each cover: no 404 in its console
        cover = client.request("GET", f"/api/apps/{app['uuid']}/cover")
        assert cover.status == 200, (app["name"], cover.body)
        assert cover.body.startswith(b"\x89PNG")


HELPER_REPORTS = (
    "/api/frame-limiter/status",
    "/api/overlay_limiter/status",
    "/api/upscaler/status",
    "/api/health/vulkan-hdr-layer",
)


def test_helpers_are_found_in_the_simulated_pc(client: HostClient) -> None:
    """The real toolbox finds the simulated PC's programs and layer; paths say simulated."""
    client.sign_in()
    overlay = client.request("GET", "/api/overlay_limiter/status").json()
    assert overlay["installed"] and "/simulated-pc/bin/" in overlay["binary"]
    assert overlay["layer"]["library_exists"] is True
    upscalers = client.request("GET", "/api/upscaler/status").json()["tools"]
    assert [t["name"] for t in upscalers if t["installed"]] == ["gamescope"]
    hdr = client.request("GET", "/api/health/vulkan-hdr-layer").json()
    assert (hdr["installed"], hdr["registered"]) == (True, False)
    # Each report says it is simulated (the Helpers page's line comes from this field).
    for path in HELPER_REPORTS:
        assert client.request("GET", path).json()["simulated"] is True, path
    registered = client.change("POST", "/api/health/vulkan-hdr-layer/register", {})
    assert registered.status == 200 and registered.json()["changed"] is True
    assert client.request("GET", "/api/health/vulkan-hdr-layer").json()["registered"] is True
    again = HostClient(restarted(client.host))  # the next start writes the layer again
    again.access, again.csrf = client.access, client.csrf
    try:
        hdr_after = again.request("GET", "/api/health/vulkan-hdr-layer").json()
        assert (hdr_after["installed"], hdr_after["registered"]) == (True, True)
    finally:
        again.host.close()
    launched = client.change("POST", "/api/libmgr/launch", {"mode": "desktop"})
    assert launched.status == 400 and "browser demo" in launched.json()["error"]
