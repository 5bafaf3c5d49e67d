"""The site's Content-Security-Policy (demo/build/headers.py): every page's meta tag and
the header files static hosts read, on the built test sites."""

from __future__ import annotations

import json
import re

from demo.build.headers import content_security_policy, inline_script_hashes
from tests.demo.sites import Sites, native_only

pytestmark = native_only

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def _directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in policy.split("; ")}


def test_every_page_carries_the_policy_before_any_script(sites: Sites) -> None:
    pages = [p for site in (sites.shop, sites.app) for p in site.out.rglob("*.html")]
    assert len(pages) >= 4  # landing, 404s, the app's pages
    for page in pages:
        text = page.read_text()
        found = META.search(text)
        assert found, page
        first_script = text.find("<script")
        assert first_script < 0 or found.start() < first_script, page
        scripts = _directives(found.group(1))["script-src"]
        assert scripts[:2] == ["'self'", "'wasm-unsafe-eval'"], page
        assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, page
        # An inline script of the page is allowed by its hash, and only it.
        assert scripts[2:] == [f"'{h}'" for h in sorted(inline_script_hashes(text))], page


def test_the_policy_allows_the_service_addresses_for_connections() -> None:
    address = {"origin": "http://api:8080", "basePath": "/", "service": "api", "target": "x"}
    policy = _directives(content_security_policy([address]))  # type: ignore[list-item]
    assert policy["connect-src"] == ["'self'", "http://api:8080"]
    assert policy["img-src"][-1] == "http://api:8080"
    assert policy["object-src"] == ["'none'"]


def test_header_files_send_the_policy_and_the_mime_types(sites: Sites) -> None:
    for site, duckdb in ((sites.shop, True), (sites.app, False)):
        out = site.out
        netlify = (out / "_headers").read_text().splitlines()
        assert netlify[0] == "/*"
        policy = netlify[1].removeprefix("  Content-Security-Policy: ")
        scripts = _directives(policy)["script-src"]
        assert "'wasm-unsafe-eval'" in scripts and "'unsafe-inline'" not in scripts
        # The worker script on a site with duckdb-wasm evaluates duck-bridge.js's text.
        assert ("'unsafe-eval'" in scripts) is duckdb
        assert "  X-Content-Type-Options: nosniff" in netlify
        wasm = sorted("/" + p.relative_to(out).as_posix() for p in out.rglob("*.wasm"))
        assert wasm and all(
            netlify[netlify.index(path) + 1] == "  Content-Type: application/wasm" for path in wasm
        )
        worker = netlify.index("/__demo-sw.js")
        assert netlify[worker + 1] == "  Content-Type: text/javascript"

        vercel = json.loads((out / "vercel.json").read_text())["headers"]
        assert vercel[0]["source"] == "/(.*)"
        assert {"key": "Content-Security-Policy", "value": policy} in vercel[0]["headers"]
        typed = {r["source"]: r["headers"][0]["value"] for r in vercel[1:]}
        assert all(typed[path] == "application/wasm" for path in wasm)

        azure = json.loads((out / "staticwebapp.config.json").read_text())
        assert azure["globalHeaders"]["Content-Security-Policy"] == policy
        assert azure["mimeTypes"][".wasm"] == "application/wasm"
        assert azure["mimeTypes"][".mjs"] == "text/javascript"
        # For the host only: the worker does not keep them for offline visits.
        offline = json.loads((out / "__demo-offline.json").read_text())
        assert not {"_headers", "vercel.json", "staticwebapp.config.json"} & set(offline)
