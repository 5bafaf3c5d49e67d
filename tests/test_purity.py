"""The pure domain code imports nothing native at import time (it must load in Pyodide)."""

from __future__ import annotations

import ast
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
        # The error tree every demo site ships: standard library only.
        ("http_errors", NATIVE + ["starlette", "anyio", "httpx", "sqlglot", "host", "demo"]),
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


# -- the import picture: pure core, handlers behind ports, no loops --------------------------

HOST = ROOT / "host"
# Path and file-object methods that touch the disk.
DISK_METHODS = {
    "read_text", "read_bytes", "write_text", "write_bytes", "open", "iterdir", "glob",
    "rglob", "mkdir", "unlink", "rmdir", "exists", "is_file", "is_dir",
    "is_symlink", "stat", "lstat", "chmod", "rename", "samefile",
}  # fmt: skip
DISK_MODULES = {"shutil", "glob", "tempfile", "fcntl", "io"}
# `os` in core only for randomness (salts, keys); everything on disk is a port.
PURE_OS = {"urandom"}
# The one file core opens: the state database, at the path the profile gives it.
STATE_DB = ("host/core/state.py", "sqlite3.connect")


def _modules(folder: Path) -> dict[str, Path]:
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _disk_uses(path: Path) -> list[str]:
    relative = path.relative_to(ROOT).as_posix()
    uses = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{relative}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            uses += [f"{where} imports {a.name}" for a in node.names if a.name in DISK_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module in DISK_MODULES | {"os", "os.path"}:
            uses.append(f"{where} imports from {node.module}")
        elif isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if (
                name == "open"
                or (isinstance(node.func, ast.Attribute) and node.func.attr in DISK_METHODS)
                or name == "sqlite3.connect"
                and (relative, name) != STATE_DB
            ):
                uses.append(f"{where} calls {name}")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr not in PURE_OS
        ):
            uses.append(f"{where} uses os.{node.attr}")
    return uses


def test_host_core_touches_no_files() -> None:
    """The domain core decides; reading and writing the disk is a profile's port (host.native)."""
    uses = [use for path in _modules(HOST / "core").values() for use in _disk_uses(path)]
    assert uses == []


def test_the_disk_rule_sees_file_access() -> None:
    sample = ROOT / "host" / "native" / "icc.py"  # reads profile folders: every kind of use
    assert {use.split(" ", 1)[1].split(" ")[0] for use in _disk_uses(sample)} >= {"calls", "uses"}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Host modules `name` imports at run time (anywhere in it; not under TYPE_CHECKING)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    kept = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(kept + ([node.module] if node.module else []))
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found.add(full if full in known else base)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    visit([child])

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {m for m in found if m in known and m != name}


def _host_graph() -> dict[str, set[str]]:
    modules = _modules(HOST)
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def _imports_from(room: str) -> list[tuple[str, str]]:
    """(module, host module it imports) for every module of `room` (a package prefix)."""
    graph = _host_graph()
    return sorted(
        (name, t) for name, targets in graph.items() if name.startswith(room) for t in targets
    )


def test_handlers_reach_the_platform_only_through_ports() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, target in _imports_from("host.handlers")
        if target.startswith(("host.native", "host.demo_profile"))
    ]
    assert wrong == []


def test_host_core_imports_only_itself() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, target in _imports_from("host.core")
        if not target.startswith("host.core") and target != "host"  # host: __version__
    ]
    assert wrong == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return cycles


def test_no_import_loops_among_host_modules() -> None:
    """Function-local imports count too: a loop hidden in a function is still a loop."""
    assert _cycles(_host_graph()) == []


def _room(module: str) -> str:
    """The room a host module lives in: its sub-package of host, or itself at the top."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or (HOST / parts[-1]).is_dir() else module


def test_no_import_loops_among_host_rooms() -> None:
    """Rooms are layered (core, routes, handlers, middleware, native, demo_profile and the
    top-level composition modules): no room reaches back into one that imports it."""
    rooms: dict[str, set[str]] = {}
    for name, targets in _host_graph().items():
        rooms.setdefault(_room(name), set()).update(_room(t) for t in targets)
    for room, targets in rooms.items():
        targets.discard(room)
        for target in targets:
            rooms.setdefault(target, set())
    assert _cycles(rooms) == []


def test_the_loop_check_finds_a_loop() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_site_runtime_imports_nothing_from_the_host() -> None:
    """demo/runtime and demo/browser ship to every site; the host ships only with host sites."""
    wrong = []
    for folder in (ROOT / "demo" / "runtime", ROOT / "demo" / "browser"):
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and not node.level
                    else []
                )
                wrong += [
                    f"{path.relative_to(ROOT)} imports {n}"
                    for n in names
                    if n.split(".")[0] == "host"
                ]
    assert wrong == []
