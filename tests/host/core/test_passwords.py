"""Password records: the pure-Python PBKDF2 that Pyodide uses (its hashlib has no OpenSSL)
gives the published answers, and records made at the demo cost verify there.

Run natively and inside Pyodide (tests/host/test_in_pyodide.py)."""

from __future__ import annotations

import hashlib

import pytest

from host.core.auth import passwords
from host.core.auth.passwords import hash_pbkdf2, verify_password
from host.demo_profile import DEMO_PBKDF2_ITERATIONS

from ..app_client import native_only

# RFC 7914 section 11, PBKDF2-HMAC-SHA256: the first 32 bytes (one block) of each answer.
RFC_7914 = [
    (b"passwd", b"salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
    (
        b"Password",
        b"NaCl",
        80000,
        "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56",
    ),
]


@pytest.mark.parametrize(("password", "salt", "iterations", "expected"), RFC_7914)
def test_pbkdf2_gives_the_rfc_7914_answers(
    password: bytes, salt: bytes, iterations: int, expected: str
) -> None:
    assert passwords._pbkdf2(password, salt, iterations).hex() == expected


@native_only("compares the pure-Python loop with OpenSSL's pbkdf2_hmac, which Pyodide lacks")
def test_the_pure_loop_equals_openssl(monkeypatch: pytest.MonkeyPatch) -> None:
    openssl = hashlib.pbkdf2_hmac("sha256", b"correct horse", b"0123456789abcdef", 1000, 32)
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")  # the path Pyodide takes
    assert passwords._pbkdf2(b"correct horse", b"0123456789abcdef", 1000) == openssl


def test_a_record_at_the_demo_cost_verifies_only_its_password() -> None:
    record = hash_pbkdf2("helio-demo", DEMO_PBKDF2_ITERATIONS)
    assert record.startswith(f"pbkdf2_sha256${DEMO_PBKDF2_ITERATIONS}$")
    assert verify_password("helio-demo", record)
    assert not verify_password("helio-demo ", record)
    assert hash_pbkdf2("helio-demo", DEMO_PBKDF2_ITERATIONS) != record  # a fresh salt each time
