"""docs/api-*.md document every admin-resource route, each page with a curl example."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.routes import RESOURCE_ROUTES

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.glob("api-*.md"))


def test_every_resource_route_is_documented() -> None:
    text = "\n".join(page.read_text() for page in PAGES)
    missing = [route.path for route in RESOURCE_ROUTES if f"`{route.path}" not in text]
    assert missing == [], f"undocumented in docs/api-*.md: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_each_page_has_a_curl_example(page: Path) -> None:
    assert "curl --cacert data/cert.pem" in page.read_text()


def test_the_readme_points_at_every_page() -> None:
    readme = (DOCS.parent / "README.md").read_text()
    assert [p.name for p in PAGES if f"docs/{p.name}" not in readme] == []


def test_openapi_shows_query_parameters_media_types_and_disruptive_routes() -> None:
    from host.handlers.openapi import openapi_document
    from host.routes import build_route_table

    paths = openapi_document(build_route_table(), "0")["paths"]
    tail = paths["/api/logs/tail"]["get"]
    assert [(p["name"], p["in"]) for p in tail["parameters"]] == [
        ("offset", "query"),
        ("max", "query"),
    ]
    assert "text/plain" in paths["/api/logs"]["get"]["responses"]["200"]["content"]
    assert (
        "application/zip" in paths["/api/logs/export_crash"]["get"]["responses"]["200"]["content"]
    )
    assert paths["/api/restart"]["post"]["x-helio-disruptive"] is True
    assert paths["/api/apps"]["get"]["x-helio-disruptive"] is False
    assert "requestBody" in paths["/api/apps"]["post"]
