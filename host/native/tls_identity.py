"""TLS for the streaming HTTPS port: ask for a client certificate, trust only paired ones.

Python's `ssl` cannot "request a certificate but not verify it", so the
paired devices' certificates are the trust anchors (a Moonlight client
certificate is self-signed; PARTIAL_CHAIN also accepts a pinned leaf that is
not). Consequences, by design:
- a device that sends no certificate still connects (CERT_OPTIONAL) and is
  answered as "not a device" (403 on the metrics endpoint, PairStatus 0);
- an unpaired or revoked certificate fails the handshake: it never reaches HTTP;
- a device removed while its connection stays open is refused per request,
  because the app looks the fingerprint up in the client store every time.

The trust anchors are re-read from the client store at every handshake (one
small query) through the SNI callback, which swaps in a context built for the
current set, so pairing from the console or from `python -m host pair` in
another process takes effect at the next connection.

uvicorn does not pass the peer certificate to the app, so `TLSIdentityProtocol`
adds it as the ASGI TLS extension: `scope["extensions"]["tls"]` with
`client_cert_chain` (PEM strings, leaf first; empty without a certificate).
"""

from __future__ import annotations

import ssl
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.core.devices.clients import ClientStore

from .http_limits import BoundedH11Protocol

__all__ = ["ClientTrust", "TLSIdentityProtocol", "tls_extension"]

ASGIApp = Callable[..., Any]


class ClientTrust:
    def __init__(self, clients: ClientStore, cert: Path, key: Path) -> None:
        self._clients = clients
        self._cert, self._key = cert, key
        self._lock = threading.Lock()
        self._known: frozenset[str] | None = None
        self._context: ssl.SSLContext | None = None

    def _new_context(self, anchors: list[str]) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(str(self._cert), str(self._key))
        context.verify_mode = ssl.CERT_OPTIONAL
        context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
        if anchors:
            context.load_verify_locations(cadata="\n".join(anchors))
        return context

    def current(self) -> ssl.SSLContext:
        """The context trusting exactly the certificates paired right now."""
        known = self._clients.fingerprints()
        with self._lock:
            if self._context is None or known != self._known:
                self._context = self._new_context([c.cert_pem for c in self._clients.list()])
                self._known = known
            return self._context

    def server_context(self) -> ssl.SSLContext:
        """The context the port listens with; each handshake is moved to `current()`."""
        base = self._new_context([])

        def choose(ssl_object: Any, server_name: str | None, _: ssl.SSLContext) -> None:
            ssl_object.context = self.current()

        base.sni_callback = choose
        return base


def tls_extension(ssl_object: ssl.SSLObject | None) -> dict[str, Any]:
    """The ASGI TLS extension for a finished handshake."""
    if ssl_object is None:
        return {}
    der = ssl_object.getpeercert(binary_form=True)
    version = ssl_object.version() or ""
    cipher = ssl_object.cipher()
    return {
        "server_cert": None,
        "client_cert_chain": [ssl.DER_cert_to_PEM_cert(der)] if der else [],
        "client_cert_name": None,
        "client_cert_error": None,
        "tls_version": {"TLSv1.2": 0x0303, "TLSv1.3": 0x0304}.get(version),
        "cipher_suite": None,
        "cipher_name": cipher[0] if cipher else None,
    }


class TLSIdentityProtocol(BoundedH11Protocol):
    """uvicorn's h11 protocol (with the header deadline), plus the connection's TLS facts
    in every request scope."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        # asyncio calls this after the handshake, so the peer certificate is known here.
        extension = tls_extension(transport.get_extra_info("ssl_object"))
        if extension:
            self.app = _with_extension(self.app, extension)


def _with_extension(app: ASGIApp, extension: dict[str, Any]) -> ASGIApp:
    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        scope.setdefault("extensions", {})["tls"] = extension
        await app(scope, receive, send)

    return wrapped
