"""Hostile text from devices and sign-in forms, over loopback against a real host.

A device name with CR/LF forged log lines, a non-ASCII `otpauth` was a 500
that did not count as a guess, and usernames with invisible or separator
characters were accepted while NFC and NFD spellings of one name differed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from host.core.pairing.broker import OTP_MAX_FAILURES, otp_auth
from tests.waiting import REPLY_S

from ..app_client import native_only
from ..conftest import ADMIN
from ..devices import make_device
from ..moonlight import MoonlightPairing, paired_names, parse
from ..server import HostProcess, running_host


@pytest.fixture(scope="module")
def ihost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("input") / "data", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def admin(ihost: HostProcess) -> Iterator[httpx.Client]:
    with ihost.client(auth=ADMIN) as client:
        yield client


def otp_pairing(
    host: HostProcess, admin: httpx.Client, tmp_path: Path, **kwargs: str
) -> MoonlightPairing:
    otp = admin.post("/api/otp", json={"passphrase": "blue whale"}).json()["otp"]
    pairing = MoonlightPairing(host, make_device(tmp_path, "dev"), pin=otp, **kwargs)  # type: ignore[arg-type]
    pairing.otpauth = otp_auth(otp, pairing.salt.hex(), "blue whale")
    return pairing


@native_only("reads the host's log file")
def test_a_device_name_with_line_breaks_cannot_forge_a_log_line(
    ihost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    forged = "TV\r\n2026-01-01 00:00:00,000 INFO helio: Administrator password reset \x1b[2K"
    pairing = otp_pairing(ihost, admin, tmp_path, device_name=forged)
    pairing.finish(pairing.get_server_cert(timeout=REPLY_S))
    assert forged in paired_names(admin, ihost)  # the name itself is kept as sent
    lines = (ihost.data_dir / "helio.log").read_text().splitlines()
    paired = [line for line in lines if "Paired device" in line]
    assert paired and "(TV\\r\\n2026-01-01" in paired[-1] and "\\x1b[2K" in paired[-1]
    assert not any(line.startswith("2026-01-01 00:00:00,000") for line in lines)


def test_a_non_ascii_otpauth_is_a_wrong_guess(
    ihost: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    pairing = otp_pairing(ihost, admin, tmp_path)
    cert = make_device(tmp_path, "guess").pem.hex()
    for number in range(OTP_MAX_FAILURES):
        # Each guess from its own loopback address, so only the PIN's own count is reached.
        with MoonlightPairing(
            ihost, pairing.device, "0000", local_address=f"127.0.1.{number + 1}"
        ).client() as client:
            query = f"phrase=getservercert&salt={'00' * 16}&clientcert={cert}&otpauth=%C3%A9"
            answer = client.get(
                f"http://127.0.0.1:{ihost.base_port}/pair?uniqueid=1&{query}", timeout=REPLY_S
            )
        assert answer.status_code == 200, answer.text
        assert parse(answer.text)["paired"] == "0" and "Traceback" not in answer.text
    # The guesses counted: the one-time PIN is withdrawn, even the right otpauth fails now.
    assert pairing.get_server_cert(timeout=REPLY_S)["paired"] == "0"
