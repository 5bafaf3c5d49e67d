"""The version is written once (host/__init__.py); packaging and the npm package agree with it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import host

ROOT = Path(__file__).resolve().parents[1]


def test_pyproject_reads_the_version_from_the_host_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "host.__version__"}


def test_the_npm_package_carries_the_same_version() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    assert package["version"] == host.__version__
