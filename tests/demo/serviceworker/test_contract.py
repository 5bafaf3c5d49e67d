"""The worker <-> Python contract cannot drift: serviceworker/contract.js against Python.

Each JSDoc typedef of contract.js is compared with the Python declaration of the same
name (Protocol methods and their parameters, TypedDict keys, dataclass fields), and
the worker's scripts may only read the fields the typedefs declare.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
import typing
from typing import Any

import pytest

from demo.browser import contract
from demo.build.addresses import Address
from demo.build.bundle import BuildInfo, ClientInfo, DatabaseImage
from demo.pytest_plugin import Call, Override
from http_errors import error_body
from tests.demo.sites import REPO

from .node import module_url, run_module

WORKER = REPO / "serviceworker"

# Typedef name -> its Python declaration.
PYTHON = {
    "WorkerApi": contract.WorkerApi,
    "DuckFactory": contract.DuckFactory,
    "DuckDatabase": contract.DuckDatabase,
    "DuckAnswer": contract.DuckAnswer,
    "WorkerEntry": contract.WorkerEntry,
    "WorkerStatus": contract.WorkerStatus,
    "PythonHandler": contract.PythonHandler,
    "HandlerReply": contract.HandlerReply,
    "BuildInfo": BuildInfo,
    "ClientInfo": ClientInfo,
    "DatabaseImage": DatabaseImage,
    "Address": Address,
    "Override": Override,
    "Call": Call,
}


def _typedefs() -> dict[str, dict[str, list[str] | None]]:
    """typedef -> property -> its parameter names (function types) or None."""
    text = (WORKER / "contract.js").read_text()
    out: dict[str, dict[str, list[str] | None]] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", text, re.S):
        name = re.search(r"@typedef \{Object\} (\w+)", block)
        if name is None:
            continue
        members: dict[str, list[str] | None] = {}
        for kind, prop in re.findall(r"@property \{(.+?)\} (\w+)", block):
            params = re.match(r"\((.*?)\)\s*=>", kind)
            members[prop] = (
                None if params is None else re.findall(r"(?:^|,\s*)(\w+)\s*:", params.group(1))
            )
        out[name.group(1)] = members
    return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def _python_members(declaration: Any) -> dict[str, list[str] | None]:
    if dataclasses.is_dataclass(declaration):
        return {f.name: None for f in dataclasses.fields(declaration)}
    if typing.is_typeddict(declaration):
        return dict.fromkeys(declaration.__annotations__)
    members: dict[str, list[str] | None] = {}
    for name, value in vars(declaration).items():
        if not name.startswith("_") and callable(value):
            members[name] = list(inspect.signature(value).parameters)[1:]  # without self
    return members


TYPEDEFS = _typedefs()


def test_every_typedef_has_a_python_declaration() -> None:
    assert set(TYPEDEFS) == set(PYTHON)


@pytest.mark.parametrize("name", sorted(PYTHON))
def test_typedef_matches_python(name: str) -> None:
    javascript = TYPEDEFS[name]
    python = _python_members(PYTHON[name])
    assert sorted(javascript) == sorted(python), f"{name}: members differ"
    for member, params in javascript.items():
        expected = python[member]
        if params is not None or expected is not None:
            assert [_snake(p) for p in params or []] == expected, f"{name}.{member}: parameters"


def _fields_read(script: str, variable: str) -> set[str]:
    return set(re.findall(rf"(?<![\w$.-]){variable}\.(\w+)", (WORKER / script).read_text()))


@pytest.mark.parametrize(
    ("script", "variable", "typedef"),
    [
        ("worker.js", "BUILD", "BuildInfo"),
        ("boot.js", "build", "BuildInfo"),
        ("page.js", "CLIENT", "ClientInfo"),
        ("worker.js", "reply", "HandlerReply"),
        ("worker.js", "python", "PythonHandler"),
        ("boot.js", "entry", "WorkerEntry"),
        ("addresses.js", "address", "Address"),
        ("page.js", "status", "WorkerStatus"),
    ],
)
def test_scripts_read_only_declared_fields(script: str, variable: str, typedef: str) -> None:
    read = _fields_read(script, variable)
    assert read, f"{script} no longer reads {variable}: update this test"
    assert read <= set(TYPEDEFS[typedef]), f"{script}: {sorted(read - set(TYPEDEFS[typedef]))}"


def test_the_worker_api_boot_js_hands_over_is_the_declared_one() -> None:
    text = (WORKER / "boot.js").read_text()
    literal = re.search(r"const api = \{\n(.*?)\n  \};", text, re.S)
    assert literal is not None, "boot.js builds its WorkerApi as `const api = {...};`"
    keys = re.findall(r"^    (\w+)\b", literal.group(1), re.M)
    assert sorted(keys) == sorted(TYPEDEFS["WorkerApi"])


def test_worker_error_body_has_the_python_shape() -> None:
    message = 'could not start: "ü" \\ <x>'
    script = f"""
    import {{ errorBody }} from "{module_url("serviceworker/contract.js")}";
    console.log(errorBody(input));
    """
    assert run_module(script, message) == error_body(message)
