"""Pending pairing requests, one-time PINs and the handshake maths, without HTTP."""

from __future__ import annotations

import asyncio
import hashlib
import os
import threading
from pathlib import Path

import pytest

from host.core.pairing.broker import (
    MAX_OPEN_PER_ADDRESS,
    OTP_MAX_FAILURES,
    OTP_TTL_S,
    PIN_WAIT_S,
    InvalidTransition,
    PairingBroker,
    PairingPhase,
    otp_auth,
    validate_pin,
)
from host.core.pairing.protocol import (
    PairingRefused,
    aes_key,
    answer_client_challenge,
    answer_server_challenge_response,
    check_client_pairing_secret,
)
from host.native.pairing_crypto import CryptographyPairing
from host.native.tls import ensure_certificate
from http_errors import ApiError

from ..devices import make_device


class Clock:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def broker() -> tuple[PairingBroker, Clock]:
    clock = Clock()
    return PairingBroker(clock), clock


PEER = "10.0.0.7"


def begin(pairing: PairingBroker, address: str = "10.0.0.2", name: str = "roth"):  # type: ignore[no-untyped-def]
    return pairing.begin(address, "0123456789ABCDEF", name, b"PEM", os.urandom(16))


# -- state machine -----------------------------------------------------------------------


def test_happy_path_pending_pin_entered_paired() -> None:
    pairing, _ = broker()
    request = begin(pairing)
    assert request.phase is PairingPhase.PENDING and pairing.pending() == [request]
    assert pairing.enter_pin("1234", "Living room") is request
    assert (request.phase, request.pin, request.name) == (
        PairingPhase.PIN_ENTERED,
        "1234",
        "Living room",
    )
    assert pairing.pending() == []
    request.succeed()
    assert request.phase is PairingPhase.PAIRED and request.final


@pytest.mark.parametrize(
    ("steps", "final"),
    [
        (("fail",), PairingPhase.FAILED),
        (("expire",), PairingPhase.EXPIRED),
        (("pin", "fail"), PairingPhase.FAILED),
        (("pin", "expire"), PairingPhase.EXPIRED),
    ],
)
def test_failed_and_expired_are_reachable_from_both_open_phases(
    steps: tuple[str, ...], final: PairingPhase
) -> None:
    pairing, _ = broker()
    request = begin(pairing)
    for step in steps:
        {
            "pin": lambda: request.enter_pin("0000"),
            "fail": lambda: request.fail("x"),
            "expire": request.expire,
        }[step]()
    assert request.phase is final


@pytest.mark.parametrize(
    "illegal", ["succeed_from_pending", "pin_twice", "after_paired", "after_failed"]
)
def test_illegal_transitions_are_refused(illegal: str) -> None:
    pairing, _ = broker()
    request = begin(pairing)
    if illegal == "succeed_from_pending":
        attempt = request.succeed
    elif illegal == "pin_twice":
        request.enter_pin("1111")
        attempt = lambda: request.enter_pin("2222")  # noqa: E731
    elif illegal == "after_paired":
        request.enter_pin("1111")
        request.succeed()
        attempt = request.expire
    else:
        request.fail("wrong PIN")
        attempt = lambda: request.enter_pin("1111")  # noqa: E731
    with pytest.raises(InvalidTransition):
        attempt()


def test_requests_expire_after_the_pin_wait() -> None:
    pairing, clock = broker()
    request = begin(pairing)
    clock.now += PIN_WAIT_S - 1
    assert pairing.pending() == [request]
    clock.now += 1
    assert pairing.pending() == [] and request.phase is PairingPhase.EXPIRED
    with pytest.raises(ApiError) as caught:
        pairing.enter_pin("1234")
    assert caught.value.status_code == 404


def test_pin_goes_to_the_named_request_and_needs_a_name_when_several_wait() -> None:
    pairing, clock = broker()
    first = begin(pairing, "10.0.0.2")
    clock.now += 1
    second = begin(pairing, "10.0.0.3")
    with pytest.raises(ApiError, match="choose one with id") as caught:
        pairing.enter_pin("1234")  # the oldest may be a LAN peer's, not the administrator's
    assert caught.value.status_code == 400
    assert [r.phase for r in (first, second)] == [PairingPhase.PENDING] * 2
    assert pairing.enter_pin("4321", request_id=second.id) is second
    assert pairing.enter_pin("1234") is first  # the only one left waiting
    with pytest.raises(ApiError) as missing:
        pairing.enter_pin("1234", request_id="nope")
    assert missing.value.status_code == 404


def test_a_new_request_from_the_same_client_supersedes_the_old_one() -> None:
    pairing, _ = broker()
    old = begin(pairing)
    new = begin(pairing)
    assert old.phase is PairingPhase.FAILED and pairing.find("10.0.0.2", "0123456789ABCDEF") is new


