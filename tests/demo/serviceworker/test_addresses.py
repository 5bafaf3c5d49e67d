"""serviceworker/addresses.js applies the table demo.build.addresses builds (rule 2 of the spec).

The worker and the page script both rewrite with this one module; here it runs in Node,
whose URL parser is the browser's (WHATWG), over a table the build really makes.
"""

from __future__ import annotations

import pytest

from demo.build.addresses import address_table

from .node import module_url, run_module

SERVICES = [
    {"name": "api", "adapter": "mock-http", "config": {"address": "http://api:8080"}},
    {"name": "v2", "adapter": "mock-http", "config": {"address": "http://api:8080/v2"}},
    {"name": "pay", "adapter": "mock-http", "config": {"address": "https://pay.internal/api/v3/"}},
    {"name": "notes", "adapter": "sqlite", "config": {"image": "x"}},
]

CASES = [
    ("http://api:8080/users?x=1#top", "__demo/mock/api/users"),
    ("http://api:8080", "__demo/mock/api/"),
    ("http://API:8080/users/", "__demo/mock/api/users/"),
    ("http://api:8080/v2/users", "__demo/mock/v2/users"),
    ("http://api:8080/v2", "__demo/mock/v2/"),
    ("http://api:8080/v20", "__demo/mock/api/v20"),
    ("https://pay.internal:443/api/v3/pet/1", "__demo/mock/pay/pet/1"),
    ("https://pay.internal/api/v3", "__demo/mock/pay/"),
    ("https://pay.internal/api/v4/pet", None),
    ("http://api:8081/users", None),
    ("https://api:8080/users", None),
    ("http://notes/", None),
]

SCRIPT = f"""
import {{ addressTarget }} from "{module_url("serviceworker/addresses.js")}";
console.log(JSON.stringify(input.urls.map((u) => addressTarget(new URL(u), input.table))));
"""


@pytest.fixture(scope="module")
def rewritten() -> dict[str, str | None]:
    urls = [url for url, _ in CASES]
    answers = run_module(SCRIPT, {"urls": urls, "table": address_table(SERVICES)})
    return dict(zip(urls, answers, strict=True))


@pytest.mark.parametrize(("url", "target"), CASES)
def test_address_target(rewritten: dict[str, str | None], url: str, target: str | None) -> None:
    assert rewritten[url] == target
