"""Wheel sets: the FastAPI set ships only with a site that names it, and its compiled
wheel (pydantic-core) is the build for the Pyodide the site carries."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from demo.build.bundle import WORKER_FILE
from demo.build.runtime_files import WHEEL_SETS
from demo.build.site import build_site
from demo.runtime.manifest import ManifestError

ROOT = Path(__file__).resolve().parents[3]
FASTAPI_APP = "from fastapi import FastAPI\n\napp = FastAPI()\n"


def _fastapi_demo(root: Path, wheels: list[str]) -> Path:
    (root / "src" / "app").mkdir(parents=True)
    (root / "src" / "app" / "__init__.py").write_text("")
    (root / "src" / "app" / "main.py").write_text(FASTAPI_APP)
    config = {"app": "app.main:app", "source": "src", "wheels": wheels}
    manifest = {"name": "f", "services": [{"name": "api", "adapter": "asgi", "config": config}]}
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root / "manifest.json"


def test_the_compiled_wheel_is_built_for_the_shipped_pyodide() -> None:
    info = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())["info"]
    python = "cp" + "".join(info["python"].split(".")[:2])
    platform = f"pyemscripten_{info['abi_version']}_{info['arch']}"
    lock = (ROOT / WHEEL_SETS["fastapi"]).read_text()
    (core,) = re.findall(r"^pydantic-core==(\S+)$", lock, re.M)
    wheel = (
        ROOT
        / ".cache"
        / "pyodide-wheels"
        / f"pydantic_core-{core}-{python}-{python}-{platform}.whl"
    )
    assert wheel.is_file(), f"{wheel.name} not downloaded (make setup)"


def test_a_site_naming_the_fastapi_set_ships_it_and_makes_no_snapshot(tmp_path: Path) -> None:
    built = build_site(
        _fastapi_demo(tmp_path / "demo", ["fastapi"]), tmp_path / "site", snapshot=True
    )
    wheels = sorted(
        p.name.split("-")[0] for p in (built.out / "__demo-runtime" / "wheels").iterdir()
    )
    assert wheels == sorted(
        [
            "annotated_doc",
            "annotated_types",
            "anyio",
            "fastapi",
            "idna",
            "micropip",
            "pydantic",
            "pydantic_core",
            "sqlglot",
            "starlette",
            "typing_extensions",
            "typing_inspection",
        ]
    )
    # A snapshot holds the heap, not pydantic-core's loaded WebAssembly module.
    assert built.snapshot is not None
    assert built.snapshot.startswith("the site ships compiled wheels (pydantic_core-")
    worker = (built.out / WORKER_FILE).read_text()  # the stamped BuildInfo
    assert "snapshot: false," in worker


def test_an_unknown_wheel_set_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match=r"wheels.*no wheel set 'numpy' \(known: fastapi\)"):
        build_site(_fastapi_demo(tmp_path / "demo", ["numpy"]), tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_thread_calls_run_inline_in_the_browser() -> None:
    # Pyodide cannot start threads; a sync endpoint's run_sync must run in place.
    import anyio
    import anyio.to_thread

    from demo.browser.threads import run_threads_inline

    original = anyio.to_thread.run_sync
    try:
        run_threads_inline()
        ran_in = anyio.run(anyio.to_thread.run_sync, threading.get_ident)
    finally:
        anyio.to_thread.run_sync = original
    assert ran_in == threading.get_ident()