@pytest.mark.parametrize("pin", ["123", "12345", "abcd", 1234, None, "12 4"])
def test_pins_are_four_digits(pin: object) -> None:
    with pytest.raises(ApiError) as caught:
        validate_pin(pin)
    assert caught.value.status_code == 400


def test_wait_for_pin_wakes_when_another_thread_enters_it() -> None:
    pairing, _ = broker()
    request = begin(pairing)

    async def wait() -> bool:
        threading.Timer(0.05, lambda: pairing.enter_pin("1234")).start()
        return await request.wait_for_pin(10)

    assert asyncio.run(wait()) is True


def test_wait_for_pin_gives_up() -> None:
    pairing, _ = broker()
    request = begin(pairing)
    assert (
        asyncio.run(request.wait_for_pin(0.01)) is False and request.phase is PairingPhase.PENDING
    )


# -- one-time PINs ---------------------------------------------------------------------------


def test_otp_is_redeemed_once_with_the_right_passphrase_and_salt() -> None:
    pairing, _ = broker()
    otp = pairing.issue_otp("correct horse", "Tablet")
    assert len(otp.pin) == 4 and otp.pin.isdigit()
    salt = os.urandom(16).hex()
    assert pairing.redeem_otp(otp_auth(otp.pin, salt, "wrong horse"), salt, PEER) is None
    assert pairing.redeem_otp(otp_auth(otp.pin, salt, "correct horse").lower(), salt, PEER) == otp
    assert pairing.redeem_otp(otp_auth(otp.pin, salt, "correct horse"), salt, PEER) is None


def test_otp_expires() -> None:
    pairing, clock = broker()
    otp = pairing.issue_otp("correct horse")
    clock.now += OTP_TTL_S
    assert pairing.redeem_otp(otp_auth(otp.pin, "00", "correct horse"), "00", PEER) is None


def test_otp_is_withdrawn_after_a_few_wrong_guesses_from_many_addresses() -> None:
    pairing, _ = broker()
    otp = pairing.issue_otp("correct horse")
    salt = os.urandom(16).hex()
    wrong = [f"{n:04d}" for n in range(10_000) if f"{n:04d}" != otp.pin]
    for index, guess in enumerate(wrong[:OTP_MAX_FAILURES]):
        assert (
            pairing.redeem_otp(otp_auth(guess, salt, "correct horse"), salt, f"10.0.1.{index}")
            is None
        )
    # Even the right answer is now refused: the administrator must issue a new PIN.
    assert pairing.redeem_otp(otp_auth(otp.pin, salt, "correct horse"), salt, PEER) is None
    fresh = pairing.issue_otp("correct horse")
    assert pairing.redeem_otp(otp_auth(fresh.pin, salt, "correct horse"), salt, PEER) == fresh


def test_otp_guesses_are_throttled_per_address() -> None:
    pairing, clock = broker()
    salt = "00"
    for _ in range(OTP_MAX_FAILURES):
        pairing.issue_otp("correct horse")  # a new PIN each round, so only the throttle stops it
        assert pairing.redeem_otp("0" * 64, salt, PEER) is None
    otp = pairing.issue_otp("correct horse")
    with pytest.raises(ApiError) as caught:
        pairing.redeem_otp(otp_auth(otp.pin, salt, "correct horse"), salt, PEER)
    assert caught.value.status_code == 429
    clock.now += 61  # the window passes
    assert pairing.redeem_otp(otp_auth(otp.pin, salt, "correct horse"), salt, PEER) == otp


def test_otp_auth_is_sha256_hex_of_pin_salt_passphrase() -> None:
    assert otp_auth("1234", "abcd", "pass") == hashlib.sha256(b"1234abcdpass").hexdigest().upper()


@pytest.mark.parametrize("passphrase", [None, "", "abc", 1234])
def test_otp_needs_a_passphrase(passphrase: object) -> None:
    pairing, _ = broker()
    with pytest.raises(ApiError) as caught:
        pairing.issue_otp(passphrase)
    assert caught.value.status_code == 400


# -- handshake maths with real keys ----------------------------------------------------------


@pytest.fixture(scope="module")
def crypto(tmp_path_factory: pytest.TempPathFactory) -> CryptographyPairing:
    return CryptographyPairing(*ensure_certificate(tmp_path_factory.mktemp("hostcert")))


