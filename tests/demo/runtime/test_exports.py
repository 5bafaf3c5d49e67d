"""Every runtime module declares a sorted, complete `__all__`."""

from __future__ import annotations

import importlib
import inspect

import pytest

MODULES = [
    "demo.runtime",
    "demo.runtime.adapters",
    "demo.runtime.app",
    "http_errors",
    "demo.runtime.handlers",
    "demo.runtime.manifest",
    "demo.runtime.ports",
    "demo.runtime.query",
    "demo.runtime.routes",
    "demo.runtime.services",
    "demo.runtime.single_request",
    "demo.runtime.persisted",
    "demo.runtime.mock",
    "demo.runtime.mock.examples",
    "demo.runtime.mock.fixtures",
    "demo.runtime.mock.openapi",
    "demo.runtime.mock.router",
    "demo.runtime.sql",
    "demo.runtime.sql.postgres",
    "demo.runtime.sql.postgres.duckdump",
    "demo.runtime.sql.postgres.engine",
    "demo.runtime.sql.postgres.json_functions",
    "demo.runtime.sql.postgres.json_rewrite",
    "demo.runtime.sql.postgres.rewrites",
    "demo.runtime.sql.postgres.split",
    "demo.runtime.sql.postgres.transpile",
    "demo.runtime.sql.postgres.values",
    "demo.runtime.sql.results",
    "demo.runtime.sql.sqlite_engine",
    "demo.runtime.sql.statements",
    "demo.native",
]


@pytest.mark.parametrize("name", MODULES)
def test_all_is_sorted_and_defined(name: str) -> None:
    module = importlib.import_module(name)
    exported = list(module.__all__)
    assert exported == sorted(exported, key=lambda n: (not n.isupper(), n)) or exported == sorted(
        exported
    )
    for item in exported:
        assert hasattr(module, item), f"{name}.{item} is in __all__ but not defined"


@pytest.mark.parametrize("name", [m for m in MODULES if m.count(".") >= 2])
def test_public_classes_and_functions_are_exported(name: str) -> None:
    module = importlib.import_module(name)
    public = {
        n
        for n, obj in vars(module).items()
        if not n.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and getattr(obj, "__module__", None) == name
    }
    assert public <= set(module.__all__), (
        f"{name}: not in __all__: {sorted(public - set(module.__all__))}"
    )
