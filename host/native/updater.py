"""Fetching, verifying and installing updates (the rules are `host.core.system.updates`).

The source (setting `update_source`) is an https URL of a `releases.json`
index (plain http only to this machine: the index carries the SHA-256 that
vouches for the artifact), or a local folder holding one. An install downloads the artifact into
`<data>/updates/`, checks its SHA-256, then installs it into the running
Python environment with pip (`python -m pip install --no-deps --no-index
ARTIFACT`, so a wheel or sdist of the host) and asks the lifecycle for a
restart. A bad hash or a failed download or pip run removes the download
and leaves the installed environment as it was.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import IO, Any
from urllib.parse import urljoin, urlsplit

from host.core.context import HostContext
from host.core.system.updates import (
    Release,
    insecure_url_problem,
    newest_release,
    parse_index,
    parse_version,
)
from http_errors import BadRequest

__all__ = ["INDEX_NAME", "Updater", "pip_install"]

log = logging.getLogger("helio.updates")
INDEX_NAME = "releases.json"
CHUNK = 64 * 1024
TIMEOUT_S = 30
_INSTALLED, _LAST_RESULT = "update_installed", "update_last_result"

Installer = Callable[[Path], None]


def pip_install(artifact: Path) -> None:
    """Install into this interpreter's environment; RuntimeError carries pip's complaint."""
    command = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--no-deps",
        "--no-index",
        "--disable-pip-version-check",
        str(artifact),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        last = (result.stderr.strip() or result.stdout.strip()).splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"pip install failed ({result.returncode}): {last[0]}")


def _reason(error: BaseException) -> str:
    """What went wrong, without echoing what a server sent (index text, reason phrases)
    or a path taken from the index."""
    if isinstance(error, urllib.error.HTTPError):
        return f"HTTP status {error.code}"
    if isinstance(error, urllib.error.URLError):
        return "the server cannot be reached"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def _is_url(source: str) -> bool:
    return urlsplit(source).scheme in ("http", "https")


class Updater:
    def __init__(
        self, ctx: HostContext, data_dir: Path, installer: Installer = pip_install
    ) -> None:
        self.ctx = ctx
        self.folder = data_dir / "updates"
        self.installer = installer
        self.thread: threading.Thread | None = None
        state = ctx.updates
        recorded = ctx.db.get_json(_INSTALLED)
        if isinstance(recorded, str) and parse_version(recorded) > parse_version(state.installed):
            state.installed = recorded
        state.result = ctx.db.get_json(_LAST_RESULT)
        ctx.streams.on_change(lambda *_: self._maybe_start_queued())

    # -- API ------------------------------------------------------------------

    def _trusted_source(self) -> str:
        """The configured source, if the administrator confirmed it (docs/auth.md)."""
        source = str(self.ctx.settings.get("update_source"))
        if not source:
            raise BadRequest(
                "No update source configured; set update_source with PATCH /api/config"
            )
        self._refuse_unconfirmed(source)
        return source

    def _refuse_unconfirmed(self, source: str) -> None:
        if source and source != self.ctx.settings.confirmed_update_source():
            raise BadRequest(
                f"The update source {source} was not confirmed by the administrator; "
                "set update_source again on the console's Settings page (with your password)"
            )

    def check(self) -> dict[str, Any]:
        source = self._trusted_source()
        state = self.ctx.updates
        state.begin_check()
        try:
            raw = self._read(self._index_location(source), limit=1024 * 1024)
            try:
                document = json.loads(raw)
            except ValueError:
                raise ValueError("the index is not valid JSON") from None
            state.checked(newest_release(parse_index(document), state.installed))
        except (OSError, ValueError) as error:
            state.checked(None, f"Cannot read the release index at {source}: {_reason(error)}")
        return state.as_json()

    def install(self, now: bool) -> dict[str, Any]:
        # The package comes from the source, checked against the SHA-256 its index publishes.
        self._refuse_unconfirmed(str(self.ctx.settings.get("update_source")))
        streaming = self.ctx.streams.active_count() > 0
        if self.ctx.updates.request_install(now, streaming) == "start":
            if now:
                ended = self.ctx.streams.end_all()
                if ended:
                    log.info("Install now: ended %d stream(s)", len(ended))
            self._start()
        return self.ctx.updates.as_json()

    def cancel(self) -> dict[str, Any]:
        state = self.ctx.updates
        with state.lock:
            state.cancel()
            if state.state == "available":  # a queued install ended here (a download: below)
                self._remember()
        return state.as_json()

    # -- worker ---------------------------------------------------------------

    def _maybe_start_queued(self) -> None:
        if self.ctx.updates.state == "queued" and self.ctx.streams.active_count() == 0:
            self._start()

    def _start(self) -> None:
        state = self.ctx.updates
        with state.lock:
            if state.state not in ("available", "queued", "failed"):
                return  # already started by the other path (stream end vs. install_now)
            release = state.begin_download()
        self.thread = threading.Thread(
            target=self._work, args=(release,), name="helio-update", daemon=True
        )
        self.thread.start()

    def _work(self, release: Release) -> None:
        state = self.ctx.updates
        target: Path | None = None
        try:
            target = self._download(release)
            if target is None:
                with state.lock:
                    state.cancelled_by_worker()
                    self._remember()
                return
            with state.lock:
                state.state = "installing"
            self.installer(target)
        except Exception as error:  # every failure ends as state "failed" with its reason
            log.warning("Update to %s failed: %s", release.version, _reason(error))
            with state.lock:
                state.fail(_reason(error))
                self._remember()
            return
        finally:
            if target is not None:
                target.unlink(missing_ok=True)
        with state.lock:
            self.ctx.db.set_json(_INSTALLED, release.version)
            state.succeeded(release.version)
            self._remember()
        log.info("Installed update %s; restarting", release.version)
        self.ctx.lifecycle.restart()

    def _remember(self) -> None:
        # Called under the state's lock: whoever reads the outcome (and may stop the host
        # on it, closing the state database) reads it only once it is on disk.
        self.ctx.db.set_json(_LAST_RESULT, self.ctx.updates.result)

    def _download(self, release: Release) -> Path | None:
        state = self.ctx.updates
        location = self._artifact_location(release.artifact)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        target = self.folder / PurePosixPath(release.artifact).name
        digest = hashlib.sha256()
        with self._open(location) as source, open(target, "wb") as sink:
            total = int(getattr(source, "length", None) or 0) or self._local_size(location)
            done = 0
            while chunk := source.read(CHUNK):
                if state.cancel_requested:
                    sink.close()
                    target.unlink(missing_ok=True)
                    return None
                digest.update(chunk)
                sink.write(chunk)
                done += len(chunk)
                with state.lock:
                    state.progress = min(99, done * 100 // total) if total else 0
        if digest.hexdigest() != release.sha256:
            target.unlink(missing_ok=True)
            raise ValueError(
                f"SHA-256 mismatch for release {release.version}: got {digest.hexdigest()};"
                " the download was discarded"
            )
        return target

    # -- locations --------------------------------------------------------------

    @staticmethod
    def _index_location(source: str) -> str:
        if _is_url(source):
            return source if source.endswith(".json") else source.rstrip("/") + "/" + INDEX_NAME
        return source if source.endswith(".json") else os.path.join(source, INDEX_NAME)

    def _artifact_location(self, artifact: str) -> str:
        index = self._index_location(self.ctx.settings.get("update_source"))
        if _is_url(artifact) or _is_url(index):
            return urljoin(index, artifact)
        relative = PurePosixPath(artifact)
        if relative.is_absolute() or ".." in relative.parts:
            raise ValueError("the release's artifact must be a path inside the release folder")
        return os.path.join(os.path.dirname(index), *relative.parts)

    @staticmethod
    def _open(location: str) -> IO[bytes]:
        if _is_url(location):
            # Also for an artifact URL the index names: it must not fall back to plain http.
            problem = insecure_url_problem(location)
            if problem is not None:
                raise ValueError(f"an update location {problem}")
            return urllib.request.urlopen(location, timeout=TIMEOUT_S)
        return open(location, "rb")

    @staticmethod
    def _local_size(location: str) -> int:
        return 0 if _is_url(location) else os.path.getsize(location)

    def _read(self, location: str, limit: int) -> bytes:
        with self._open(location) as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise ValueError(f"the index is larger than {limit} bytes")
        return data