@pytest.mark.parametrize(("client_pin", "paired"), [("1234", True), ("9999", False)])
def test_handshake_proves_the_pin(
    tmp_path: Path, crypto: CryptographyPairing, client_pin: str, paired: bool
) -> None:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    device = make_device(tmp_path, "phone")
    pairing, _ = broker()
    salt = os.urandom(16)
    request = pairing.begin("10.0.0.2", "0123456789ABCDEF", "roth", device.pem, salt)
    request.enter_pin("1234")  # the administrator typed 1234
    key = aes_key(salt, client_pin)  # what the device derives from the PIN it showed
    challenge = os.urandom(16)
    answer = crypto.aes_decrypt(
        key,
        bytes.fromhex(
            answer_client_challenge(request, crypto, crypto.aes_encrypt(key, challenge).hex())
        ),
    )
    server_challenge = answer[32:48]
    client_secret = os.urandom(16)
    client_hash = hashlib.sha256(server_challenge + device.cert.signature + client_secret).digest()
    secret = bytes.fromhex(
        answer_server_challenge_response(
            request, crypto, crypto.aes_encrypt(key, client_hash).hex()
        )
    )
    assert crypto.verify(crypto.server_cert_pem, secret[:16], secret[16:])
    signature = device.key.sign(client_secret, padding.PKCS1v15(), hashes.SHA256())
    if paired:
        check_client_pairing_secret(request, crypto, (client_secret + signature).hex())
    else:
        with pytest.raises(PairingRefused, match="PIN"):
            check_client_pairing_secret(request, crypto, (client_secret + signature).hex())


def test_a_forged_client_signature_is_refused(tmp_path: Path, crypto: CryptographyPairing) -> None:
    device, other = make_device(tmp_path, "phone"), make_device(tmp_path, "thief")
    pairing, _ = broker()
    salt = os.urandom(16)
    request = pairing.begin("10.0.0.2", "X", "roth", device.pem, salt)
    request.enter_pin("1234")
    key = aes_key(salt, "1234")
    answer = crypto.aes_decrypt(
        key,
        bytes.fromhex(
            answer_client_challenge(request, crypto, crypto.aes_encrypt(key, os.urandom(16)).hex())
        ),
    )
    client_secret = os.urandom(16)
    client_hash = hashlib.sha256(answer[32:48] + device.cert.signature + client_secret).digest()
    answer_server_challenge_response(request, crypto, crypto.aes_encrypt(key, client_hash).hex())
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    forged = other.key.sign(client_secret, padding.PKCS1v15(), hashes.SHA256())
    with pytest.raises(PairingRefused, match="signature"):
        check_client_pairing_secret(request, crypto, (client_secret + forged).hex())


def test_phases_out_of_order_are_refused(crypto: CryptographyPairing) -> None:
    pairing, _ = broker()
    request = begin(pairing)
    request.enter_pin("1234")
    with pytest.raises(PairingRefused):
        answer_server_challenge_response(request, crypto, "00" * 32)
    with pytest.raises(PairingRefused):
        check_client_pairing_secret(request, crypto, "00" * 300)
    with pytest.raises(PairingRefused):
        answer_client_challenge(request, crypto, "zz")


def test_open_requests_are_bounded() -> None:
    from host.core.pairing.broker import MAX_OPEN_REQUESTS

    pairing, _ = broker()
    for index in range(MAX_OPEN_REQUESTS):
        pairing.begin(f"10.0.0.{index}", "0123456789ABCDEF", "roth", b"PEM", b"s" * 16)
    with pytest.raises(ApiError) as caught:
        pairing.begin("10.0.0.200", "one-more", "roth", b"PEM", b"s" * 16)
    assert caught.value.status_code == 429
    first = pairing.pending()[0]
    pairing.enter_pin("1234", request_id=first.id)  # still open (pin_entered) until it finishes
    first.fail("gone")  # a final request frees its slot
    pairing.begin("10.0.0.200", "one-more", "roth", b"PEM", b"s" * 16)


def test_one_address_holds_only_a_few_open_requests() -> None:
    pairing, _ = broker()
    for index in range(MAX_OPEN_PER_ADDRESS):
        pairing.begin("10.0.0.9", f"id-{index}", "roth", b"PEM", b"s" * 16)
    with pytest.raises(ApiError, match="from this address") as caught:
        pairing.begin("10.0.0.9", "one-more", "roth", b"PEM", b"s" * 16)
    assert caught.value.status_code == 429
    pairing.begin("10.0.0.10", "0123456789ABCDEF", "roth", b"PEM", b"s" * 16)  # others still can


def test_each_phase_runs_once_a_repeat_fails_the_request(crypto: CryptographyPairing) -> None:
    pairing, _ = broker()
    request = begin(pairing)
    request.enter_pin("1234")
    key = aes_key(request.salt, "1234")
    answer_client_challenge(request, crypto, crypto.aes_encrypt(key, os.urandom(16)).hex())
    answer_server_challenge_response(request, crypto, "00" * 32)
    with pytest.raises(PairingRefused, match="repeated"):
        answer_server_challenge_response(request, crypto, "00" * 32)
    with pytest.raises(PairingRefused, match="repeated"):
        answer_client_challenge(request, crypto, "00" * 16)
