"""Secrets and per-install values -> stable placeholders, so a recording is safe to
publish and recording twice gives identical files.

- Secrets (token secrets, session access/refresh/CSRF tokens) and identifiers (token
  hashes, session ids, app and device uuids, certificate fingerprints) become
  `<kind-N>`, numbered by first appearance; the same value always gets the same
  placeholder, in bodies and in paths alike.
- Times (`*_at`, `expires*`, `last_seen`, `sampled_at_unix_ms`, ...) become fixed
  numbers; sensor readings and process ids become 0; the host's ports become the default ports; the
  data folder becomes `<data-dir>`; certificates `<certificate>`.
- Texts that are per-install by nature (log files, crash archives) are replaced whole.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FIXED_TIME", "Scrubber"]

FIXED_TIME = 1_767_225_600  # 2026-01-01T00:00:00Z
_SECRET_KEYS = {"token", "access_token", "refresh_token", "csrf_token", "otp"}
_ID_KEYS = {
    "hash": "token-hash",
    "session_id": "session",
    "uuid": "uuid",
    "device": "uuid",
    "cert_fingerprint": "fingerprint",
    "fingerprint": "fingerprint",
    "revoked": "token-hash",
    "id": "id",  # string ids: sessions, pairing requests (app ids are numbers, kept)
}
_PER_INSTALL_NUMBERS = {"pid"}
_TIME_KEYS = re.compile(
    r"(_at|_at_unix_ms|^expires.*|^last_seen|^since|^started|^created|^checked|^time|_time)$"
)
_READING_KEYS = re.compile(r"_(percent|mhz|c|w|mb|rpm|mv)$")
_UUID = re.compile(
    r"\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b"
)
_HEX64 = re.compile(r"\b[0-9a-f]{64}\b")
_PEM = re.compile(r"-----BEGIN [A-Z ]+-----.*?-----END [A-Z ]+-----\s*", re.S)


class Scrubber:
    def __init__(self, data_dir: str, ports: dict[int, int]) -> None:
        self.data_dir = data_dir.rstrip("/")
        self.ports = ports  # actual port -> default port
        self.names: dict[str, str] = {}
        self._counts: dict[str, int] = {}

    def name(self, value: str, kind: str) -> str:
        if value not in self.names:
            self._counts[kind] = self._counts.get(kind, 0) + 1
            self.names[value] = f"<{kind}-{self._counts[kind]}>"
        return self.names[value]

    def text(self, value: str) -> str:
        """Known values anywhere in a string (paths, messages), then per-install bits."""
        for secret, placeholder in sorted(self.names.items(), key=lambda kv: -len(kv[0])):
            value = value.replace(secret, placeholder)
        value = _UUID.sub(lambda m: self.name(m.group(0), "uuid"), value)
        value = _HEX64.sub(lambda m: self.name(m.group(0), "hex"), value)
        value = _PEM.sub("<certificate>", value)
        if self.data_dir:
            value = value.replace(self.data_dir, "<data-dir>")
        for actual, default in self.ports.items():
            value = re.sub(rf"(?<=:){actual}\b", str(default), value)
        return value

    def value(self, data: Any, key: str = "") -> Any:
        if isinstance(data, dict):
            return {k: self.value(v, k) for k, v in data.items()}
        if isinstance(data, list):
            return [self.value(v, key) for v in data]
        if isinstance(data, bool) or data is None:
            return data
        if isinstance(data, (int, float)):
            if key in _PER_INSTALL_NUMBERS:
                return 0
            if isinstance(data, int) and data in self.ports:
                return self.ports[data]
            if _TIME_KEYS.search(key) and data > 1_000_000_000:
                return FIXED_TIME * 1000 if data > 10**12 else FIXED_TIME
            if _READING_KEYS.search(key):
                return 0
            return data
        if isinstance(data, str):
            if key in _SECRET_KEYS and data:
                return self.name(data, "secret")
            if key in _ID_KEYS and data:
                return self.name(data, _ID_KEYS[key])
            return self.text(data)
        return data
