"""Salted, slow password hashes with the parameters stored beside them.

Natively hashlib has scrypt (OpenSSL). Pyodide's hashlib has neither scrypt
nor pbkdf2_hmac, so `pbkdf2_sha256` falls back to a pure-HMAC loop there;
records of both kinds verify anywhere because each names its algorithm.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

__all__ = ["StandardHasher", "hash_password", "hash_pbkdf2", "verify_password"]

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**15, 8, 1
PBKDF2_ITERATIONS = 600_000


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: bytes, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password, salt=salt, n=n, r=r, p=p, maxmem=2**26, dklen=32)


def _pbkdf2(password: bytes, salt: bytes, iterations: int) -> bytes:
    if hasattr(hashlib, "pbkdf2_hmac"):
        return hashlib.pbkdf2_hmac("sha256", password, salt, iterations, dklen=32)
    # RFC 8018 PBKDF2 with one 32-byte block, for runtimes without OpenSSL.
    mac = hmac.new(password, digestmod=hashlib.sha256)
    block = mac.copy()
    block.update(salt + b"\x00\x00\x00\x01")
    u = block.digest()
    result = int.from_bytes(u, "big")
    for _ in range(iterations - 1):
        step = mac.copy()
        step.update(u)
        u = step.digest()
        result ^= int.from_bytes(u, "big")
    return result.to_bytes(32, "big")


def hash_pbkdf2(password: str, iterations: int = PBKDF2_ITERATIONS) -> str:
    """A `pbkdf2_sha256$iter$salt$hash` record; fewer iterations only where PBKDF2 is pure
    Python and slow (the browser demo, host.demo_profile)."""
    salt = os.urandom(16)
    digest = _pbkdf2(password.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${_b64(salt)}${_b64(digest)}"


def hash_password(password: str) -> str:
    """A self-describing record: `scrypt$N$r$p$salt$hash` or `pbkdf2_sha256$iter$salt$hash`."""
    if hasattr(hashlib, "scrypt"):
        salt = os.urandom(16)
        digest = _scrypt(password.encode("utf-8"), salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
        return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"
    return hash_pbkdf2(password)


def verify_password(password: str, record: str) -> bool:
    """Constant-time check of `password` against a record made by hash_password."""
    secret = password.encode("utf-8")
    parts = record.split("$")
    try:
        if parts[0] == "scrypt" and len(parts) == 6:
            n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
            salt, expected = base64.b64decode(parts[4]), base64.b64decode(parts[5])
            actual = _scrypt(secret, salt, n, r, p)
        elif parts[0] == "pbkdf2_sha256" and len(parts) == 4:
            salt, expected = base64.b64decode(parts[2]), base64.b64decode(parts[3])
            actual = _pbkdf2(secret, salt, int(parts[1]))
        else:
            return False
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


class StandardHasher:
    """The native `PasswordHasher`: scrypt, or PBKDF2-SHA256 where hashlib lacks scrypt."""

    def hash(self, password: str) -> str:
        return hash_password(password)

    def verify(self, password: str, record: str) -> bool:
        return verify_password(password, record)
