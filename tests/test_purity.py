"""The pure domain code imports nothing native at import time (it must load in Pyodide)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NATIVE = ["uvicorn", "psutil", "pynvml", "duckdb", "cryptography", "yaml", "playwright"]

# The start of a script for a fresh interpreter where importing any package named
# (comma-separated) in argv[1] fails loudly.
BLOCK_PACKAGES = """
import importlib, importlib.abc, sys
blocked = set(sys.argv[1].split(","))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ImportError(f"pure module imported native package {name}")
sys.meta_path.insert(0, Block())
"""

PROBE = (
    BLOCK_PACKAGES
    + """
import pkgutil
package = importlib.import_module(sys.argv[2])
names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    importlib.import_module(name)
print(len(names))
"""
)


@pytest.mark.parametrize(
    ("package", "blocked"),
    [
        # The host's domain core: standard library only, not even starlette.
        ("host.core", NATIVE + ["starlette", "anyio", "httpx", "sqlglot"]),
        # The demo runtime may use starlette and sqlglot (both load in Pyodide).
        ("demo.runtime", NATIVE),
    ],
)
def test_pure_packages_import_with_native_packages_blocked(
    package: str, blocked: list[str]
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(blocked), package],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) >= 1
