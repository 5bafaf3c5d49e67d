"""The Studio page: the analyzer in Pyodide gives the CLI's `--json` on the same inputs."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from demo.build.site import build_site
from demo.studio import build_studio
from tests.demo.sites import Server
from tests.waiting import heavy

from .projects import REPO, SAMPLE_NAMES, SAMPLES, sample_file, write_project
from .test_analyze import MALFORMED, run_cli

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def studio(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    site = build_studio(tmp_path_factory.mktemp("studio") / "studio")
    with Server(site) as server:
        page = browser.new_page()
        page.goto(server.url + "/")
        assert page.evaluate("studio.ready") is True
        yield page
        page.close()


def _files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): base64.b64encode(p.read_bytes()).decode()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _in_studio(page: Any, folder: Path, compose: list[str]) -> dict[str, Any]:
    request = {"name": folder.name, "files": _files(folder), "compose": compose}
    result: dict[str, Any] = page.evaluate("request => studio.analyze(request)", request)
    return result


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_studio_report_equals_the_cli_json(studio: Any, name: str) -> None:
    cli = run_cli("analyze", "-f", str(sample_file(name)), "--json")
    assert _in_studio(studio, SAMPLES / name, [sample_file(name).name]) == json.loads(cli.stdout)


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_studio_reports_malformed_projects_as_the_cli(
    studio: Any, tmp_path: Path, case: str
) -> None:
    folder = write_project(tmp_path / "p", MALFORMED[case][0])
    cli = run_cli("analyze", "-f", str(folder / "compose.yaml"), "--json")
    assert cli.returncode == 2
    assert _in_studio(studio, folder, ["compose.yaml"]) == json.loads(cli.stdout)


def test_a_pasted_compose_file_is_reported_on_the_page(studio: Any) -> None:
    studio.fill(
        "#compose", "services:\n  db: {image: 'postgres:16'}\n  cache: {image: 'redis:7'}\n"
    )
    studio.click("#run")
    studio.wait_for_selector("#services tbody tr[data-service=cache]")
    assert studio.inner_text("#summary") == "project: 1 service(s) run in the browser, 1 left out"
    assert "redis:7: no in-browser adapter" in studio.inner_text("tr[data-service=cache]")


@heavy  # it builds the example demo: 78 s idle, past pytest-timeout's 300 s under load
def test_the_example_demo_links_its_studio(browser: Any, tmp_path: Path) -> None:
    # The Studio inside a demo site runs under that site's service worker.
    site = build_site(
        REPO / "fixtures" / "example-demo" / "manifest.json", tmp_path / "site", studio=True
    )
    with Server(site.out) as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(server.url + "/")
            page.evaluate("helioDemo.ready")
            page.click("a[href='studio/']")
            page.wait_for_url(server.url + "/studio/")
            assert page.evaluate("studio.ready") is True
            name = "spring-postgres"
            cli = run_cli("analyze", "-f", str(sample_file(name)), "--json")
            assert _in_studio(page, SAMPLES / name, [sample_file(name).name]) == json.loads(
                cli.stdout
            )
        finally:
            context.close()


def test_a_chosen_project_folder_is_reported_on_the_page(studio: Any) -> None:
    name = "postgresql-pgadmin"  # its .env is part of the folder the visitor picks
    studio.fill("#compose", "")
    studio.set_input_files("#folder", str(SAMPLES / name))
    studio.wait_for_function("document.getElementById('loaded').textContent.includes('loaded')")
    studio.click("#run")
    studio.wait_for_function(
        f"document.getElementById('summary').textContent.startsWith('{name}:')"
    )
    cli = json.loads(run_cli("analyze", "-f", str(sample_file(name)), "--json").stdout)
    assert json.loads(studio.text_content("#json") or "") == cli


def _drop_folder(page: Any, folder: Path) -> None:
    """Drop `folder` on the drop zone as a file manager does: a native drag of its path
    (Chromium's DevTools drag input), so the page reads it with webkitGetAsEntry."""
    box = page.locator("#drop").bounding_box()
    assert box is not None
    at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    data = {"items": [], "files": [str(folder)], "dragOperationsMask": 1}
    cdp = page.context.new_cdp_session(page)
    try:
        for kind in ("dragEnter", "dragOver", "drop"):
            cdp.send("Input.dispatchDragEvent", {"type": kind, **at, "data": data})
    finally:
        cdp.detach()


# compose.yaml with its .env, and a project whose file is docker-compose.yml.
@pytest.mark.parametrize("name", ["postgresql-pgadmin", "northwind-psql"])
def test_a_dropped_project_folder_is_reported_as_the_cli_does(
    browser: Any, tmp_path: Path, name: str
) -> None:
    site = build_studio(tmp_path / "studio")
    with Server(site) as server:
        page = browser.new_page()
        try:
            page.goto(server.url + "/")
            assert page.evaluate("studio.ready") is True
            _drop_folder(page, SAMPLES / name)
            page.wait_for_function(
                f"document.getElementById('loaded').textContent.endsWith('of {name} loaded')"
            )
            page.click("#run")
            page.wait_for_function(
                f"document.getElementById('summary').textContent.startsWith('{name}:')"
            )
            cli = json.loads(run_cli("analyze", "-f", str(sample_file(name)), "--json").stdout)
            assert json.loads(page.text_content("#json") or "") == cli
        finally:
            page.close()
