"""`python -m demo analyze`: the report of a Compose project, as text or stable JSON.

JSON format (`"format": "helio-compose-analysis/1"`; fields are only ever added)::

    {"format": "helio-compose-analysis/1", "project": "shop", "files": ["compose.yaml"],
     "profiles": [], "exit": 3,
     "services": [
       {"name": "db", "status": "browser", "adapter": "postgres",
        "reason": "postgres:16: Postgres dialect on DuckDB, seeded from 1 file(s)",
        "config": {"seed": ["db/init.sql"]}, "addresses": [], "notes": [],
        "file": "compose.yaml", "line": 12},
       {"name": "cache", "status": "left-out", "adapter": null,
        "reason": "redis:7: no in-browser adapter", ...}]}

`status` is `browser` (runs in the browser), `left-out` (cannot; `reason` says why),
`skipped` (label helio.skip) or `inactive` (its profiles are not active). `adapter`
is a manifest adapter or `app` (the site's pages). `config` paths are relative to
the project folder. On a malformed project the object is
`{"format": ..., "exit": 2, "error": {"file", "line", "key", "problem"}}`.

Exit codes: 0 every active service runs in the browser (or is skipped by label),
3 some are left out (the report is still complete), 2 the project is malformed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Unpack

from .project import Project, ProjectOptions, load_project
from .rules import Mapping, map_service
from .source import ComposeError

__all__ = ["FORMAT", "Analysis", "analyze", "error_json", "render_text"]

FORMAT = "helio-compose-analysis/1"
EXIT_OK, EXIT_MALFORMED, EXIT_LEFT_OUT = 0, 2, 3


@dataclass
class Analysis:
    project: Project
    mappings: list[Mapping]

    @property
    def exit_code(self) -> int:
        if any(m.status == "left-out" for m in self.mappings):
            return EXIT_LEFT_OUT
        return EXIT_OK

    def running(self) -> list[Mapping]:
        return [m for m in self.mappings if m.adapter is not None]

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "project": self.project.name,
            "files": list(self.project.files),
            "profiles": list(self.project.active_profiles),
            "exit": self.exit_code,
            "services": [
                {
                    "name": m.name,
                    "status": m.status,
                    "adapter": m.adapter,
                    "reason": m.reason,
                    "config": m.config,
                    "addresses": m.addresses,
                    "notes": m.notes,
                    "file": m.file,
                    "line": m.line,
                }
                for m in self.mappings
            ],
        }


def analyze(files: Sequence[str | Path] = (), **options: Unpack[ProjectOptions]) -> Analysis:
    """Read and map a Compose project; a malformed one raises `ComposeError`."""
    project = load_project(files, **options)
    mappings = [map_service(project, s) for s in project.services]
    app = None
    for m in mappings:  # a site has one set of pages
        if m.adapter == "app":
            if app is None:
                app = m
            else:
                m.adapter, m.config = None, {}
                m.reason += f": left out, the site's pages are already {app.name}'s"
    for s in project.inactive:
        mapping = Mapping(
            s.name,
            None,
            f"inactive profile ({', '.join(s.profiles)})",
            file=s.file.name,
            excluded="inactive",
        )
        mapping.line = s.file.line_of(s.at)
        mappings.append(mapping)
    return Analysis(project, mappings)


def error_json(error: ComposeError) -> dict[str, Any]:
    return {"format": FORMAT, "exit": EXIT_MALFORMED, "error": error.as_json()}


def render_text(analysis: Analysis) -> str:
    data = analysis.as_json()
    lines = [f"project {data['project']} ({', '.join(data['files'])})"]
    if data["profiles"]:
        lines[0] += f", profiles {', '.join(data['profiles'])}"
    marks = {"browser": "ok  ", "left-out": "no  ", "skipped": "skip", "inactive": "off "}
    width = max((len(s["name"]) for s in data["services"]), default=0)
    for s in data["services"]:
        target = f"-> {s['adapter']}: " if s["adapter"] else ""
        lines.append(f"  {marks[s['status']]} {s['name']:<{width}}  {target}{s['reason']}")
        for address in s["addresses"]:
            lines.append(f"       {'':<{width}}  address {address}")
        for note in s["notes"]:
            lines.append(f"       {'':<{width}}  note: {note}")
    running = sum(s["status"] == "browser" for s in data["services"])
    left = sum(s["status"] == "left-out" for s in data["services"])
    lines.append(f"{running} service(s) run in the browser, {left} left out")
    return "\n".join(lines)


def analyze_folder_json(folder: str | Path, files: Sequence[str] = ()) -> dict[str, Any]:
    """The `--json` object for a project folder, the error object included: what the
    Studio page shows. No environment: only the project's `.env` is read."""
    try:
        return analyze(files, folder=folder, environ={}).as_json()
    except ComposeError as exc:
        return error_json(exc)
