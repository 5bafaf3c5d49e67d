"""Pairing on a real host, the way a Moonlight client does it, then using the pairing."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from cryptography.hazmat.primitives import serialization

from host.core.pairing.broker import otp_auth
from tests.waiting import REPLY_S

from ..conftest import ADMIN
from ..devices import device_client, make_device, plain_client
from ..helpers import assert_error
from ..moonlight import (
    UNIQUEID,
    MoonlightPairing,
    PairingFailed,
    paired_names,
    parse,
    plain_url,
    wait_pending,
)
from ..server import HostProcess, running_host


@pytest.fixture(scope="module")
def shost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("pairing") / "data", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def admin(shost: HostProcess) -> Iterator[httpx.Client]:
    with shost.client(auth=ADMIN) as client:
        yield client


def test_full_moonlight_handshake_with_the_pin_from_the_console(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    device = make_device(tmp_path, "moonlight")
    pairing = MoonlightPairing(shost, device, pin="4711")
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(pairing.get_server_cert)  # waits on the host for the PIN
        pending = wait_pending(admin)
        assert pending[0]["device_name"] == "roth" and pending[0]["phase"] == "pending"
        answer = admin.post("/api/pin", json={"pin": "4711", "name": "Living room TV"})
        assert answer.status_code == 200, answer.text
        pairing.finish(first.result())
    # The plaincert Moonlight pins is the certificate the streaming HTTPS port presents.
    host_cert = (shost.data_dir / "cert.pem").read_bytes()
    assert pairing.server_cert is not None
    assert pairing.server_cert.public_bytes(serialization.Encoding.PEM) == host_cert
    assert "Living room TV" in paired_names(admin, shost)
    assert admin.get("/api/clients/pending").json()["pending"] == []
    with device_client(shost, device) as client:
        root = ET.fromstring(client.get("/serverinfo").text)
    assert root.findtext("PairStatus") == "1"
    assert root.findtext("HardwareMetricsVersion") == "0"  # hardware_metrics is off by default
    admin.patch("/api/config", json={"hardware_metrics": True})
    with device_client(shost, device) as client:  # default permissions include view and launch
        assert (
            ET.fromstring(client.get("/serverinfo").text).findtext("HardwareMetricsVersion") == "1"
        )
    admin.patch("/api/config", json={"hardware_metrics": False})


def test_a_wrong_pin_fails_and_pairs_nothing(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    device = make_device(tmp_path, "typo")
    pairing = MoonlightPairing(shost, device, pin="1111")
    before = paired_names(admin, shost)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(pairing.get_server_cert)
        wait_pending(admin)
        entered = admin.post("/api/pin", json={"pin": "2222", "name": "Typo"})
        assert entered.status_code == 200
        request_id = entered.json()["request"]["id"]
        with pytest.raises(PairingFailed, match="incorrect PIN"):
            pairing.finish(first.result())
    assert paired_names(admin, shost) == before
    with device_client(shost, None) as client:
        assert ET.fromstring(client.get("/serverinfo").text).findtext("PairStatus") == "0"
    # The console follows the request by id: the device's "Incorrect PIN" is the outcome.
    followed = admin.get(f"/api/clients/pending/{request_id}").json()["request"]
    assert (followed["phase"], followed["outcome"]) == ("failed", "wrong_pin")
    log = (shost.data_dir / "helio.log").read_text()
    assert f"Pairing request {request_id} from Typo (roth), 127.0.0.1, failed: wrong PIN" in log
    assert "2222" not in log


def test_each_outcome_is_followed_by_id_and_logged(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    device = make_device(tmp_path, "ok")
    pairing = MoonlightPairing(shost, device, pin="5813")
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(pairing.get_server_cert)
        [waiting] = wait_pending(admin)
        before = admin.get(f"/api/clients/pending/{waiting['id']}").json()["request"]
        assert (before["phase"], before["outcome"]) == ("pending", "waiting")
        admin.post("/api/pin", json={"pin": "5813", "name": "Den"})
        pairing.finish(first.result())
    paired = admin.get(f"/api/clients/pending/{waiting['id']}").json()["request"]
    assert (paired["phase"], paired["outcome"], paired["name"]) == ("paired", "paired", "Den")

    # A device that cancels after the PIN, before any proof: it gave up.
    quitter = MoonlightPairing(shost, make_device(tmp_path, "quit"), pin="1234")
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(quitter.get_server_cert)
        [waiting] = wait_pending(admin)
        admin.post("/api/pin", json={"pin": "1234", "id": waiting["id"]})
        first.result()
        with quitter.client() as client:
            client.get(f"{plain_url(shost)}/unpair?uniqueid={UNIQUEID}")
    gave_up = admin.get(f"/api/clients/pending/{waiting['id']}").json()["request"]
    assert gave_up["outcome"] == "gave_up"
    log = (shost.data_dir / "helio.log").read_text()
    assert f"Pairing request {paired['id']} from Den (roth), 127.0.0.1, paired" in log
    assert (
        f"Pairing request {waiting['id']} from roth, 127.0.0.1, failed: the device gave up" in log
    )
    # Not as a substring: the log's random hex ids (request ids, certificate hashes)
    # hold any four digits now and then.
    for pin in ("5813", "1234"):
        assert not re.search(rf"(?<![0-9A-Fa-f]){pin}(?![0-9A-Fa-f])", log), pin

    unknown = admin.get("/api/clients/pending/no-such-request")
    assert_error(unknown, 404)


def test_pairing_with_a_one_time_pin_needs_no_console_step(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    answer = admin.post("/api/otp", json={"passphrase": "blue whale", "name": "Tablet"})
    assert answer.status_code == 200, answer.text
    otp = answer.json()
    assert len(otp["otp"]) == 4 and otp["expires_in"] > 0
    device = make_device(tmp_path, "otp")
    pairing = MoonlightPairing(shost, device, pin=otp["otp"])
    pairing.otpauth = otp_auth(otp["otp"], pairing.salt.hex(), "blue whale")
    pairing.finish(pairing.get_server_cert(timeout=REPLY_S))
    assert "Tablet" in paired_names(admin, shost)
    # Used up: the same one-time PIN does not pair a second device.
    again = MoonlightPairing(shost, make_device(tmp_path, "otp2"), pin=otp["otp"])
    again.otpauth = otp_auth(otp["otp"], again.salt.hex(), "blue whale")
    assert again.get_server_cert(timeout=REPLY_S)["paired"] == "0"


def test_phases_without_a_pairing_in_progress_are_refused(shost: HostProcess) -> None:
    with plain_client(shost) as client:
        answer = client.get(
            "/pair", params={"uniqueid": "0123456789ABCDEF", "clientchallenge": "00" * 16}
        )
        assert parse(answer.text)["paired"] == "0"
        bad = client.get(
            "/pair",
            params={"uniqueid": "X", "phrase": "getservercert", "salt": "zz", "clientcert": "00"},
        )
        assert parse(bad.text)["paired"] == "0"
        # Phase 5 over plain HTTP is never "paired".
        assert parse(client.get("/pair", params={"phrase": "pairchallenge"}).text)["paired"] == "0"


def test_pin_and_otp_validation(admin: httpx.Client) -> None:
    assert_error(admin.post("/api/pin", json={"pin": "12"}), 400, "4 digits")
    assert_error(admin.post("/api/pin", json={"pin": "1234"}), 404, "no pairing request")
    assert_error(admin.post("/api/otp", json={"passphrase": "ab"}), 400, "passphrase")


def test_pairing_admin_routes_need_authentication(shost: HostProcess) -> None:
    with shost.client() as anon:
        assert anon.get("/api/clients/pending").status_code == 401
        assert anon.post("/api/pin", json={"pin": "1234"}).status_code == 401
        assert anon.post("/api/otp", json={"passphrase": "abcd"}).status_code == 401
