"""`python -m demo studio --out DIR`: the Studio page, the Compose analyzer in the browser.

A static page (no service worker, no server side) where a visitor pastes a Compose
file or drops a project folder and gets the report of `python -m demo analyze`,
made by the same Python code running in Pyodide. Layout of DIR::

    index.html, studio.js, studio.css   the page (demo/studio/page/)
    pyodide/                            Pyodide's files (node_modules/pyodide)
    studio-python.zip                   what the analyzer imports: demo/compose/, the
                                        OpenAPI check (demo/runtime/mock/openapi.py, under
                                        empty package files, so none of the runtime's
                                        imports come along), and the pure-Python parts of
                                        PyYAML, fastjsonschema and packaging (requirement
                                        pins) from this environment

In the page, `window.studio.analyze({name, files, compose})` (files: relative path ->
base64 content; compose: the `-f` files, default none) resolves to the same JSON as
`python -m demo analyze --json`; the tests compare the two.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from demo.build.runtime_files import Checkout

__all__ = ["STUDIO_DIR", "build_studio"]

# Where `python -m demo build --studio` puts the page inside a demo site.
STUDIO_DIR = "studio"

_PAGE = Path(__file__).with_name("page")
_PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
_ZIP_DATE = (2020, 2, 2, 0, 0, 0)  # fixed, so one source gives one zip


def _add(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, _ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def _python_files(checkout: Checkout) -> dict[str, bytes]:
    import fastjsonschema
    import packaging
    import yaml

    demo = checkout.root / "demo"
    files = {"demo/__init__.py": b"", "demo/runtime/__init__.py": b""}
    files["demo/runtime/mock/__init__.py"] = b""
    files["demo/runtime/mock/openapi.py"] = (demo / "runtime" / "mock" / "openapi.py").read_bytes()
    for path in sorted((demo / "compose").iterdir()):
        if path.suffix in (".py", ".json") and path.name != "generate.py":
            files[f"demo/compose/{path.name}"] = path.read_bytes()
    for module in (yaml, fastjsonschema, packaging):
        folder = Path(module.__file__ or "").parent
        for path in sorted(folder.glob("*.py")):
            files[f"{folder.name}/{path.name}"] = path.read_bytes()
    return files


def build_studio(out: str | Path, checkout: Checkout | None = None) -> Path:
    """Write the Studio page into `out` (replacing what a previous run wrote there)."""
    checkout = checkout or Checkout.here()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for page_file in sorted(_PAGE.iterdir()):
        shutil.copyfile(page_file, out / page_file.name)
    pyodide = out / "pyodide"
    pyodide.mkdir(exist_ok=True)
    for name in _PYODIDE_FILES:
        shutil.copyfile(checkout.need(checkout.node_modules / "pyodide" / name), pyodide / name)
    with zipfile.ZipFile(out / "studio-python.zip", "w") as zf:
        for name, data in _python_files(checkout).items():
            _add(zf, name, data)
    return out
