"""Streaming devices for the host tests: real client certificates, real TLS, the fake sampler."""

from __future__ import annotations

import datetime
import hashlib
import json
import ssl
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID

from tests.waiting import REPLY_S, wait_for

from .server import ROOT, HostProcess


@dataclass(frozen=True)
class Device:
    """A client identity as Moonlight makes one: a self-signed RSA 2048 certificate."""

    cert_path: Path
    key_path: Path
    cert: x509.Certificate
    key: rsa.RSAPrivateKey

    @property
    def pem(self) -> bytes:
        return self.cert.public_bytes(serialization.Encoding.PEM)

    @property
    def fingerprint(self) -> str:
        return hashlib.sha256(self.cert.public_bytes(serialization.Encoding.DER)).hexdigest()


def make_device(folder: Path, name: str) -> Device:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "NVIDIA GameStream Client")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=7300))
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / f"{name}.pem", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    return Device(cert_path, key_path, cert, key)


def stream_url(host: HostProcess) -> str:
    return f"https://127.0.0.1:{host.base_port - 5}"


def plain_url(host: HostProcess) -> str:
    return f"http://127.0.0.1:{host.base_port}"


def device_client(host: HostProcess, device: Device | None, **kwargs: Any) -> httpx.Client:
    """HTTPS to the streaming port, verifying the host's certificate, presenting `device`'s."""
    context = ssl.create_default_context(cafile=str(host.data_dir / "cert.pem"))
    if device is not None:
        context.load_cert_chain(str(device.cert_path), str(device.key_path))
    return httpx.Client(base_url=stream_url(host), verify=context, timeout=REPLY_S, **kwargs)


def plain_client(host: HostProcess) -> httpx.Client:
    return httpx.Client(base_url=plain_url(host), timeout=REPLY_S)


def provision(host: HostProcess, device: Device, name: str, permissions: str | None = None) -> str:
    """`python -m host pair` against the running host's data folder; the new client's uuid."""
    args = [sys.executable, "-m", "host", "pair", "--data-dir", str(host.data_dir), "--name", name]
    args += ["--cert", str(device.cert_path)]
    if permissions is not None:
        args += ["--permissions", permissions]
    done = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def put_stream(admin: httpx.Client, device: str, kind: str, state: str) -> None:
    answer = admin.post("/api/debug/streams", json={"device": device, "kind": kind, "state": state})
    assert answer.status_code == 200, answer.text


class FakeControl:
    """The control file of the host's fake sampler (HELIO_FAKE_SAMPLER) and its sample log."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "sampler.json"
        self.log = folder / "sampler.json.log"
        self.hold = folder / "hold"
        self.set()

    def set(self, **script: Any) -> None:
        script.setdefault("hold_file", str(self.hold))
        self.path.write_text(json.dumps(script))

    @property
    def env(self) -> dict[str, str]:
        return {"HELIO_FAKE_SAMPLER": str(self.path)}

    def _count(self, word: str) -> int:
        if not self.log.exists():
            return 0
        return sum(1 for line in self.log.read_text().splitlines() if line.startswith(word))

    def started(self) -> int:
        return self._count("start")

    def finished(self) -> int:
        return self._count("done")

    def wait_started(self, count: int) -> None:
        wait_for(lambda: self.started() >= count, f"the sampler to start sample {count}", 0.01)

    def wait_finished(self, count: int) -> None:
        wait_for(lambda: self.finished() >= count, f"the sampler to finish sample {count}", 0.01)
