"""The pairing hijack of issue 15, performed as a LAN peer would, and what now stops it.

Two loopback source addresses stand for two machines on the LAN: the real
device at 127.0.0.1 and the attacker at 127.0.0.2 (both reach the host's
plain HTTP port; the host tells them apart by the TCP peer address).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from host.core.pairing.broker import otp_auth
from tests.waiting import REPLY_S, wait_for

from ..conftest import ADMIN
from ..devices import make_device
from ..helpers import assert_error
from ..moonlight import MoonlightPairing, paired_names, wait_pending
from ..server import HostProcess, running_host

DEVICE_ADDRESS, ATTACKER_ADDRESS = "127.0.0.1", "127.0.0.2"


@pytest.fixture(scope="module")
def shost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("hijack") / "data", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def admin(shost: HostProcess) -> Iterator[httpx.Client]:
    with shost.client(auth=ADMIN) as client:
        yield client


def _ecb(key: bytes, data: bytes, encrypt: bool) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    worker = cipher.encryptor() if encrypt else cipher.decryptor()
    return worker.update(data) + worker.finalize()


class Attacker:
    """A LAN peer that never saw the PIN, speaking the raw protocol from its own address."""

    def __init__(self, shost: HostProcess, folder: Path) -> None:
        self.client = MoonlightPairing(
            shost, make_device(folder, "attacker"), pin="", local_address=ATTACKER_ADDRESS
        )
        self.sent_challenge = os.urandom(16)  # "encrypted" client challenge: random bytes

    def hold(self, pool: ThreadPoolExecutor) -> Future[dict[str, str]]:
        """Phase 1, sent before the real device's, and held open until a PIN arrives."""
        return pool.submit(self.client.get_server_cert, 30)

    def steal_server_secret(self) -> tuple[bytes, bytes]:
        """Phases 2 and 3 with random data: (challengeresponse, server secret)."""
        second = self.client.phase(f"clientchallenge={self.sent_challenge.hex()}")
        assert second["paired"] == "1", second
        third = self.client.phase(f"serverchallengeresp={os.urandom(32).hex()}")
        assert third["paired"] == "1", third
        return bytes.fromhex(second["challengeresponse"]), bytes.fromhex(third["pairingsecret"])[
            :16
        ]

    def find_pin_offline(
        self, response: bytes, server_secret: bytes, host_cert_signature: bytes
    ) -> tuple[str, bytes]:
        """Try all 10 000 PINs against the phase-2 answer: (PIN, server challenge)."""
        salt = self.client.salt
        for number in range(10_000):
            pin = f"{number:04d}"
            key = hashlib.sha256(salt + pin.encode()).digest()[:16]
            challenge = _ecb(key, self.sent_challenge, False)
            plain = _ecb(key, response, False)
            digest = hashlib.sha256(challenge + host_cert_signature + server_secret).digest()
            if plain[:32] == digest:
                return pin, plain[32:48]
        raise AssertionError("no PIN matched the host's answer")


def host_cert_signature(shost: HostProcess) -> bytes:
    from cryptography import x509

    return x509.load_pem_x509_certificate((shost.data_dir / "cert.pem").read_bytes()).signature


def wait_until_gone(admin: httpx.Client, request_id: str) -> None:
    wait_for(
        lambda: all(
            r["id"] != request_id for r in admin.get("/api/clients/pending").json()["pending"]
        ),
        f"pairing request {request_id} to leave the pending list",
    )


