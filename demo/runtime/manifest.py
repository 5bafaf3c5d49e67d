"""The demo manifest: the source file a user writes and the built `manifest.json`.

Source manifest (input of `python -m demo build`, paths relative to the file)::

    {"name": "shop-demo", "app": "site/", "storageNamespace": "shop-demo-v1",
     "services": [
       {"name": "api", "adapter": "mock-http",
        "config": {"openapi": "api/openapi.yaml", "fixtures": "api/fixtures/",
                   "address": "http://api:8080"}},
       {"name": "notes", "adapter": "sqlite", "config": {"seed": ["notes/schema.sql"]}},
       {"name": "ledger", "adapter": "postgres", "config": {"seed": ["ledger.sql"]}}],
     "leftOut": [{"name": "cache", "reason": "redis:7: no in-browser adapter"}]}

`leftOut` (optional; `python -m demo init` writes it from a Compose project) lists
services of the real stack that the demo does not run, with why: the landing page
shows them.

Built manifest (`manifest.json` at the site root, paths relative to the site)::

    {"version": 1, "storageNamespace": "shop-demo-3f2a9c1b7d0e",
     "services": [
       {"name": "api", "adapter": "mock-http",
        "config": {"openapi": "services/api/openapi.json",
                   "fixtures": "services/api/fixtures.json", "address": "http://api:8080"}},
       {"name": "notes", "adapter": "sqlite", "config": {"image": "services/notes/seed.sqlite"}},
       {"name": "ledger", "adapter": "postgres",
        "config": {"image": "services/ledger/seed.duckdump.json", "warnings": []}}]}

Which `config` keys each adapter takes, in either manifest, is declared by its entry
in the adapter registry (`adapters.py`). Every check raises `ManifestError` whose
message starts with the path of the bad field, e.g.
``services[1].config.seed: must be a list``. The built manifest is validated again
inside the service worker.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .adapters import ADAPTERS, Adapter, ConfigKey

__all__ = [
    "BUILT_MANIFEST_VERSION",
    "BuiltManifest",
    "ManifestError",
    "ManifestService",
    "SourceManifest",
    "default_storage_namespace",
    "parse_built_manifest",
    "parse_source_manifest",
]

BUILT_MANIFEST_VERSION = 1

# A service name becomes one URL path segment (`/__demo/db/<name>/query`) and part of a
# storage key, so it is restricted to characters that never need escaping.
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_NAMESPACE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


class ManifestError(ValueError):
    """A manifest is invalid; the message names the field (`services[1].config.seed: ...`)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


@dataclass(frozen=True)
class ManifestService:
    """One entry of `services`, in a source manifest (config as written) or a built one
    (config as prepared by the build)."""

    name: str
    adapter: str
    config: dict[str, Any]


@dataclass(frozen=True)
class SourceManifest:
    name: str
    app: str | None
    storage_namespace: str | None
    services: tuple[ManifestService, ...]
    left_out: tuple[tuple[str, str], ...] = ()  # (service, reason)


@dataclass(frozen=True)
class BuiltManifest:
    version: int
    storage_namespace: str
    services: tuple[ManifestService, ...]

    def service(self, name: str) -> ManifestService | None:
        return next((s for s in self.services if s.name == name), None)


