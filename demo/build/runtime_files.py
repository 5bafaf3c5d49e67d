"""The runtime files a built site carries: Pyodide, wheels, the demo package, duckdb-wasm.

Everything comes from the checkout's locked inputs (node_modules from
package-lock.json, .cache/pyodide-wheels from requirements-pyodide.lock and the
wheel sets' locks), so a site works offline and never reaches a CDN.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "WHEEL_SETS",
    "BuildInputError",
    "Checkout",
    "RuntimeFiles",
    "copy_runtime_files",
    "demo_package_zip",
    "pyodide_info",
]

RUNTIME_DIR = "__demo-runtime"
# Pyodide files loadPyodide reads; pyodide.asm.mjs is bundled into the worker instead.
_PYODIDE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
# The demo package as it runs in the browser: the pure runtime and the browser adapters.
_BROWSER_PACKAGES = ("runtime", "browser")
# Top-level packages the runtime imports: the error tree it shares with the host.
_SHARED_PACKAGES = ("http_errors",)
# Wheels a site ships only when a service names the set (asgi config `wheels`): a
# FastAPI app's. Each set is pinned in its own lock, downloaded by `make setup`.
WHEEL_SETS = {"fastapi": "requirements-pyodide-fastapi.lock"}
# Wheel files keep their dates out of the zip so identical sources give identical bytes.
_ZIP_DATE = (2020, 2, 2, 0, 0, 0)


class BuildInputError(RuntimeError):
    """A locked input (node_modules, wheel cache) is missing: run `make setup`."""


@dataclass(frozen=True)
class Checkout:
    """Where the build finds its inputs."""

    root: Path

    @classmethod
    def here(cls) -> Checkout:
        return cls(Path(__file__).resolve().parents[2])

    @property
    def node_modules(self) -> Path:
        return self.root / "node_modules"

    @property
    def wheel_cache(self) -> Path:
        return self.root / ".cache" / "pyodide-wheels"

    @property
    def pyodide_lock(self) -> Path:
        return self.root / "requirements-pyodide.lock"

    def wheel_set_lock(self, name: str) -> Path:
        if name not in WHEEL_SETS:
            raise BuildInputError(f"no wheel set {name!r} (known: {', '.join(WHEEL_SETS)})")
        return self.root / WHEEL_SETS[name]

    def need(self, path: Path) -> Path:
        if not path.exists():
            raise BuildInputError(
                f"missing build input {path.relative_to(self.root)}: run `make setup`"
            )
        return path


@dataclass(frozen=True)
class RuntimeFiles:
    micropip: str  # wheel file name
    wheels: tuple[str, ...]  # the rest, installed with micropip
    compiled: tuple[str, ...]  # those holding WebAssembly extension modules (not *-none-any)
    demo_package: str  # relative to RUNTIME_DIR
    pyodide_info: dict[str, str]
    duckdb: bool


def _locked_wheels(checkout: Checkout, lock: Path) -> list[Path]:
    found = []
    for line in checkout.need(lock).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, version = line.partition("==")
        stem = re.sub(r"[-_.]+", "_", name.strip()).lower()
        matches = [
            p
            for p in checkout.need(checkout.wheel_cache).glob("*.whl")
            if p.name.lower().startswith(f"{stem}-{version.strip()}-")
        ]
        if not matches:
            raise BuildInputError(
                f"wheel for {line} not in {checkout.wheel_cache}: run `make setup`"
            )
        found.append(matches[0])
    return found


def _sources(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
    )


def demo_package_zip(
    checkout: Checkout,
    target: Path,
    packages: Sequence[str] = (),
    sources: Sequence[Path] = (),
) -> None:
    """Zip demo/{__init__,runtime,browser} and the shared top-level packages (http_errors)
    sources, plus the top-level `packages` the
    services need (asgi factories: `host`) and the `.py` modules of each `sources`
    folder (a plain asgi app's, at the zip's root), with fixed dates (stable checksum)."""
    package = checkout.root / "demo"
    files = [(p, checkout.root) for p in [package / "__init__.py"]]
    for sub in _BROWSER_PACKAGES:
        files += [(p, checkout.root) for p in _sources(package / sub)]
    for name in (*_SHARED_PACKAGES, *packages):
        folder = checkout.root / name
        if not (folder / "__init__.py").is_file():
            raise BuildInputError(f"package {name} is not a Python package of this checkout")
        files += [(p, checkout.root) for p in _sources(folder) if p.suffix == ".py"]
    for folder in sources:
        files += [(p, folder) for p in _sources(folder) if p.suffix == ".py"]
    names: dict[str, Path] = {}
    for path, root in files:
        name = path.relative_to(root).as_posix()
        if name in names and names[name] != path:
            # Both would unpack to the same place in the worker's site-packages.
            raise BuildInputError(f"{path} and {names[name]} would both ship as {name}")
        names[name] = path
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, path in names.items():
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


def pyodide_info(checkout: Checkout) -> dict[str, str]:
    """The `info` block of Pyodide's lock: the worker passes it as the whole lock, with
    no package entry, so nothing can ever be fetched from elsewhere."""
    lock = json.loads(
        checkout.need(checkout.node_modules / "pyodide" / "pyodide-lock.json").read_text()
    )
    return dict(lock["info"])


def copy_runtime_files(
    checkout: Checkout,
    site: Path,
    *,
    duckdb: bool,
    packages: Sequence[str] = (),
    sources: Sequence[Path] = (),
    wheel_sets: Sequence[str] = (),
) -> RuntimeFiles:
    runtime = site / RUNTIME_DIR
    if runtime.exists():
        shutil.rmtree(runtime)
    (runtime / "pyodide").mkdir(parents=True)
    (runtime / "wheels").mkdir()
    for name in _PYODIDE_FILES:
        shutil.copyfile(
            checkout.need(checkout.node_modules / "pyodide" / name), runtime / "pyodide" / name
        )
    wheels = _locked_wheels(checkout, checkout.pyodide_lock)
    for name in wheel_sets:
        wheels += [
            w for w in _locked_wheels(checkout, checkout.wheel_set_lock(name)) if w not in wheels
        ]
    for wheel in wheels:
        shutil.copyfile(wheel, runtime / "wheels" / wheel.name)
    micropip = next((w.name for w in wheels if w.name.lower().startswith("micropip-")), None)
    if micropip is None:
        raise BuildInputError("requirements-pyodide.lock must pin micropip")
    demo_package_zip(checkout, runtime / "demo-python.zip", packages, sources)
    if duckdb:
        (runtime / "duckdb").mkdir()
        wasm = checkout.need(
            checkout.node_modules / "@duckdb" / "duckdb-wasm" / "dist" / "duckdb-eh.wasm"
        )
        shutil.copyfile(wasm, runtime / "duckdb" / "duckdb-eh.wasm")
    return RuntimeFiles(
        micropip=micropip,
        wheels=tuple(w.name for w in wheels if w.name != micropip),
        compiled=tuple(w.name for w in wheels if not w.name.endswith("-none-any.whl")),
        demo_package="demo-python.zip",
        duckdb=duckdb,
        pyodide_info=pyodide_info(checkout),
    )
