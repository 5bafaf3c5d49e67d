"""Paired streaming clients (devices): identity, pinned certificate, permissions.

A device is identified on the streaming HTTPS port by its client certificate;
only the certificate's SHA-256 fingerprint and the PEM (public) are stored.
"""

from __future__ import annotations

import time
import uuid as uuid_module
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from host.core.state import StateDB, dump_stored, load_stored
from http_errors import BadRequest, NotFound

__all__ = ["DEFAULT_PERMISSIONS", "PERMISSIONS", "Client", "ClientStore", "parse_permissions"]

# "view" = View streams, "launch" = Launch applications (either allows hardware metrics).
PERMISSIONS = ("view", "launch", "input", "clipboard", "server_commands")
DEFAULT_PERMISSIONS = ("view", "launch", "input")


def parse_permissions(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [p.strip() for p in value.split(",") if p.strip()]
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise BadRequest("permissions must be a list of names", field="permissions")
    unknown = [p for p in value if p not in PERMISSIONS]
    if unknown:
        raise BadRequest(
            f"Unknown permissions: {', '.join(unknown)}; known: {', '.join(PERMISSIONS)}",
            field="permissions",
        )
    return tuple(p for p in PERMISSIONS if p in value)  # canonical order, no duplicates


@dataclass(frozen=True)
class Client:
    uuid: str
    name: str
    cert_fingerprint: str  # SHA-256 hex of the DER certificate
    cert_pem: str
    permissions: tuple[str, ...]
    paired_at: float

    def can(self, permission: str) -> bool:
        return permission in self.permissions

    def as_json(self) -> dict[str, Any]:
        return {
            "uuid": self.uuid,
            "name": self.name,
            "cert_fingerprint": self.cert_fingerprint,
            "permissions": list(self.permissions),
            "paired_at": self.paired_at,
        }


class ClientStore:
    def __init__(self, db: StateDB, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    def add(
        self,
        name: str,
        cert_pem: str,
        fingerprint: str,
        permissions: Iterable[str] = DEFAULT_PERMISSIONS,
    ) -> Client:
        client = Client(
            str(uuid_module.uuid4()).upper(),
            name,
            fingerprint.lower(),
            cert_pem,
            tuple(permissions),
            self._clock(),
        )
        with self._db.transaction() as db:
            db.execute("DELETE FROM clients WHERE cert_fingerprint = ?", (client.cert_fingerprint,))
            db.execute(
                "INSERT INTO clients (uuid, name, cert_fingerprint, cert_pem, permissions, paired_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    client.uuid,
                    name,
                    client.cert_fingerprint,
                    cert_pem,
                    dump_stored(client.permissions),
                    client.paired_at,
                ),
            )
        return client

    def list(self) -> list[Client]:
        return [_client(row) for row in self._db.query("SELECT * FROM clients ORDER BY paired_at")]

    def get(self, client_uuid: str) -> Client:
        rows = self._db.query("SELECT * FROM clients WHERE uuid = ?", (client_uuid,))
        if not rows:
            raise NotFound(f"No paired client with uuid {client_uuid}")
        return _client(rows[0])

    def fingerprints(self) -> frozenset[str]:
        """The pinned fingerprints only: cheap enough to check at every TLS handshake."""
        return frozenset(row[0] for row in self._db.query("SELECT cert_fingerprint FROM clients"))

    def by_fingerprint(self, fingerprint: str) -> Client | None:
        rows = self._db.query(
            "SELECT * FROM clients WHERE cert_fingerprint = ?", (fingerprint.lower(),)
        )
        return _client(rows[0]) if rows else None

    def update(
        self, client_uuid: str, name: str | None = None, permissions: Iterable[str] | None = None
    ) -> Client:
        current = self.get(client_uuid)
        new_name = current.name if name is None else name
        new_permissions = current.permissions if permissions is None else tuple(permissions)
        with self._db.transaction() as db:
            db.execute(
                "UPDATE clients SET name = ?, permissions = ? WHERE uuid = ?",
                (new_name, dump_stored(new_permissions), client_uuid),
            )
        return self.get(client_uuid)

    def remove(self, client_uuid: str) -> None:
        with self._db.transaction() as db:
            if db.execute("DELETE FROM clients WHERE uuid = ?", (client_uuid,)).rowcount == 0:
                raise NotFound(f"No paired client with uuid {client_uuid}")

    def remove_all(self) -> int:
        with self._db.transaction() as db:
            return db.execute("DELETE FROM clients").rowcount


def _client(row: Any) -> Client:
    return Client(
        row["uuid"],
        row["name"],
        row["cert_fingerprint"],
        row["cert_pem"],
        tuple(load_stored(row["permissions"])),
        row["paired_at"],
    )
