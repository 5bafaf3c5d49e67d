"""Every example query a manifest offers (the query panel's menu) runs on its service."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import Demo


@pytest.mark.parametrize("site", ["example"])
def test_every_example_query_runs(make_demo: Callable[..., Demo], site: str) -> None:
    demo = make_demo(site)
    ran = 0
    for service in demo.manifest["services"]:
        for sql in service["config"].get("examples", []):
            reply = demo.client.post(f"/__demo/db/{service['name']}/query", json_body={"sql": sql})
            assert reply.status == 200, (service["name"], sql, reply.text)
            ran += 1
    assert ran >= 2, "the example demo offers example queries"
