"""Seed images kept between builds: a postgres seed is transpiled once per content.

Transpiling and loading a large seed is most of a build: the public Chinook dump (15,000
rows in 59 statements) takes about a minute, nearly all of it in the transpiler's passes
over its long INSERT statements. A rebuild of the same seeds gives the same image, so the
image and the warnings that came with it are kept, keyed by everything they depend on:

- the service's config and each seed file's name and bytes;
- this build's code: every file of the `demo` package, and the versions of sqlglot,
  the duckdb package and Python.

A seed that fails is never kept (its error is raised again on the next build). The
folder is `HELIO_BUILD_CACHE`, else `$XDG_CACHE_HOME/helio/seed-images`, else
`~/.cache/helio/seed-images`; `HELIO_BUILD_CACHE=off` turns the cache off. Entries are
written whole (a temporary file renamed), so builds running side by side share it, and
only the newest `KEEP` are kept. precompress.py keeps the gzip of the large runtime
files below the same folder (`gzip/`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEEP = 32  # entries kept; the oldest go when a new one is written
_DEMO_PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class SeedImage:
    image: bytes
    warnings: list[str]


def cache_folder() -> Path | None:
    """Where seed images are kept; None when `HELIO_BUILD_CACHE=off`."""
    configured = os.environ.get("HELIO_BUILD_CACHE", "")
    if configured.lower() == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "helio" / "seed-images"


def seed_key(adapter: str, config: dict[str, Any], seeds: list[tuple[str, str]]) -> str:
    """What an image depends on, as one digest."""
    digest = hashlib.sha256(code_fingerprint().encode())
    digest.update(adapter.encode() + b"\0")
    digest.update(json.dumps(config, sort_keys=True, default=str).encode() + b"\0")
    for name, text in seeds:
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """This build's code: the demo package's files and the engines' versions."""
    import duckdb
    import sqlglot

    digest = hashlib.sha256(
        f"{sys.version}\0{sqlglot.__version__}\0{duckdb.__version__}\0".encode()
    )
    for path in sorted(_DEMO_PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(_DEMO_PACKAGE).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def load(key: str) -> SeedImage | None:
    """The image kept under `key`, or None (none kept, cache off, or unreadable)."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        entry = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        image = (folder / f"{key}.image").read_bytes()
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("sha256") != hashlib.sha256(image).hexdigest():
        return None  # half of an entry, or one another build is replacing: build it again
    return SeedImage(image, [str(w) for w in entry.get("warnings", [])])


def store(key: str, seeded: SeedImage) -> None:
    """Keep `seeded` under `key`; a cache that cannot be written only costs the next build."""
    folder = cache_folder()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        entry = {"sha256": hashlib.sha256(seeded.image).hexdigest(), "warnings": seeded.warnings}
        write_whole(folder / f"{key}.image", seeded.image)
        write_whole(folder / f"{key}.json", json.dumps(entry).encode())
        _prune(folder)


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` as a whole: a reader sees the old file or the new one."""
    handle, temporary = tempfile.mkstemp(prefix=".", suffix=".partial", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as sink:
            sink.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def beyond_newest(paths: Iterable[Path], keep: int) -> list[Path]:
    """Of `paths`, those past the `keep` most recently modified: what a prune removes."""
    return sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)[keep:]


def _prune(folder: Path) -> None:
    for stale in beyond_newest(folder.glob("*.json"), KEEP):
        stale.unlink(missing_ok=True)
        stale.with_suffix(".image").unlink(missing_ok=True)