def test_a_pin_without_id_is_not_handed_to_the_peer_that_asked_first(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    attacker = Attacker(shost, tmp_path)
    device = MoonlightPairing(shost, make_device(tmp_path, "tv"), pin="4711")
    with ThreadPoolExecutor(2) as pool:
        held = attacker.hold(pool)
        wait_pending(admin, 1)
        waiting = pool.submit(device.get_server_cert, 30)
        pending = wait_pending(admin, 2)
        # Both call themselves "roth": the address and time are what tell them apart.
        assert [r["device_name"] for r in pending] == ["roth", "roth"]
        assert [r["address"] for r in pending] == [ATTACKER_ADDRESS, DEVICE_ADDRESS]
        assert pending[0]["created_at"] <= pending[1]["created_at"]
        # The administrator enters the PIN the TV shows, as the old docs said: no id.
        refused = admin.post("/api/pin", json={"pin": "4711", "name": "Living room TV"})
        assert_error(refused, 400, "choose one with id")
        assert [r["phase"] for r in wait_pending(admin, 2)] == ["pending", "pending"]
        # The attacker, holding no PIN, pushes on: its request fails for good.
        assert attacker.client.phase(f"clientchallenge={os.urandom(16).hex()}")["paired"] == "0"
        assert held.result(timeout=REPLY_S)["paired"] == "0"
        tv = next(r for r in pending if r["address"] == DEVICE_ADDRESS)
        chosen = admin.post(
            "/api/pin", json={"pin": "4711", "name": "Living room TV", "id": tv["id"]}
        )
        assert chosen.status_code == 200, chosen.text
        device.finish(waiting.result(timeout=REPLY_S))
    assert "Living room TV" in paired_names(admin, shost)


def test_an_attacker_given_the_pin_request_cannot_find_the_pin_and_replay_phase_3(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    attacker = Attacker(shost, tmp_path)
    before = paired_names(admin, shost)
    with ThreadPoolExecutor(1) as pool:
        held = attacker.hold(pool)
        (request,) = wait_pending(admin, 1)
        # Only one request waits, so the PIN (of the device the administrator meant) goes to it.
        entered = admin.post("/api/pin", json={"pin": "3952", "name": "Kitchen tablet"})
        assert entered.status_code == 200, entered.text
        first = held.result(timeout=REPLY_S)
    assert first["paired"] == "1"  # the protocol answers getservercert once a PIN is known
    response, server_secret = attacker.steal_server_secret()
    pin, server_challenge = attacker.find_pin_offline(
        response, server_secret, host_cert_signature(shost)
    )
    assert pin == "3952"  # the offline search works...
    # ...but phase 3 cannot be sent again with the now-correct hash.
    client_secret = os.urandom(16)
    device = attacker.client.device
    good_hash = hashlib.sha256(server_challenge + device.cert.signature + client_secret).digest()
    key = hashlib.sha256(attacker.client.salt + pin.encode()).digest()[:16]
    replay = attacker.client.phase(f"serverchallengeresp={_ecb(key, good_hash, True).hex()}")
    assert replay["paired"] == "0" and "repeated" in replay["@status_message"]
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    signature = device.key.sign(client_secret, padding.PKCS1v15(), hashes.SHA256())
    last = attacker.client.phase(f"clientpairingsecret={(client_secret + signature).hex()}")
    assert last["paired"] == "0"
    assert paired_names(admin, shost) == before
    wait_until_gone(admin, request["id"])


def test_a_phase_out_of_order_fails_the_request_for_good(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    device = MoonlightPairing(shost, make_device(tmp_path, "jumpy"), pin="1234")
    before = paired_names(admin, shost)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(device.get_server_cert, 30)
        wait_pending(admin, 1)
        assert admin.post("/api/pin", json={"pin": "1234"}).status_code == 200
        answer = first.result(timeout=REPLY_S)
    skipped = device.phase(f"serverchallengeresp={os.urandom(32).hex()}")  # before clientchallenge
    assert skipped["paired"] == "0"
    from ..moonlight import PairingFailed

    with pytest.raises(PairingFailed, match="stage 2"):
        device.finish(answer)  # the right PIN, the right order: too late, the request is dead
    assert paired_names(admin, shost) == before


def test_phases_from_another_address_do_not_reach_the_devices_request(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    attacker = Attacker(shost, tmp_path)
    device = MoonlightPairing(shost, make_device(tmp_path, "console"), pin="8080")
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(device.get_server_cert, 30)
        wait_pending(admin, 1)
        assert admin.post("/api/pin", json={"pin": "8080", "name": "Console"}).status_code == 200
        answer = first.result(timeout=REPLY_S)
    # Same uniqueid as every Moonlight client, other address: no pairing in progress for it.
    assert attacker.client.phase(f"clientchallenge={os.urandom(16).hex()}")["paired"] == "0"
    assert attacker.client.phase(f"serverchallengeresp={os.urandom(32).hex()}")["paired"] == "0"
    device.finish(answer)  # the device's own request was untouched
    assert "Console" in paired_names(admin, shost)


def test_one_address_cannot_hold_every_pairing_slot(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    from host.core.pairing.broker import MAX_OPEN_PER_ADDRESS

    cert = make_device(tmp_path, "flood").pem.hex()
    transport = httpx.HTTPTransport(local_address=ATTACKER_ADDRESS)
    base = f"http://127.0.0.1:{shost.base_port}"
    with httpx.Client(transport=transport, timeout=REPLY_S) as flood, ThreadPoolExecutor(4) as pool:

        def hold(n: int) -> str:
            query = {"uniqueid": f"FLOOD{n}", "phrase": "getservercert"}
            query |= {"salt": os.urandom(16).hex(), "clientcert": cert}
            return flood.get(f"{base}/pair", params=query).text

        held = [pool.submit(hold, n) for n in range(MAX_OPEN_PER_ADDRESS)]
        wait_pending(admin, MAX_OPEN_PER_ADDRESS)
        extra = hold(99)
        assert "<paired>0</paired>" in extra and "from this address" in extra
        # A device elsewhere still gets its turn.
        device = MoonlightPairing(shost, make_device(tmp_path, "tv2"), pin="2468")
        waiting = pool.submit(device.get_server_cert, 30)
        pending = wait_pending(admin, MAX_OPEN_PER_ADDRESS + 1)
        mine = next(r for r in pending if r["address"] == DEVICE_ADDRESS)
        assert admin.post("/api/pin", json={"pin": "2468", "id": mine["id"]}).status_code == 200
        device.finish(waiting.result(timeout=REPLY_S))
        for n in range(MAX_OPEN_PER_ADDRESS):  # the flood cancels its own requests
            flood.get(f"{base}/unpair", params={"uniqueid": f"FLOOD{n}"})
        assert all("<paired>0</paired>" in f.result(timeout=REPLY_S) for f in held)


def test_otp_guessing_is_cut_off(shost: HostProcess, admin: httpx.Client, tmp_path: Path) -> None:
    otp = admin.post("/api/otp", json={"passphrase": "blue whale"}).json()["otp"]
    cert = make_device(tmp_path, "guesser").pem.hex()
    transport = httpx.HTTPTransport(local_address=ATTACKER_ADDRESS)
    base = f"http://127.0.0.1:{shost.base_port}"
    answers = []
    with httpx.Client(transport=transport, timeout=REPLY_S) as guesser:
        for number in range(200):  # a bounded run of what took < 2 s to find the PIN before
            guess = f"{number:04d}" if f"{number:04d}" != otp else "9999"
            salt = os.urandom(16).hex()
            query = {"uniqueid": "G", "phrase": "getservercert", "salt": salt, "clientcert": cert}
            query["otpauth"] = otp_auth(guess, salt, "blue whale")
            answers.append(guesser.get(f"{base}/pair", params=query).text)
    assert all("<paired>0</paired>" in a for a in answers)
    assert sum("Too many wrong one-time PINs" in a for a in answers) >= 190
    # The PIN was withdrawn after the first few guesses: even the right one no longer pairs.
    device = MoonlightPairing(shost, make_device(tmp_path, "late"), pin=otp)
    device.otpauth = otp_auth(otp, device.salt.hex(), "blue whale")
    assert device.get_server_cert(timeout=REPLY_S)["paired"] == "0"
    fresh = admin.post("/api/otp", json={"passphrase": "blue whale", "name": "Fresh"}).json()["otp"]
    device = MoonlightPairing(shost, make_device(tmp_path, "fresh"), pin=fresh)
    device.otpauth = otp_auth(fresh, device.salt.hex(), "blue whale")
    device.finish(device.get_server_cert(timeout=REPLY_S))
    assert "Fresh" in paired_names(admin, shost)


def test_logs_and_the_support_zip_carry_no_pin_guessing_material(
    shost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    import io
    import zipfile

    # An older log (before paths only) still holds a full /pair query: the ZIP must drop it.
    old_line = f'INFO uvicorn.access: 10.0.0.5:1 - "GET /pair?salt={"ab" * 16}&otpauth={"CD" * 32} HTTP/1.1" 200\n'
    (shost.data_dir / "helio.log.1").write_text(old_line)
    admin.patch("/api/config", json={"access_log": True})  # off by default
    otp = admin.post("/api/otp", json={"passphrase": "red panda", "name": "Logged"}).json()["otp"]
    device = MoonlightPairing(shost, make_device(tmp_path, "logged"), pin=otp)
    device.otpauth = otp_auth(otp, device.salt.hex(), "red panda")
    device.finish(device.get_server_cert(timeout=REPLY_S))
    secrets = [device.salt.hex(), device.otpauth, "ab" * 16, "CD" * 32, "otpauth", "salt="]
    access_log = shost.data_dir / "access.log"
    log = wait_for(  # the access log is written as requests end
        lambda: text if '"GET /pair HTTP/1.1" 200' in (text := access_log.read_text()) else None,
        "the /pair line in the access log",
    )
    assert not [s for s in secrets[:2] + secrets[4:] if s in log]
    answer = admin.get("/api/logs/export_crash")
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    assert "logs/helio.log.1" in archive.namelist()
    everything = b"".join(archive.read(name) for name in archive.namelist())
    assert b"GET /pair HTTP/1.1" in everything
    assert not [s for s in secrets if s.encode() in everything]
    admin.patch("/api/config", json={"access_log": None})
