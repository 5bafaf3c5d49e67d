"""The host's self-signed TLS certificate: made on first run, reused after."""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path

__all__ = ["certificate_fingerprint", "ensure_certificate"]

CERT_NAME, KEY_NAME = "cert.pem", "key.pem"


def _write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner can read, atomically (temp file + rename)."""
    temp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


def certificate_fingerprint(cert_path: Path) -> str:
    """SHA-256 of the certificate, as browsers show it (AB:CD:...): what a person checks
    against the browser's warning before trusting this host's own certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def ensure_certificate(data_dir: Path) -> tuple[Path, Path]:
    """Return (cert, key) paths in `data_dir`, creating a self-signed pair when absent."""
    cert_path, key_path = data_dir / CERT_NAME, data_dir / KEY_NAME
    if cert_path.exists() and key_path.exists():
        return cert_path, key_path

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import NameOID

    # RSA 2048 because Moonlight clients pin RSA host certificates.
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Helio host")])
    now = datetime.datetime.now(datetime.UTC)
    alt_names: list[x509.GeneralName] = [
        x509.DNSName("localhost"),
        x509.DNSName(socket.gethostname()),
        x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
        x509.IPAddress(ipaddress.ip_address("::1")),
    ]
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    data_dir.mkdir(parents=True, exist_ok=True)
    _write_private(
        key_path,
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        ),
    )
    _write_private(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path
