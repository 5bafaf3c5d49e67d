"""The site's pages: the demo's own `app` folder, or a generated landing page.

An `app` folder is copied as is (symbolic links followed, so an app can link to
files built elsewhere: the flagship links the console bundle, web/dist), except that each HTML page gets the page
script (`__demo-client.js`, by a path relative to that page) unless it already
includes it. Without an app, `index.html` is a page of the demo components
(components/, bundled as `__demo-components.js`): a short header saying what the
demo is, `<demo-controls>`, then a `<demo-query-panel>` per database service and a
`<demo-fixture-explorer>` per HTTP service with an OpenAPI document or fixtures; which one follows from the adapter
registry (demo/runtime/adapters.py), whose labels the header shows.
"""

from __future__ import annotations

import html
import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from demo.build.bundle import CLIENT_FILE, COMPONENTS_FILE
from demo.runtime.adapters import ADAPTERS, HttpAdapter, SqlAdapter

__all__ = ["copy_app", "inject_in_head", "write_landing_page"]

_HERE = Path(__file__).parent / "landing"
_STYLES = "__demo-landing.css"
# The built config keys the fixture explorer reads its routes from (mock-http).
_EXPLORABLE = {"openapi", "fixtures"}


def _client_tag(relative: str) -> str:
    return f'<script src="{html.escape(relative)}"></script>'


def _app_files(app_dir: Path) -> list[Path]:
    found = []
    for folder, _, names in os.walk(app_dir, followlinks=True):
        for name in names:
            path = Path(folder) / name
            if not path.exists():
                raise FileNotFoundError(f"app file {path} is a broken link")
            found.append(path)
    for link in (p for p in app_dir.rglob("*") if p.is_symlink() and not p.exists()):
        raise FileNotFoundError(
            f"app link {link.relative_to(app_dir)} points to {os.readlink(link)}, which does not "
            "exist (build it first: the flagship's console bundle is `make web/dist/console.js`)"
        )
    return sorted(found)


def copy_app(app_dir: Path, site: Path) -> list[Path]:
    """Copy the app's files into the site; add the page script to every HTML page."""
    pages = []
    for source in _app_files(app_dir):
        target = site / source.relative_to(app_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix.lower() not in (".html", ".htm"):
            shutil.copyfile(source, target)
            continue
        text = source.read_text(encoding="utf-8")
        if CLIENT_FILE not in text:
            relative = os.path.relpath(site / CLIENT_FILE, target.parent).replace(os.sep, "/")
            # Before any other script, so fetches made while the page loads are rewritten.
            text = inject_in_head(text, _client_tag(relative))
        target.write_text(text, encoding="utf-8")
        pages.append(target)
    return pages


def inject_in_head(text: str, tag: str) -> str:
    """`tag` first in the page's <head> (else first in <html>, else first)."""
    for pattern in (r"<head[^>]*>", r"<html[^>]*>"):
        match = re.search(pattern, text, re.I)
        if match:
            return text[: match.end()] + "\n" + tag + text[match.end() :]
    return tag + "\n" + text


def _component(service: dict[str, Any]) -> str:
    e = html.escape
    adapter = ADAPTERS[service["adapter"]]
    name = e(service["name"])
    if isinstance(adapter, SqlAdapter):
        tag = "demo-query-panel"
    elif isinstance(adapter, HttpAdapter) and _EXPLORABLE & set(service["config"]):
        tag = "demo-fixture-explorer"
    else:  # nothing to explore (an asgi app): listed in the header only
        return ""
    return f'<{tag} id="service-{name}" service="{name}"></{tag}>'


_STUDIO_LINK = (
    '<p class="studio"><a href="studio/">Studio</a>: paste your own Compose file and see '
    "which of its services would run in a demo like this one.</p>"
)


def _left_out(left_out: Sequence[tuple[str, str]]) -> str:
    if not left_out:
        return ""
    e = html.escape
    rows = "".join(f"<li><b>{e(name)}</b>: {e(reason)}</li>" for name, reason in left_out)
    return (
        '<section class="left-out" aria-label="Left out">'
        "<h2>Not in this demo</h2><p>These services of the real stack do not run in the "
        f"browser:</p><ul>{rows}</ul></section>"
    )


def write_landing_page(
    site: Path,
    title: str,
    manifest: dict[str, Any],
    left_out: Sequence[tuple[str, str]] = (),
    name: str = "index.html",
    *,
    studio: bool = False,
) -> Path:
    shutil.copyfile(_HERE / "landing.css", site / _STYLES)
    e = html.escape
    services = manifest["services"]
    chips = "".join(
        f'<li><a href="#service-{e(s["name"])}">{e(s["name"])} '
        f"<small>{e(ADAPTERS[s['adapter']].label)}</small></a></li>"
        for s in services
    )
    panels = "\n".join(filter(None, (_component(s) for s in services)))
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} · Helio demo</title>
<link rel="icon" href="data:,">
{_client_tag(CLIENT_FILE)}
<script type="module" src="{COMPONENTS_FILE}"></script>
<link rel="stylesheet" href="{_STYLES}">
</head><body>
<main>
<header>
<h1>{e(title)}</h1>
<p>An in-browser demo: a service worker running Python (Pyodide) answers every service
below from this tab. Nothing is sent to a server; data is kept in this browser only.</p>
<ul class="services" aria-label="Services">{chips}</ul>
{_left_out(left_out)}
{_STUDIO_LINK if studio else ""}
</header>
<noscript><p>This demo runs in the browser: it needs JavaScript and service workers.</p></noscript>
<demo-controls></demo-controls>
{panels}
</main>
</body></html>
"""
    target = site / name
    target.write_text(page, encoding="utf-8")
    return target
