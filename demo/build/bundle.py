"""Bundles serviceworker/ with esbuild and stamps the build identity into it.

The worker gets a `BuildInfo` and the page script a `ClientInfo` through esbuild's
`--define` (their JavaScript typedefs are in serviceworker/contract.js): the checksum
of everything the worker loads, the runtime file names and the service address table. The worker compares its stamped checksum
with the site's `__demo-build.json` at startup, and keys its memory snapshot
by it, so a rebuilt site never runs with a stale worker or snapshot.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypedDict

from demo.build.addresses import Address
from demo.build.runtime_files import RUNTIME_DIR, BuildInputError, Checkout, RuntimeFiles
from demo.runtime.adapters import ADAPTERS, HttpAdapter, SqlAdapter, duckdb_service_names
from demo.runtime.routes import db_query_path, page_templates
from demo.runtime.services import image_key

__all__ = [
    "BUILD_FILE",
    "CLIENT_FILE",
    "COMPONENTS_FILE",
    "KIT_VERSION",
    "WORKER_FILE",
    "BuildInfo",
    "ClientInfo",
    "DatabaseImage",
    "build_info",
    "bundle_client",
    "bundle_components",
    "component_adapters",
    "database_images",
    "duck_queries",
    "bundle_duck_bridge",
    "bundle_worker",
    "prefetch_paths",
    "site_checksum",
    "write_build_file",
]

WORKER_FILE = "__demo-sw.js"
CLIENT_FILE = "__demo-client.js"
COMPONENTS_FILE = "__demo-components.js"
BUILD_FILE = "__demo-build.json"
KIT_VERSION = "helio-demo/1"


class DatabaseImage(TypedDict):
    """Where a database service's image is read from (serviceworker/contract.js `DatabaseImage`)."""

    key: str
    seed: str


