"""`python -m demo init`: the source manifest (and converted seeds) for a Compose project.

`plan_init` decides every file's content in memory, so a malformed project writes
nothing; `write_init` writes them into the demo folder and records what it wrote in
`.helio-init.json` (sha256 per file). A re-run compares: files unchanged since the
last init are replaced (the change is shown as a diff), files edited by hand are left
alone unless `force`. Seeds the build reads as is (`.sql`) are referenced by a path
relative to the demo folder; compressed ones (`.sql.gz`, `.sql.xz`) and SQLite
database files are converted into `seeds/<service>/<name>.sql` there. A detected
Starlette app's Python modules are copied into `asgi/<service>/`.
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import lzma
import os
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .analysis import Analysis
from .source import ComposeError

__all__ = ["InitPlan", "InitResult", "RECORD", "build_error", "plan_init", "write_init"]

MANIFEST = "manifest.json"
RECORD = ".helio-init.json"


@dataclass
class InitPlan:
    out: Path
    files: dict[str, bytes]  # relative to `out` -> content
    manifest: dict[str, Any]


@dataclass
class InitResult:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # edited by hand, not overwritten
    diff: list[str] = field(default_factory=list)


def _sqlite_dump(path: Path, name: str) -> bytes:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            lines = [
                line
                for line in connection.iterdump()
                if line not in ("BEGIN TRANSACTION;", "COMMIT;")
            ]
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        raise ComposeError(name, 0, "", f"not a SQLite database: {exc}") from None
    return ("\n".join(lines) + "\n").encode()


def _converted(path: Path, name: str) -> bytes | None:
    """The SQL text of a seed the build cannot read as is, or None for a plain .sql."""
    try:
        if name.endswith(".sql.gz"):
            return gzip.decompress(path.read_bytes())
        if name.endswith(".sql.xz"):
            return lzma.decompress(path.read_bytes())
    except (OSError, EOFError, lzma.LZMAError) as exc:
        raise ComposeError(name, 0, "", f"cannot decompress: {exc}") from None
    if name.endswith((".db", ".sqlite", ".sqlite3")):
        return _sqlite_dump(path, name)
    return None


def plan_init(analysis: Analysis, out: Path) -> InitPlan:
    folder = analysis.project.folder

    def ref(relative: str) -> str:
        return Path(os.path.relpath(folder / relative, out)).as_posix()

    files: dict[str, bytes] = {}
    services = []
    app = None
    for m in analysis.running():
        if m.adapter == "app":
            app = ref(m.config["app"])
            continue
        config = dict(m.config)
        if "seed" in config:
            seeds = []
            for seed in config["seed"]:
                converted = _converted(folder / seed, seed)
                if converted is None:
                    seeds.append(ref(seed))
                    continue
                target = f"seeds/{m.name}/{Path(seed).name.split('.')[0]}.sql"
                files[target] = converted
                seeds.append(target)
            config["seed"] = seeds
        if "source" in config:
            # The app's modules become part of the demo folder: the build ships them.
            copied = f"asgi/{m.name}"
            origin = folder / config["source"]
            for path in sorted(origin.rglob("*.py")):
                if "__pycache__" not in path.parts:
                    files[f"{copied}/{path.relative_to(origin).as_posix()}"] = path.read_bytes()
            config["source"] = copied
        for key in ("openapi", "fixtures"):
            if key in config:
                config[key] = ref(config[key])
        if m.addresses:
            config["address"] = m.addresses
        services.append({"name": m.name, "adapter": m.adapter, "config": config})
    manifest: dict[str, Any] = {"name": analysis.project.name}
    if app is not None:
        manifest["app"] = app
    manifest["services"] = services
    left_out = [
        {"name": m.name, "reason": m.reason} for m in analysis.mappings if m.status == "left-out"
    ]
    if left_out:
        manifest["leftOut"] = left_out
    files[MANIFEST] = (json.dumps(manifest, indent=2) + "\n").encode()
    return InitPlan(out, files, manifest)


_WHERE = re.compile(r"services\[(\d+)\]\.config\b")
_PATH_KEYS = ("seed", "openapi", "fixtures", "source")
# DuckDB's caret under the statement's first line: the statement itself follows "(in:".
_CARET = re.compile(r"\s*\n\s*LINE \d+:[^\n]*\n\s*\^+")


def build_error(analysis: Analysis, plan: InitPlan, where: str, problem: str) -> ComposeError:
    """A build error about the generated manifest (`services[0].config.seed: ../x.sql:
    ...`), said of what the user wrote: the Compose service and the project's own file
    (`compose.yaml:3: services.db: db/x.sql: ...`). The manifest was never theirs."""
    found = _WHERE.match(where)
    services = plan.manifest["services"]
    if found is None or int(found.group(1)) >= len(services):
        return ComposeError(analysis.project.files[0], 0, "", problem)
    service = services[int(found.group(1))]
    mapping = next(m for m in analysis.mappings if m.name == service["name"])
    # Each path the manifest holds, in the generated order, and the project's own name.
    written: list[tuple[str, str]] = []
    for key in _PATH_KEYS:
        ours, theirs = service["config"].get(key), mapping.config.get(key)
        if isinstance(ours, list) and isinstance(theirs, list):
            written += zip(ours, theirs, strict=False)
        elif isinstance(ours, str) and isinstance(theirs, str):
            written.append((ours, theirs))
    for ours, theirs in sorted(written, key=lambda pair: -len(pair[0])):
        if problem.startswith(f"{ours}:"):
            problem = theirs + problem[len(ours) :]
            break
    problem = _CARET.sub("", problem)
    return ComposeError(mapping.file, mapping.line, f"services.{mapping.name}", problem)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_init(plan: InitPlan, *, force: bool = False) -> InitResult:
    """Write the plan; a file edited since the last init is kept unless `force`."""
    record_path = plan.out / RECORD
    try:
        recorded = json.loads(record_path.read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError):
        recorded = {}
    result = InitResult()
    for relative, content in plan.files.items():
        path = plan.out / relative
        old = path.read_bytes() if path.is_file() else None
        if old == content:
            result.unchanged.append(relative)
            continue
        if old is not None and recorded.get(relative) != _digest(old) and not force:
            result.kept.append(relative)
        else:
            result.written.append(relative)
        if old is not None:
            result.diff += difflib.unified_diff(
                old.decode(errors="replace").splitlines(),
                content.decode(errors="replace").splitlines(),
                f"{relative} (now)",
                f"{relative} (from the Compose project)",
                lineterm="",
            )
    for relative in result.written:
        path = plan.out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(plan.files[relative])
    if result.written or not record_path.exists():
        digests = {r: _digest(c) for r, c in plan.files.items() if r not in result.kept} | {
            r: recorded[r] for r in result.kept if r in recorded
        }
        plan.out.mkdir(parents=True, exist_ok=True)
        record_path.write_text(json.dumps({"files": digests}, indent=2) + "\n", encoding="utf-8")
    return result
