"""Update state machine and release-index rules (the I/O is `host.native.updater`).

    idle ──check──▶ checking ──▶ up_to_date | available | failed
    available ──install──▶ queued (while a stream is active) ──idle──▶ downloading
    available ──install / install_now──▶ downloading ──▶ installing ──▶ restarting
    queued | downloading ──cancel──▶ available (result: cancelled)
    downloading | installing ──error──▶ failed (installed version untouched)

`now` is true while an install-now request is queued or running: it ends
running streams instead of waiting for them.

A release index is JSON: `{"releases": [{"version": "1.2.0", "artifact":
"helio-1.2.0-py3-none-any.whl", "sha256": "<64 hex>"}]}`; `artifact` is a
path or URL relative to the index.
"""

from __future__ import annotations

import re
import threading
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit

from host.core.auth.reach import is_loopback
from http_errors import BadRequest

__all__ = [
    "Release",
    "UpdateState",
    "insecure_url_problem",
    "newest_release",
    "parse_index",
    "parse_version",
]


def insecure_url_problem(url: str) -> str | None:
    """Why an update index or artifact may not be fetched from `url`, or None.

    The index carries each artifact's SHA-256, so whoever can alter the index
    can alter what is installed: plain http:// would let any LAN
    man-in-the-middle serve both. Only https://, or http:// to this machine
    itself (loopback: no network to intercept), is accepted.
    """
    parts = urlsplit(url)
    if parts.scheme == "https" and parts.netloc:
        return None
    host = (parts.hostname or "").lower()
    if parts.scheme == "http" and (host == "localhost" or is_loopback(host)):
        return None
    return "must be an https:// URL (plain http:// only to this machine)"


_VERSION = re.compile(r"^\d+(\.\d+){0,3}$")
_SHA256 = re.compile(r"^[0-9a-fA-F]{64}$")


def parse_version(text: str) -> tuple[int, ...]:
    if not isinstance(text, str) or not _VERSION.match(text):
        raise ValueError(f"{text!r} is not a version like 1.2.3")
    return tuple(int(part) for part in text.split("."))


@dataclass(frozen=True)
class Release:
    version: str
    artifact: str
    sha256: str
    notes: str = ""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def parse_index(document: Any) -> list[Release]:
    """The releases of an index document; ValueError says what is wrong with it."""
    if not isinstance(document, dict) or not isinstance(document.get("releases"), list):
        raise ValueError('the release index must be a JSON object with a "releases" list')
    releases = []
    for number, entry in enumerate(document["releases"]):
        if not isinstance(entry, dict):
            raise ValueError(f"release {number} is not an object")
        version, artifact, digest = entry.get("version"), entry.get("artifact"), entry.get("sha256")
        # Messages name a release by its position, never by the index's own text.
        if not isinstance(version, str) or not _VERSION.match(version):
            raise ValueError(f"release {number}'s version is not a version number like 1.2.3")
        if not isinstance(artifact, str) or not artifact:
            raise ValueError(f"release {number} has no artifact")
        if not isinstance(digest, str) or not _SHA256.match(digest):
            raise ValueError(f"release {number} has no valid sha256 (64 hex digits)")
        notes = entry.get("notes", "")
        releases.append(
            Release(version, artifact, digest.lower(), notes if isinstance(notes, str) else "")
        )
    return releases


def newest_release(releases: list[Release], installed: str) -> Release | None:
    """The highest release above `installed`, or None when up to date."""
    current = parse_version(installed)
    newer = [r for r in releases if parse_version(r.version) > current]
    return max(newer, key=lambda r: parse_version(r.version)) if newer else None


class UpdateState:
    """Thread-safe: the API thread and the update worker both move it."""

    BUSY = ("checking", "downloading", "installing", "restarting")

    def __init__(self, installed: str) -> None:
        self.lock = threading.RLock()
        self.installed = installed
        self.state = "idle"
        self.progress = 0
        self.result: dict[str, Any] | None = None
        self.now = False
        self.available: Release | None = None
        self.cancel_requested = False

    def as_json(self) -> dict[str, Any]:
        with self.lock:
            return {
                "state": self.state,
                "progress": self.progress,
                "result": self.result,
                "now": self.now,
                "installed_version": self.installed,
                "available": self.available.as_json() if self.available else None,
            }

    def begin_check(self) -> None:
        with self.lock:
            if self.state in self.BUSY or self.state == "queued":
                raise BadRequest(f"An update is {self.state}; wait for it or cancel it first")
            self.state, self.progress = "checking", 0

    def checked(self, release: Release | None, error: str = "") -> None:
        with self.lock:
            self.available = release
            if error:
                self.state, self.result = "failed", {"ok": False, "reason": error}
            else:
                self.state = "available" if release else "up_to_date"

    def request_install(self, now: bool, streaming: bool) -> str:
        """Return what to do next: "start" the install, or it was "queued"."""
        with self.lock:
            if self.state == "queued" and now:
                self.now = True
                return "start"
            # After a failure the release is still on offer: retrying is a new request.
            if self.state not in ("available", "failed") or self.available is None:
                raise BadRequest(
                    f"No update is ready to install (state {self.state}); run POST /api/updates/check first"
                )
            self.now, self.cancel_requested, self.result = now, False, None
            if streaming and not now:
                self.state = "queued"
                return "queued"
            return "start"

    def begin_download(self) -> Release:
        with self.lock:
            assert self.available is not None
            self.state, self.progress = "downloading", 0
            return self.available

    def cancel(self) -> None:
        with self.lock:
            if self.state == "queued":
                self._cancelled()
            elif self.state == "downloading":
                self.cancel_requested = True  # the worker stops at its next chunk
            else:
                raise BadRequest(f"Nothing to cancel: the update is {self.state}")

    def _cancelled(self) -> None:
        self.state, self.progress, self.now = "available", 0, False
        self.result = {"ok": False, "reason": "cancelled"}
        self.cancel_requested = False

    def cancelled_by_worker(self) -> None:
        with self.lock:
            self._cancelled()

    def fail(self, reason: str) -> None:
        with self.lock:
            self.state, self.now = "failed", False
            self.result = {"ok": False, "reason": reason}

    def succeeded(self, version: str) -> None:
        with self.lock:
            self.state, self.progress, self.now = "restarting", 100, False
            self.installed = version
            self.result = {"ok": True, "version": version}
