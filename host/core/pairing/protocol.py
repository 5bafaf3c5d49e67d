"""The host side of the Moonlight pairing handshake (protocol facts, no I/O).

Phases, all on `GET /pair` (hex-encoded binary in the query):
1. `phrase=getservercert&salt=S&clientcert=C`: after the PIN arrives,
   key = SHA-256(salt + PIN)[:16]; answer the host certificate (`plaincert`).
2. `clientchallenge=E`: challenge = AES-128-ECB⁻¹(E); answer
   AES(SHA-256(challenge + host cert signature + server secret) + server challenge).
3. `serverchallengeresp=E`: keep the client's hash AES⁻¹(E); answer
   `pairingsecret` = server secret + RSA-SHA256 signature of it.
4. `clientpairingsecret=X`: X = client secret + its signature; check
   SHA-256(server challenge + client cert signature + client secret) equals
   the kept hash, and the signature against the client certificate.
5. `phrase=pairchallenge` over HTTPS with the new certificate.

A wrong PIN gives a different key, so phase 4 does not match. The primitives
that need a crypto library sit behind `PairingCrypto` (host.native.pairing_crypto).

Phases 2-4 each run exactly once and in order (`take_step`). Phase 3 hands
out the server secret, with which the PIN can be found offline from the
phase-2 answer; were phase 3 repeatable, a client that never knew the PIN
could then re-send a correct hash and pair. Anything out of order fails the
request for good.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Protocol

from host.core.pairing.broker import PendingPairing

__all__ = [
    "PairingCrypto",
    "PairingRefused",
    "PinMismatch",
    "STEPS",
    "aes_key",
    "answer_client_challenge",
    "answer_server_challenge_response",
    "check_client_pairing_secret",
]

SECRET_LEN = 16
HASH_LEN = 32
STEPS = ("clientchallenge", "serverchallengeresp", "clientpairingsecret")


class PairingRefused(Exception):
    """The client's data is malformed or does not prove the PIN: the request fails."""


class PinMismatch(PairingRefused):
    """The client's proof is well formed but made with another PIN."""


class PairingCrypto(Protocol):
    server_cert_pem: bytes

    def aes_encrypt(self, key: bytes, data: bytes) -> bytes: ...

    def aes_decrypt(self, key: bytes, data: bytes) -> bytes: ...

    def sign(self, data: bytes) -> bytes:
        """RSA PKCS#1 v1.5 SHA-256 signature with the host's key."""
        ...

    def verify(self, cert_pem: bytes, data: bytes, signature: bytes) -> bool: ...

    def cert_signature(self, cert_pem: bytes) -> bytes:
        """The signature bytes of an X.509 certificate (what both sides hash)."""
        ...

    def client_certificate(self, pem: bytes) -> tuple[bytes, str]:
        """(normalised PEM, SHA-256 hex of the DER); ValueError when it is not a usable certificate."""
        ...


def take_step(request: PendingPairing, step: str) -> None:
    """Admit `step` only as the next phase of `request`; else PairingRefused."""
    done = request.steps_done
    expected = STEPS[len(done)] if len(done) < len(STEPS) else None
    if step != expected:
        why = "repeated" if step in done else "out of order"
        raise PairingRefused(f"Pairing phase {step} is {why}; start pairing again")
    done.append(step)


def aes_key(salt: bytes, pin: str) -> bytes:
    return hashlib.sha256(salt + pin.encode("ascii")).digest()[:16]


def _unhex(value: str, name: str, length: int | None = None) -> bytes:
    try:
        data = bytes.fromhex(value)
    except ValueError:
        raise PairingRefused(f"{name} is not hex") from None
    if length is not None and len(data) != length:
        raise PairingRefused(f"{name} must be {length} bytes")
    if not data or len(data) % 16 and length is None:
        raise PairingRefused(f"{name} has a bad length")
    return data


def answer_client_challenge(
    request: PendingPairing, crypto: PairingCrypto, encrypted_hex: str
) -> str:
    """Phase 2: the `challengeresponse` hex."""
    take_step(request, "clientchallenge")
    key = aes_key(request.salt, request.pin or "")
    challenge = crypto.aes_decrypt(key, _unhex(encrypted_hex, "clientchallenge", 16))
    server_secret, server_challenge = (
        secrets.token_bytes(SECRET_LEN),
        secrets.token_bytes(SECRET_LEN),
    )
    request.secrets.update(server_secret=server_secret, server_challenge=server_challenge)
    digest = hashlib.sha256(
        challenge + crypto.cert_signature(crypto.server_cert_pem) + server_secret
    ).digest()
    return crypto.aes_encrypt(key, digest + server_challenge).hex()


def answer_server_challenge_response(
    request: PendingPairing, crypto: PairingCrypto, encrypted_hex: str
) -> str:
    """Phase 3: keep the client's hash; the `pairingsecret` hex."""
    take_step(request, "serverchallengeresp")
    key = aes_key(request.salt, request.pin or "")
    request.secrets["client_hash"] = crypto.aes_decrypt(
        key, _unhex(encrypted_hex, "serverchallengeresp", HASH_LEN)
    )
    server_secret = request.secrets["server_secret"]
    return (server_secret + crypto.sign(server_secret)).hex()


def check_client_pairing_secret(
    request: PendingPairing, crypto: PairingCrypto, secret_hex: str
) -> None:
    """Phase 4: return when the client proved the PIN and its key; else PairingRefused."""
    take_step(request, "clientpairingsecret")
    try:
        data = bytes.fromhex(secret_hex)
    except ValueError:
        raise PairingRefused("clientpairingsecret is not hex") from None
    client_secret, signature = data[:SECRET_LEN], data[SECRET_LEN:]
    if len(client_secret) != SECRET_LEN or not signature:
        raise PairingRefused("clientpairingsecret is too short")
    expected = hashlib.sha256(
        request.secrets["server_challenge"]
        + crypto.cert_signature(request.client_cert_pem)
        + client_secret
    ).digest()
    if not hmac.compare_digest(expected, request.secrets["client_hash"]):
        raise PinMismatch("The PIN does not match")
    if not crypto.verify(request.client_cert_pem, client_secret, signature):
        raise PairingRefused("The client's signature does not match its certificate")
