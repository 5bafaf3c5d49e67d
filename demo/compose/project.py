"""A Compose project as Compose itself reads it, for the analyzer.

`load_project` takes the files given with `-f` (default `compose.yaml` and the other
names Compose looks for), and for each: parses it (demo.compose.source), interpolates
variables from the environment and the project's `.env` (demo.compose.interpolate),
validates it against the compose-spec JSON schema (with fastjsonschema; the schema is
vendored as compose-spec.json,
from github.com/compose-spec/compose-spec, schema/compose-spec.json at commit
170098ba07d9f53c383a41bfd4c5166b0a4529a6, Apache-2.0), then resolves `extends`,
merges the files in order and sets aside the services of inactive profiles.
Relative paths are relative to the project folder (the first file's folder), as in
Compose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypedDict, Unpack

from .interpolate import interpolate, read_env_file
from .source import ComposeError, KeyPath, YamlFile, read_yaml

__all__ = ["DEFAULT_FILES", "Project", "ProjectOptions", "Service", "load_project"]

# The names `docker compose` looks for, in its order.
DEFAULT_FILES = ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml")
_SCHEMA = Path(__file__).with_name("compose-spec.json")
# Lists that a later file or an extending service replaces rather than extends.
_REPLACED = {"command", "entrypoint", "test", "profiles"}
# List-or-mapping fields, merged as mappings.
_MAPPINGS = {"environment", "labels", "extra_hosts", "sysctls", "annotations"}


@dataclass
class Service:
    name: str
    data: dict[str, Any]  # merged, interpolated; environment and labels as mappings
    file: YamlFile  # the file that declares it (for error lines)
    profiles: tuple[str, ...]

    @property
    def at(self) -> KeyPath:
        return ("services", self.name)

    def error(self, key: KeyPath, problem: str) -> ComposeError:
        return self.file.error((*self.at, *key), problem)


@dataclass
class Project:
    name: str
    folder: Path
    files: tuple[str, ...]  # as reports name them
    services: tuple[Service, ...]  # the active ones, in file order
    inactive: tuple[Service, ...]  # set aside by profiles
    active_profiles: tuple[str, ...]
    data: dict[str, Any]  # the merged top level (volumes, secrets, networks, ...)


@cache
def _validator() -> Callable[[Any], Any]:
    # fastjsonschema: pure Python with no dependencies, so it also runs in Pyodide.
    import fastjsonschema

    schema = json.loads(_SCHEMA.read_text(encoding="utf-8"))
    validate: Callable[[Any], Any] = fastjsonschema.compile(schema)
    return validate


def _schema_error(file: YamlFile) -> ComposeError | None:
    import fastjsonschema

    try:
        _validator()(file.data)
    except fastjsonschema.JsonSchemaValueException as exc:
        path: KeyPath = tuple(exc.path[1:])  # the first is "data"
        schema = exc.definition if isinstance(exc.definition, dict) else {}
        if exc.rule == "additionalProperties" and isinstance(exc.value, dict):
            allowed = set(schema.get("properties", {}))
            patterns = schema.get("patternProperties", {})
            extra = [
                k
                for k in exc.value
                if k not in allowed and not any(re.search(p, k) for p in patterns)
            ]
            if extra:
                return file.error((*path, extra[0]), "unknown key")
        # "data.services.web.ports must be array" -> "must be array"
        problem = exc.message.removeprefix(exc.name or "").strip()
        return file.error(path, problem)
    return None


def _read_file(path: Path, name: str, env: Mapping[str, str]) -> YamlFile:
    file = read_yaml(path, name)
    file.data = interpolate(file.data, env, file.error)
    problem = _schema_error(file)
    if problem is not None:
        raise problem
    return file


def _as_mapping(value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return {k: v for k, v in value.items()}
    out: dict[str, Any] = {}
    for item in value or []:
        key, sep, rest = str(item).partition("=")
        out[key] = rest if sep else None
    return out


def _normalize(service: dict[str, Any]) -> dict[str, Any]:
    out = dict(service)
    for key in _MAPPINGS & set(out):
        out[key] = _as_mapping(out[key])
    return out


def _volume_target(item: Any) -> Any:
    if isinstance(item, dict):
        return item.get("target")
    parts = str(item).split(":")
    return parts[1] if len(parts) > 1 else parts[0]


def _merge(base: Any, override: Any, key: str = "") -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for k, v in override.items():
            merged[k] = _merge(base[k], v, k) if k in base else v
        return merged
    if isinstance(base, list) and isinstance(override, list) and key not in _REPLACED:
        if key == "volumes":  # by mount target
            targets = {_volume_target(v) for v in override}
            return [v for v in base if _volume_target(v) not in targets] + override
        return base + [v for v in override if v not in base]
    return override


def _resolve_extends(
    name: str,
    services: Mapping[str, Any],
    file: YamlFile,
    folder: Path,
    env: Mapping[str, str],
    chain: tuple[str, ...] = (),
) -> dict[str, Any]:
    service = _normalize(services[name])
    extends = service.pop("extends", None)
    if extends is None:
        return service
    at = ("services", name, "extends")
    target = extends if isinstance(extends, str) else extends["service"]
    link = f"{file.name}:{target}"
    if link in chain:
        raise file.error(at, f"extends cycle: {' -> '.join((*chain, link))}")
    base_file = file
    if isinstance(extends, dict) and "file" in extends:
        path = file.path.parent / extends["file"]
        base_file = _read_file(path, _name(path, folder), env)
    base_services = base_file.data.get("services") or {}
    if target not in base_services:
        raise file.error(at, f"service {target!r} not found in {base_file.name}")
    base = _resolve_extends(target, base_services, base_file, folder, env, (*chain, link))
    if base_file.path.parent.resolve() != file.path.parent.resolve():
        base = _rebase(base, base_file.path.parent, file.path.parent)
    return _merge(base, service)


def _rebase(service: dict[str, Any], origin: Path, folder: Path) -> dict[str, Any]:
    """A service from another folder's file, its relative paths made relative to `folder`
    (Compose resolves them against the file that declares them)."""
    import os

    def moved(path: str) -> str:
        if not path.startswith("."):
            return path
        relative = Path(os.path.relpath(origin / path, folder)).as_posix()
        # Keep the leading "./": it is what makes a short volume a bind mount.
        return relative if relative.startswith(".") else f"./{relative}"

    out = dict(service)
    build = out.get("build")
    if isinstance(build, str):
        out["build"] = moved(build)
    elif isinstance(build, dict):
        out["build"] = {**build, "context": moved(str(build.get("context", ".")))}
    volumes = []
    for item in out.get("volumes") or []:
        if isinstance(item, dict) and isinstance(item.get("source"), str):
            item = {**item, "source": moved(item["source"])}
        elif isinstance(item, str) and ":" in item:
            source, rest = item.split(":", 1)
            item = f"{moved(source)}:{rest}"
        volumes.append(item)
    if "volumes" in out:
        out["volumes"] = volumes
    return out


def _name(path: Path, folder: Path) -> str:
    try:
        return path.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return str(path)


class ProjectOptions(TypedDict, total=False):
    """Where and how a project is read, as `docker compose` takes it (all optional)."""

    folder: str | Path | None  # the project folder (default: the current one)
    environ: Mapping[str, str] | None  # variables over the project's `.env`
    profiles: Sequence[str]  # active profiles, besides COMPOSE_PROFILES


def load_project(files: Sequence[str | Path] = (), **options: Unpack[ProjectOptions]) -> Project:
    """Read a Compose project; a malformed one raises `ComposeError` (file, line, key)."""
    folder, environ = options.get("folder"), options.get("environ")
    profiles = options.get("profiles", ())
    base = Path(folder) if folder is not None else Path(".")
    if files:
        paths = [Path(f) if Path(f).is_absolute() else base / f for f in files]
    else:
        found = [base / n for n in DEFAULT_FILES if (base / n).is_file()]
        if not found:
            raise ComposeError(
                str(base / DEFAULT_FILES[0]), 0, "", "no Compose file here (give one with -f)"
            )
        paths = found[:1]
    project_dir = paths[0].parent
    env = {**read_env_file(project_dir / ".env", _name(project_dir / ".env", project_dir))}
    env.update(environ or {})
    merged: dict[str, Any] = {}
    declared: dict[str, YamlFile] = {}
    names = []
    for path in paths:
        file = _read_file(path, _name(path, project_dir), env)
        if "include" in file.data:  # not read: say so rather than report a partial project
            raise file.error(
                ("include",), "not supported by the analyzer: pass the included files with -f"
            )
        names.append(file.name)
        services = file.data.get("services") or {}
        resolved = {
            name: _resolve_extends(name, services, file, project_dir, env) for name in services
        }
        for name in services:
            declared.setdefault(name, file)
        top = {k: v for k, v in file.data.items() if k != "services"}
        merged = _merge(merged, {**top, "services": resolved})
    active = tuple(p for p in profiles if p) or tuple(
        p for p in env.get("COMPOSE_PROFILES", "").split(",") if p.strip()
    )
    running: list[Service] = []
    inactive: list[Service] = []
    for name, data in (merged.get("services") or {}).items():
        own = tuple(data.get("profiles") or ())
        service = Service(name, data, declared[name], own)
        enabled = not own or "*" in active or any(p in active for p in own)
        (running if enabled else inactive).append(service)
    project_name = str(merged.get("name") or project_dir.resolve().name)
    return Project(
        project_name,
        project_dir,
        tuple(names),
        tuple(running),
        tuple(inactive),
        active,
        {k: v for k, v in merged.items() if k != "services"},
    )
