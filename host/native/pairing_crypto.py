"""`PairingCrypto` with the `cryptography` package: AES-128-ECB, RSA-SHA256, X.509."""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["CryptographyPairing", "load_client_certificate"]


def load_client_certificate(pem: bytes) -> tuple[bytes, str]:
    """(normalised PEM, SHA-256 hex of the DER) of a client certificate; ValueError if unusable."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    cert = x509.load_pem_x509_certificate(pem)
    if not isinstance(cert.public_key(), rsa.RSAPublicKey):
        raise ValueError("the client certificate must hold an RSA key (Moonlight's are RSA 2048)")
    der = cert.public_bytes(serialization.Encoding.DER)
    return cert.public_bytes(serialization.Encoding.PEM), hashlib.sha256(der).hexdigest()


class CryptographyPairing:
    def __init__(self, cert_path: Path, key_path: Path) -> None:
        from cryptography.hazmat.primitives import serialization

        self.server_cert_pem = cert_path.read_bytes()
        self._key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)

    @staticmethod
    def _ecb(key: bytes, encrypt: bool, data: bytes) -> bytes:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

        # ECB without padding is what the protocol uses; every payload is whole 16-byte blocks.
        cipher = Cipher(algorithms.AES(key), modes.ECB())
        worker = cipher.encryptor() if encrypt else cipher.decryptor()
        return worker.update(data) + worker.finalize()

    def aes_encrypt(self, key: bytes, data: bytes) -> bytes:
        return self._ecb(key, True, data)

    def aes_decrypt(self, key: bytes, data: bytes) -> bytes:
        return self._ecb(key, False, data)

    def sign(self, data: bytes) -> bytes:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding, rsa

        assert isinstance(self._key, rsa.RSAPrivateKey)
        return self._key.sign(data, padding.PKCS1v15(), hashes.SHA256())

    def verify(self, cert_pem: bytes, data: bytes, signature: bytes) -> bool:
        from cryptography import x509
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding, rsa

        key = x509.load_pem_x509_certificate(cert_pem).public_key()
        if not isinstance(key, rsa.RSAPublicKey):
            return False
        try:
            key.verify(signature, data, padding.PKCS1v15(), hashes.SHA256())
        except InvalidSignature:
            return False
        return True

    def client_certificate(self, pem: bytes) -> tuple[bytes, str]:
        return load_client_certificate(pem)

    def cert_signature(self, cert_pem: bytes) -> bytes:
        from cryptography import x509

        return x509.load_pem_x509_certificate(cert_pem).signature
