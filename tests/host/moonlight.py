"""The client side of the Moonlight pairing handshake, written from the protocol description.

It behaves as a Moonlight client does: constant `uniqueid`, a fresh `uuid`
per request, `devicename=roth`, AES-128-ECB without padding with
key = SHA-256(salt + PIN)[:16], RSA PKCS#1 v1.5 SHA-256 signatures, and it
checks the host's signature and challenge hash (a wrong PIN is caught there).
"""

from __future__ import annotations

import hashlib
import os
import urllib.parse
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

import httpx
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from tests.waiting import wait_for

from .devices import Device, device_client, plain_url
from .server import HostProcess

UNIQUEID = "0123456789ABCDEF"


def parse(xml: str) -> dict[str, str]:
    root = ET.fromstring(xml)
    assert root.tag == "root", xml
    values = {child.tag: child.text or "" for child in root}
    values["@status_code"] = root.get("status_code", "")
    values["@status_message"] = root.get("status_message", "")
    return values


def _ecb(key: bytes, data: bytes, encrypt: bool) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    worker = cipher.encryptor() if encrypt else cipher.decryptor()
    return worker.update(data) + worker.finalize()


class PairingFailed(Exception):
    pass


@dataclass
class MoonlightPairing:
    host: HostProcess
    device: Device
    pin: str
    salt: bytes = field(default_factory=lambda: os.urandom(16))
    otpauth: str | None = None
    server_cert: x509.Certificate | None = None
    # The source address on loopback (127.0.0.0/8): two "LAN peers" on one machine.
    local_address: str = "127.0.0.1"
    device_name: str = "roth"  # what Moonlight sends; any text a client chooses

    @property
    def key(self) -> bytes:
        return hashlib.sha256(self.salt + self.pin.encode()).digest()[:16]

    def client(self) -> httpx.Client:
        """Plain HTTP from this device's address."""
        return httpx.Client(transport=httpx.HTTPTransport(local_address=self.local_address))

    def _get(
        self, client: httpx.Client, base: str, query: str, timeout: float = 10
    ) -> dict[str, str]:
        name = urllib.parse.quote(self.device_name)
        url = f"{base}/pair?uniqueid={UNIQUEID}&uuid={uuid.uuid4().hex}&devicename={name}&updateState=1&{query}"
        answer = client.get(url, timeout=timeout)
        assert answer.status_code == 200, answer.text
        values = parse(answer.text)
        assert values["@status_code"] == "200", answer.text
        return values

    def get_server_cert(self, timeout: float = 150) -> dict[str, str]:
        """Phase 1 (blocks on the host until the PIN is entered)."""
        query = f"phrase=getservercert&salt={self.salt.hex()}&clientcert={self.device.pem.hex()}"
        if self.otpauth:
            query += f"&otpauth={self.otpauth}"
        with self.client() as client:
            return self._get(client, plain_url(self.host), query, timeout)

    def phase(self, query: str) -> dict[str, str]:
        """One raw request of a later phase, as any client may send it."""
        with self.client() as client:
            return self._get(client, plain_url(self.host), query)

    def finish(self, first: dict[str, str]) -> None:
        """Phases 2-5 after getservercert answered `first`."""
        if first.get("paired") != "1":
            raise PairingFailed(f"stage 1: {first}")
        self.server_cert = x509.load_pem_x509_certificate(bytes.fromhex(first["plaincert"]))
        base = plain_url(self.host)
        with self.client() as client:
            challenge = os.urandom(16)
            second = self._get(
                client, base, f"clientchallenge={_ecb(self.key, challenge, True).hex()}"
            )
            if second.get("paired") != "1":
                raise PairingFailed(f"stage 2: {second}")
            decrypted = _ecb(self.key, bytes.fromhex(second["challengeresponse"]), False)
            server_hash, server_challenge = decrypted[:32], decrypted[32:48]
            client_secret = os.urandom(16)
            client_hash = hashlib.sha256(
                server_challenge + self.device.cert.signature + client_secret
            ).digest()
            third = self._get(
                client, base, f"serverchallengeresp={_ecb(self.key, client_hash, True).hex()}"
            )
            if third.get("paired") != "1":
                raise PairingFailed(f"stage 3: {third}")
            pairing_secret = bytes.fromhex(third["pairingsecret"])
            server_secret, server_signature = pairing_secret[:16], pairing_secret[16:]
            public_key = self.server_cert.public_key()
            assert isinstance(public_key, rsa.RSAPublicKey)
            try:
                public_key.verify(
                    server_signature, server_secret, padding.PKCS1v15(), hashes.SHA256()
                )
            except InvalidSignature:
                client.get(f"{base}/unpair?uniqueid={UNIQUEID}")
                raise PairingFailed("MITM: the host's signature does not verify") from None
            expected = hashlib.sha256(
                challenge + self.server_cert.signature + server_secret
            ).digest()
            if expected != server_hash:
                client.get(f"{base}/unpair?uniqueid={UNIQUEID}")
                raise PairingFailed("incorrect PIN")
            signature = self.device.key.sign(client_secret, padding.PKCS1v15(), hashes.SHA256())
            fourth = self._get(
                client, base, f"clientpairingsecret={(client_secret + signature).hex()}"
            )
            if fourth.get("paired") != "1":
                raise PairingFailed(f"stage 4: {fourth}")
        # Phase 5 over HTTPS, presenting the client certificate, pinning the host's.
        with device_client(self.host, self.device) as secure:
            fifth = self._get(secure, "", "phrase=pairchallenge")
        if fifth.get("paired") != "1":
            raise PairingFailed(f"stage 5: {fifth}")


def wait_pending(admin: httpx.Client, count: int = 1) -> list[dict[str, Any]]:
    return wait_for(
        lambda: (
            p if len(p := admin.get("/api/clients/pending").json()["pending"]) >= count else None
        ),
        f"{count} pairing request(s) to show up",
    )


def paired_names(admin: httpx.Client, shost: HostProcess) -> list[str]:
    from host.core.devices.clients import ClientStore
    from host.core.state import StateDB

    db = StateDB(str(shost.data_dir / "state.db"))
    try:
        return [c.name for c in ClientStore(db).list()]
    finally:
        db.close()
