"""The streaming ports on a real host: client-certificate identity, /serverinfo, plain HTTP."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from host.core.devices.clients import ClientStore
from host.core.state import StateDB

from ..conftest import ADMIN
from ..devices import Device, device_client, make_device, plain_client, provision
from ..server import HostProcess, running_host

MOONLIGHT_FIELDS = (
    "hostname",
    "appversion",
    "GfeVersion",
    "uniqueid",
    "HttpsPort",
    "ExternalPort",
    "MaxLumaPixelsHEVC",
    "mac",
    "LocalIP",
    "ServerCodecModeSupport",
    "PairStatus",
    "currentgame",
    "state",
    "HardwareMetricsVersion",
)


@pytest.fixture(scope="module")
def shost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("tls") / "data", credentials=ADMIN) as process:
        with process.client(auth=ADMIN) as admin:
            assert admin.patch("/api/config", json={"hardware_metrics": True}).status_code == 200
        yield process


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("certs")


def serverinfo(client: httpx.Client) -> dict[str, str]:
    answer = client.get("/serverinfo", params={"uniqueid": "0123456789ABCDEF"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith(
        "application/xml"
    )
    assert answer.headers["cache-control"] == "no-store"
    root = ET.fromstring(answer.text)
    assert root.tag == "root" and root.get("status_code") == "200"
    return {child.tag: child.text or "" for child in root}


def cannot_connect(host: HostProcess, device: Device) -> bool:
    try:
        with device_client(host, device) as client:
            client.get("/serverinfo")
    except (httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError):
        return True
    return False


def test_serverinfo_has_every_field_moonlight_reads(shost: HostProcess) -> None:
    with plain_client(shost) as client:
        info = serverinfo(client)
    assert set(MOONLIGHT_FIELDS) <= set(info)
    assert info["appversion"].startswith("7.") and info["state"] == "SUNSHINE_SERVER_FREE"
    assert (info["HttpsPort"], info["ExternalPort"]) == (
        str(shost.base_port - 5),
        str(shost.base_port),
    )
    assert info["PairStatus"] == "0" and info["HardwareMetricsVersion"] == "0"


@pytest.mark.parametrize(
    ("permissions", "pair_status", "metrics_version"),
    [(None, "1", "1"), ("view", "1", "1"), ("launch", "1", "1"), ("input,clipboard", "1", "0")],
)
def test_https_serverinfo_for_a_paired_device(
    shost: HostProcess, certs: Path, permissions: str | None, pair_status: str, metrics_version: str
) -> None:
    device = make_device(certs, f"paired-{permissions}")
    provision(shost, device, "Phone", permissions)
    with device_client(shost, device) as client:
        info = serverinfo(client)
    assert (info["PairStatus"], info["HardwareMetricsVersion"]) == (pair_status, metrics_version)
    with plain_client(shost) as client:  # plain HTTP always reports 0, whoever asks
        assert serverinfo(client)["HardwareMetricsVersion"] == "0"


def test_metrics_version_follows_the_setting(shost: HostProcess, certs: Path) -> None:
    device = make_device(certs, "setting")
    provision(shost, device, "Phone")
    with shost.client(auth=ADMIN) as admin, device_client(shost, device) as client:
        admin.patch("/api/config", json={"hardware_metrics": False})
        assert serverinfo(client)["HardwareMetricsVersion"] == "0"
        admin.patch("/api/config", json={"hardware_metrics": True})
        assert serverinfo(client)["HardwareMetricsVersion"] == "1"


def test_https_without_a_certificate_is_not_a_device(shost: HostProcess) -> None:
    with device_client(shost, None) as client:
        info = serverinfo(client)
        assert (info["PairStatus"], info["HardwareMetricsVersion"]) == ("0", "0")
        answer = client.get("/api/hardware-metrics")
    assert (
        answer.status_code == 403
        and answer.json()["error"] == "An authenticated viewer is required"
    )


def test_an_unpaired_certificate_fails_the_handshake(shost: HostProcess, certs: Path) -> None:
    stranger = make_device(certs, "stranger")
    assert cannot_connect(shost, stranger)
    provision(shost, stranger, "Now paired")  # takes effect at the next connection, no restart
    assert not cannot_connect(shost, stranger)


def test_a_revoked_device_is_refused_on_its_open_connection_and_at_the_next_handshake(
    shost: HostProcess, certs: Path
) -> None:
    device = make_device(certs, "revoked")
    uuid = provision(shost, device, "Old tablet")
    with device_client(shost, device) as client:
        assert serverinfo(client)["PairStatus"] == "1"
        db = StateDB(str(shost.data_dir / "state.db"))
        ClientStore(db).remove(uuid)  # what unpairing does to the store
        db.close()
        # Same keep-alive connection: identity is looked up per request.
        assert serverinfo(client)["PairStatus"] == "0"
        answer = client.get("/api/hardware-metrics")
        assert (
            answer.status_code == 403
            and answer.json()["error"] == "An authenticated viewer is required"
        )
    assert cannot_connect(shost, device)


def test_plain_http_serves_only_serverinfo_and_pair(shost: HostProcess) -> None:
    with plain_client(shost) as client:
        for path in ("/api/hardware-metrics", "/api/config", "/anything"):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert answer.headers["cache-control"] == "no-store" and "error" in answer.json()


def test_simulator_routes_do_not_exist_without_the_flag(shost: HostProcess) -> None:
    with shost.client(auth=ADMIN) as admin, shost.client() as anon:
        assert anon.get("/api/debug/streams").status_code == 401
        for method, path in (
            ("GET", "/api/debug/streams"),
            ("POST", "/api/debug/streams"),
            ("DELETE", "/api/debug/streams/X"),
        ):
            assert (
                admin.request(method, path, json={} if method == "POST" else None).status_code
                == 404
            ), (method, path)


def test_uniqueid_is_stable_across_restarts(tmp_path: Path) -> None:
    with running_host(tmp_path / "data") as host:
        with plain_client(host) as client:
            first = serverinfo(client)["uniqueid"]
        host.restart()
        with plain_client(host) as client:
            assert serverinfo(client)["uniqueid"] == first


def test_cli_pair_refuses_bad_input(tmp_path: Path) -> None:
    import subprocess
    import sys

    from ..server import ROOT

    (tmp_path / "junk.pem").write_text("not a certificate")
    device = make_device(tmp_path, "ok")
    base = [
        sys.executable,
        "-m",
        "host",
        "pair",
        "--data-dir",
        str(tmp_path / "data"),
        "--name",
        "x",
    ]
    bad_cert = subprocess.run(
        [*base, "--cert", str(tmp_path / "junk.pem")], cwd=ROOT, capture_output=True, text=True
    )
    assert bad_cert.returncode != 0 and "not a usable client certificate" in bad_cert.stderr
    bad_perm = subprocess.run(
        [*base, "--cert", str(device.cert_path), "--permissions", "view,fly"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert bad_perm.returncode != 0 and "fly" in bad_perm.stderr
    good = subprocess.run(
        [*base, "--cert", str(device.cert_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    db = StateDB(str(tmp_path / "data" / "state.db"))
    client = ClientStore(db).get(good.stdout.strip())
    db.close()
    assert (
        client.permissions == ("view", "launch", "input")
        and client.cert_fingerprint == device.fingerprint
    )
