"""The plugin as a user runs it: docs/testing-with-demos.md's complete example (its
pytest.ini, conftest.py and test file, taken from the page) plus a test that calls an
address no service answers, run with `pytester` in a fresh pytest process against the
example demo, served under /docs/demos/example/."""

from __future__ import annotations

import re
import tempfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from tests.chromium import CHROMIUM_ARGS
from tests.demo.sites import PREPARED, REPO
from tests.waiting import HEAVY_RUN_S, heavy

pytest_plugins = ["pytester"]
pytestmark = [pytest.mark.browser, pytest.mark.slow, heavy]

DOC = REPO / "docs" / "testing-with-demos.md"

UNHANDLED_TEST = """
def test_checkout_calls_a_service_the_demo_lacks(demo):
    demo.evaluate("fetch('http://payments:9000/charge', {method: 'POST'}).catch(() => null)")
"""


def doc_files() -> dict[str, str]:
    """file name -> text of every block marked `<!-- file: NAME -->` in the page."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S)
    return dict(found)


def test_the_plugin_is_installed_with_the_project() -> None:
    registered = {e.name: e.value for e in entry_points(group="pytest11")}
    assert registered.get("helio_demo") == "demo.pytest_plugin"


def test_without_pytests_cache_sites_are_kept_in_the_temp_folder(
    pytester: pytest.Pytester,
) -> None:
    from demo.pytest_plugin import _cache_dir

    config = pytester.parseconfigure("-p", "no:cacheprovider")
    assert _cache_dir(config) == Path(tempfile.gettempdir()) / "helio-demo-sites"


def test_the_documented_suite_passes_and_an_unhandled_call_fails_naming_the_url(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    files = doc_files()
    assert sorted(files) == ["conftest.py", "pytest.ini", "test_example_demo.py"]
    # The page's conftest names the system Chromium; the suite's flags (root, no GPU) too.
    conftest = files["conftest.py"].replace('["--no-sandbox"]', repr(CHROMIUM_ARGS))
    pytester.makefile(".ini", pytest=files["pytest.ini"])
    pytester.makeconftest(conftest)
    pytester.makepyfile(test_example_demo=files["test_example_demo.py"])
    pytester.makepyfile(test_payments=UNHANDLED_TEST)
    result = pytester.runpytest_subprocess(
        f"--demo-manifest={PREPARED['example']}",  # the page's path is relative to its repo
        f"--demo-cache-dir={tmp_path_factory.mktemp('demo-sites')}",
        "-p",
        "no:cacheprovider",
        "-v",
        timeout=HEAVY_RUN_S,
    )
    output = result.stdout.str()
    result.assert_outcomes(passed=5, failed=1)
    assert re.search(
        r"test_payments.py::test_checkout_calls_a_service_the_demo_lacks\S* FAILED", output
    )
    # The site's CSP refuses the address in the page, before the worker could see it.
    assert (
        "unhandled request(s) to an address no demo service answers: "
        "refused by the page's CSP: http://payments:9000/charge" in output
    )
    assert "/docs/demos/example/" in Path(pytester.path / "pytest.ini").read_text()