def _require(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ManifestError(f"{where}.{key}" if where else key, "is required")
    return _check_type(obj[key], kind, f"{where}.{key}" if where else key)


def _check_type(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    # bool is an int subclass; no manifest field accepts a bool where a number is meant.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        label = {
            "str": "a string",
            "dict": "an object",
            "list": "a list",
            "int": "an integer",
            "bool": "true or false",
        }
        raise ManifestError(
            where, f"must be {label.get(names, names)}, got {json.dumps(value)[:60]}"
        )
    return value


def _check_unknown(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            field_path = f"{where}.{key}" if where else key
            raise ManifestError(field_path, f"unknown field (allowed: {', '.join(allowed)})")


def _check_services(items: list[Any], where: str) -> list[tuple[str, Adapter, dict[str, Any]]]:
    seen: dict[str, int] = {}
    out = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        _check_type(item, dict, at)
        _check_unknown(item, ("name", "adapter", "config"), at)
        name = _require(item, "name", str, at)
        if not _NAME_RE.match(name):
            raise ManifestError(
                f"{at}.name",
                f"{name!r} is not URL-safe: use 1-64 letters, digits, '.', '_' or '-', "
                "starting with a letter or digit",
            )
        if name in seen:
            raise ManifestError(
                f"{at}.name", f"duplicate service name {name!r} (also services[{seen[name]}])"
            )
        seen[name] = i
        adapter = _require(item, "adapter", str, at)
        if adapter not in ADAPTERS:
            raise ManifestError(
                f"{at}.adapter", f"unknown adapter {adapter!r} (one of: {', '.join(ADAPTERS)})"
            )
        config = _check_type(item.get("config", {}), dict, f"{at}.config")
        out.append((name, ADAPTERS[adapter], dict(config)))
    return out


def _check_keys(config: dict[str, Any], keys: tuple[ConfigKey, ...], at: str) -> dict[str, Any]:
    """Type-check the declared keys; return the config with `texts` keys as lists."""
    out = dict(config)
    for key in keys:
        where = f"{at}.{key.name}"
        if key.name not in config:
            if key.required:
                raise ManifestError(where, "is required")
            continue
        value = config[key.name]
        if key.kind == "text":
            _check_type(value, str, where)
            continue
        if key.kind == "flag":
            _check_type(value, bool, where)
            continue
        value = [value] if isinstance(value, str) else value
        _check_type(value, list, where)
        for j, item in enumerate(value):
            _check_type(item, str, f"{where}[{j}]")
        out[key.name] = list(value)
    return out


def _check_source_config(adapter: Adapter, config: dict[str, Any], at: str) -> dict[str, Any]:
    _check_unknown(config, tuple(k.name for k in adapter.source_keys), at)
    needed = adapter.needs_one_of
    if needed and not any(key in config for key in needed):
        names = ", ".join(f"`{key}`" for key in needed[:-1]) + f" or `{needed[-1]}`"
        raise ManifestError(
            at, f"a {adapter.name} service needs {names}" + " or both" * (len(needed) == 2)
        )
    checked = _check_keys(config, adapter.source_keys, at)
    # A list key the user left out is an empty list: a database without seed starts empty.
    for key in adapter.source_keys:
        if key.kind == "texts":
            checked.setdefault(key.name, [])
    return checked


def parse_source_manifest(data: Any) -> SourceManifest:
    """Validate a parsed source manifest (file existence is checked by the build step)."""
    _check_type(data, dict, "manifest")
    _check_unknown(data, ("name", "app", "storageNamespace", "services", "leftOut"), "")
    name = _require(data, "name", str, "")
    if not name.strip():
        raise ManifestError("name", "must not be empty")
    app = data.get("app")
    if app is not None:
        _check_type(app, str, "app")
    namespace = data.get("storageNamespace")
    if namespace is not None:
        _check_type(namespace, str, "storageNamespace")
        if not _NAMESPACE_RE.match(namespace):
            raise ManifestError(
                "storageNamespace", f"{namespace!r} must be 1-128 letters, digits, '.', '_' or '-'"
            )
    services = _check_services(_require(data, "services", list, ""), "services")
    checked = tuple(
        ManifestService(n, a.name, _check_source_config(a, c, f"services[{i}].config"))
        for i, (n, a, c) in enumerate(services)
    )
    return SourceManifest(name, app, namespace, checked, _check_left_out(data.get("leftOut", [])))


def _check_left_out(items: Any) -> tuple[tuple[str, str], ...]:
    _check_type(items, list, "leftOut")
    out = []
    for i, item in enumerate(items):
        at = f"leftOut[{i}]"
        _check_type(item, dict, at)
        _check_unknown(item, ("name", "reason"), at)
        out.append((_require(item, "name", str, at), _require(item, "reason", str, at)))
    return tuple(out)


def default_storage_namespace(name: str, source_text: str | bytes) -> str:
    """`<slug>-<12 hex>`: stable for one demo, new whenever its source manifest changes."""
    raw = source_text.encode() if isinstance(source_text, str) else source_text
    digest = hashlib.sha256(name.encode() + b"\0" + raw).hexdigest()[:12]
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.")[:40] or "demo"
    return f"{slug}-{digest}"


def parse_built_manifest(data: Any) -> BuiltManifest:
    """Validate a built `manifest.json` (as written by `demo.build.prepare`)."""
    _check_type(data, dict, "manifest")
    version = _require(data, "version", int, "")
    if version != BUILT_MANIFEST_VERSION:
        raise ManifestError(
            "version",
            f"unsupported version {version} (this runtime reads {BUILT_MANIFEST_VERSION})",
        )
    namespace = _require(data, "storageNamespace", str, "")
    if not _NAMESPACE_RE.match(namespace):
        raise ManifestError(
            "storageNamespace", f"{namespace!r} must be 1-128 letters, digits, '.', '_' or '-'"
        )
    services = []
    for i, (name, adapter, config) in enumerate(
        _check_services(_require(data, "services", list, ""), "services")
    ):
        # Unknown keys are tolerated here so that newer build tools can add hints.
        config = _check_keys(config, adapter.built_keys, f"services[{i}].config")
        services.append(ManifestService(name, adapter.name, config))
    return BuiltManifest(version, namespace, tuple(services))
