"""Which paired device is asking, from the TLS client certificate (streaming HTTPS only).

The certificate arrives through the ASGI TLS extension
(`scope["extensions"]["tls"]["client_cert_chain"]`, put there by
`host.native.tls_identity`). The device is the paired client whose pinned
SHA-256 fingerprint matches, looked up on every request so a revoked device
is refused even on a connection that is still open. The result, a `Client`
or None, is left in `request.state.device`. Headers can never set it.
"""

from __future__ import annotations

import hashlib
import ssl
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from host.core.devices.clients import Client, ClientStore

__all__ = ["DeviceMiddleware", "client_certificate_fingerprint"]


def client_certificate_fingerprint(scope: Scope) -> str | None:
    tls: dict[str, Any] = scope.get("extensions", {}).get("tls") or {}
    chain = tls.get("client_cert_chain") or []
    if not chain:
        return None
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(chain[0])).hexdigest()


class DeviceMiddleware:
    def __init__(self, app: ASGIApp, clients: ClientStore) -> None:
        self.app = app
        self.clients = clients

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            scope.setdefault("state", {})["device"] = self.identify(scope)
        await self.app(scope, receive, send)

    def identify(self, scope: Scope) -> Client | None:
        fingerprint = client_certificate_fingerprint(scope)
        return self.clients.by_fingerprint(fingerprint) if fingerprint else None
