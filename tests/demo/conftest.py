"""Fixtures shared by the demo kit's tests: prepared sites and built, served sites.

Inside Pyodide (tests/demo/runtime/pyodide_runner.mjs) only `sites_root` is used: the
native side prepares the sites first and passes their folder in `HELIO_PREBUILT_SITES`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.demo.sites import IN_PYODIDE, SHOP, Server, Sites, prepare_all


@pytest.fixture(scope="session")
def sites_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding every prepared site (`<folder>/mini`, `<folder>/example`)."""
    prebuilt = os.environ.get("HELIO_PREBUILT_SITES")
    if prebuilt:
        return Path(prebuilt)
    if IN_PYODIDE:
        pytest.skip("HELIO_PREBUILT_SITES is not set inside Pyodide")
    out = tmp_path_factory.mktemp("prepared")
    prepare_all(out)
    return out


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Sites:
    """The built sites, once per session, in `<tmp>/demos/{shop,other,app}`."""
    from demo.build.site import build_site

    root = tmp_path_factory.mktemp("served")
    shop = build_site(SHOP / "manifest.json", root / "demos" / "shop")
    other = build_site(SHOP / "other.json", root / "demos" / "other")
    app = build_site(SHOP / "with-app.json", root / "demos" / "app")
    return Sites(root, shop, other, app)


@pytest.fixture(scope="session")
def server(sites: Sites) -> Iterator[Server]:
    """`demo serve` over the built sites' root (so the demos live under /demos/...)."""
    with Server(sites.root) as running:
        yield running
