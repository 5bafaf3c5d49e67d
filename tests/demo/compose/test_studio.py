"""The Studio page: the analyzer in Pyodide gives the CLI's `--json` on the same inputs."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from demo.studio import build_studio
from tests.chromium import CHROMIUM, launch_chromium
from tests.demo.sites import Server

from .projects import SAMPLE_NAMES, SAMPLES, sample_file, write_project
from .test_analyze import MALFORMED, run_cli

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: run `make chromium` (make test does)")
    from playwright.sync_api import sync_playwright

    site = build_studio(tmp_path_factory.mktemp("studio") / "studio")
    with Server(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page()
        page.goto(server.url + "/")
        assert page.evaluate("studio.ready") is True
        yield page
        browser.close()


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