@dataclass(frozen=True)
class BuildInfo:
    """Stamped into the worker as __DEMO_BUILD__ (serviceworker/contract.js `BuildInfo`)."""

    version: str
    checksum: str
    runtimeDir: str
    micropip: str
    wheels: list[str]
    demoPackage: str
    pyodideInfo: dict[str, str]
    duckdb: bool
    addresses: list[Address]
    prefetch: list[str]
    duckQueries: list[str]
    databaseImages: dict[str, DatabaseImage]
    storageNamespace: str
    namespaceNamed: bool
    # False when the site ships compiled wheels (pydantic-core): a memory snapshot holds
    # the heap, not the WebAssembly modules loaded into it, so it is never made or used.
    snapshot: bool

    def define(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


class ClientInfo(TypedDict):
    """Stamped into the page script as __DEMO_CLIENT__ (serviceworker/contract.js `ClientInfo`)."""

    checksum: str
    worker: str
    addresses: list[Address]


def _files_under(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_file():
            out.append(path)
        elif path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.is_file())
    return out


def site_checksum(checkout: Checkout, site: Path) -> str:
    """sha256 over the worker sources and every file the worker loads (not the app pages)."""
    digest = hashlib.sha256(KIT_VERSION.encode())
    sources = sorted((checkout.root / "serviceworker").glob("*.js"))
    loaded = _files_under([site / RUNTIME_DIR, site / "services", site / "manifest.json"])
    for path in [*sources, *loaded]:
        label = path.relative_to(site if path.is_relative_to(site) else checkout.root).as_posix()
        digest.update(label.encode() + b"\0")
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def prefetch_paths(manifest: dict[str, Any]) -> list[str]:
    """Site files the worker fetches while Python restores: the small documents each
    adapter names in `prefetch` (database images can be large and wait for a query)."""
    paths: list[str] = []
    for service in manifest["services"]:
        config = service["config"]
        paths += [config[k] for k in ADAPTERS[service["adapter"]].prefetch if config.get(k)]
    return paths


def duck_queries(manifest: dict[str, Any]) -> list[str]:
    """The query paths of the services whose adapter runs on duckdb-wasm: the requests
    that start it (serviceworker/engine-start.js decides when, from this list)."""
    return sorted(db_query_path(name) for name in duckdb_service_names(manifest))


def database_images(manifest: dict[str, Any]) -> dict[str, DatabaseImage]:
    """By query path, what a query to each database service reads as its database opens:
    the stored image's key (`services.image_key`) and the seed's site path. The worker reads
    them while Python restores (serviceworker/early-reads.js); Python still decides."""
    return {
        db_query_path(service["name"]): DatabaseImage(
            key=image_key(manifest["storageNamespace"], service["name"]),
            seed=service["config"]["image"],
        )
        for service in manifest["services"]
        if isinstance(ADAPTERS[service["adapter"]], SqlAdapter) and service["config"].get("image")
    }


def build_info(
    checksum: str,
    files: RuntimeFiles,
    addresses: list[Address],
    manifest: dict[str, Any],
    *,
    namespace_named: bool,
) -> BuildInfo:
    return BuildInfo(
        version=KIT_VERSION,
        checksum=checksum,
        runtimeDir=RUNTIME_DIR + "/",
        micropip=files.micropip,
        wheels=list(files.wheels),
        demoPackage=files.demo_package,
        pyodideInfo=files.pyodide_info,
        duckdb=files.duckdb,
        addresses=addresses,
        prefetch=prefetch_paths(manifest),
        duckQueries=duck_queries(manifest),
        databaseImages=database_images(manifest),
        storageNamespace=manifest["storageNamespace"],
        namespaceNamed=namespace_named,
        snapshot=not files.compiled,
    )


def _esbuild(checkout: Checkout, entry: Path, out: Path, *options: str) -> None:
    binary = checkout.need(checkout.node_modules / ".bin" / "esbuild")
    args = [
        str(binary),
        str(entry),
        "--bundle",
        "--platform=browser",
        "--target=es2022",
        f"--outfile={out}",
        "--log-level=warning",
        "--legal-comments=none",
        *options,
    ]
    done = subprocess.run(args, cwd=checkout.root, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildInputError(f"esbuild failed for {entry.name}:\n{done.stderr.strip()}")


def bundle_worker(checkout: Checkout, site: Path, info: BuildInfo) -> Path:
    out = site / WORKER_FILE
    _esbuild(
        checkout,
        checkout.root / "serviceworker" / "main.js",
        out,
        "--format=esm",
        # pyodide.asm.mjs mentions Node-only modules behind runtime checks; never loaded here.
        "--external:node:*",
        "--external:ws",
        f"--define:__DEMO_BUILD__={info.define()}",
    )
    return out


def bundle_duck_bridge(checkout: Checkout, site: Path) -> Path:
    """duckdb-wasm's blocking bundle + Arrow + serviceworker/duck.js, loaded on first use.

    demo/build/duck_bridge.mjs bundles it with esbuild's API: it also trims duckdb-wasm's
    start-up code (see there), which the esbuild command line cannot do."""
    out = site / RUNTIME_DIR / "duckdb" / "duck-bridge.js"
    checkout.need(checkout.node_modules / "esbuild")
    script = checkout.root / "demo" / "build" / "duck_bridge.mjs"
    entry = checkout.root / "serviceworker" / "duck.js"
    done = subprocess.run(
        ["node", str(script), str(entry), str(out)],
        cwd=checkout.root,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise BuildInputError(f"bundling duck-bridge.js failed:\n{done.stderr.strip()}")
    return out


def bundle_client(checkout: Checkout, site: Path, info: BuildInfo) -> Path:
    out = site / CLIENT_FILE
    client: ClientInfo = {
        "checksum": info.checksum,
        "worker": WORKER_FILE,
        "addresses": info.addresses,
    }
    _esbuild(
        checkout,
        checkout.root / "serviceworker" / "page.js",
        out,
        "--format=iife",
        f"--define:__DEMO_CLIENT__={json.dumps(client, sort_keys=True)}",
    )
    return out


def component_adapters() -> dict[str, dict[str, str | bool]]:
    """What the demo components know of each adapter (components/shared.js `ADAPTERS`),
    from the registry: its label, URL family and, for SQL adapters, the example query
    and the dialect the editor highlights; for HTTP adapters, whether reset reaches them."""
    out: dict[str, dict[str, str | bool]] = {}
    for adapter in ADAPTERS.values():
        entry: dict[str, str | bool] = {"label": adapter.label, "family": adapter.family}
        if isinstance(adapter, SqlAdapter):
            entry |= {"exampleQuery": adapter.example_query, "dialect": adapter.dialect}
        if isinstance(adapter, HttpAdapter):
            entry["resettable"] = adapter.resettable
        out[adapter.name] = entry
    return out


def bundle_components(checkout: Checkout, site: Path) -> Path:
    """<demo-query-panel>, <demo-fixture-explorer>, <demo-controls>: one minified ES module
    (Lit and CodeMirror from the npm lock), stamped with what they know of the adapters and
    the route table (`page_templates`, the URLs they call). Written into every site, so any page of an
    app can use them; outside the checksum, since the worker never loads it."""
    out = site / COMPONENTS_FILE
    _esbuild(
        checkout,
        checkout.root / "components" / "index.js",
        out,
        "--format=esm",
        "--minify",
        f"--define:__DEMO_ADAPTERS__={json.dumps(component_adapters(), sort_keys=True)}",
        f"--define:__DEMO_ROUTES__={json.dumps(page_templates(), sort_keys=True)}",
    )
    return out


def write_build_file(site: Path, info: BuildInfo) -> None:
    (site / BUILD_FILE).write_text(
        json.dumps({"version": info.version, "checksum": info.checksum}) + "\n"
    )
