"""The site's pages: the demo's own `app` folder, or a generated landing page.

An `app` folder is copied as is (symbolic links followed, so an app can link to
files built elsewhere: the flagship links the console bundle, web/dist), except
that each HTML page gets the page script (`__demo-client.js`, by a path relative to that page) unless it already
includes it. Without an app, `index.html` lists the services with a request
panel per HTTP service (mock-http), a query panel per database (starting with its
adapter's `example_query`) and the reset control; labels come from the adapter
registry (demo/runtime/adapters.py).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from demo.build.bundle import CLIENT_FILE
from demo.runtime.adapters import ADAPTERS, HttpAdapter, SqlAdapter
from demo.runtime.routes import service_prefix

__all__ = ["copy_app", "write_landing_page"]

_HERE = Path(__file__).parent / "landing"
_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


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
            text = _inject(text, _client_tag(relative))
        target.write_text(text, encoding="utf-8")
        pages.append(target)
    return pages


def _inject(text: str, tag: str) -> str:
    # Before any other script, so fetches made while the page loads are already rewritten.
    for pattern in (r"<head[^>]*>", r"<html[^>]*>"):
        match = re.search(pattern, text, re.I)
        if match:
            return text[: match.end()] + "\n" + tag + text[match.end() :]
    return tag + "\n" + text


def _routes(site: Path, config: dict[str, Any]) -> list[tuple[str, str]]:
    routes: list[tuple[str, str]] = []
    try:
        if config.get("fixtures"):
            for item in json.loads((site / config["fixtures"]).read_text(encoding="utf-8")):
                routes.append((str(item.get("method", "GET")).upper(), str(item.get("path", "/"))))
        if config.get("openapi"):
            document = json.loads((site / config["openapi"]).read_text(encoding="utf-8"))
            for path, item in (document.get("paths") or {}).items():
                for method in item or {}:
                    if method.upper() in _METHODS:
                        routes.append((method.upper(), path))
    except (OSError, ValueError, AttributeError):
        pass  # the list is a convenience; the panel works without it
    return list(dict.fromkeys(routes))


def _http_section(site: Path, name: str, adapter: HttpAdapter, config: dict[str, Any]) -> str:
    e = html.escape
    prefix = service_prefix(adapter.family, name).lstrip("/")
    routes = _routes(site, config)
    items = "".join(
        f'<li><code>{e(m)} <a href="#" data-fill="{e(name)}" data-method="{e(m)}" data-route="{e(p)}">{e(p)}</a></code></li>'
        for m, p in routes[:40]
    )
    address = (
        f" · frontend address <code>{e(config['address'])}</code>" if config.get("address") else ""
    )
    first = routes[0] if routes else ("GET", "/")
    options = "".join(
        f"<option{' selected' if m == first[0] else ''}>{m}</option>" for m in _METHODS
    )
    return f"""<section class="service"><h2>{e(name)} <small class="muted">{e(adapter.name)}</small></h2>
<p class="muted">{e(adapter.label)} · <code>{e(prefix)}/&lt;route&gt;</code>{address}</p>
<details{" open" if len(routes) <= 12 else ""}><summary>{len(routes)} route(s): click one to fill the form</summary>
<ul class="routes">{items}</ul></details>
<form data-http="{e(name)}" data-prefix="{e(prefix)}/"><div class="row"><select name="method">{options}</select>
<input name="route" value="{e(first[1].lstrip("/"))}" aria-label="route"><button>Send</button></div>
<textarea name="body" placeholder="JSON body (for POST/PUT/PATCH)"></textarea><output hidden></output></form></section>"""


def _db_section(name: str, adapter: SqlAdapter) -> str:
    e = html.escape
    return f"""<section class="service"><h2>{e(name)} <small class="muted">{e(adapter.name)}</small></h2>
<p class="muted">{e(adapter.label)} · <code>POST __demo/db/{e(name)}/query</code> with <code>{{"sql": "..."}}</code></p>
<form data-db="{e(name)}"><textarea name="sql" aria-label="SQL">{e(adapter.example_query)}</textarea>
<div class="row"><button>Run</button></div><output hidden></output></form></section>"""


def write_landing_page(site: Path, title: str, manifest: dict[str, Any]) -> Path:
    shutil.copyfile(_HERE / "landing.js", site / "__demo-landing.js")
    shutil.copyfile(_HERE / "landing.css", site / "__demo-landing.css")
    sections = []
    for service in manifest["services"]:
        adapter = ADAPTERS[service["adapter"]]
        if isinstance(adapter, SqlAdapter):
            sections.append(_db_section(service["name"], adapter))
        elif isinstance(adapter, HttpAdapter):
            sections.append(_http_section(site, service["name"], adapter, service["config"]))
    e = html.escape
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} · Helio demo</title>
<link rel="icon" href="data:,">
{_client_tag(CLIENT_FILE)}
<link rel="stylesheet" href="__demo-landing.css">
</head><body>
<h1>{e(title)}</h1>
<p class="muted">In-browser demo: a service worker running Python (Pyodide) answers every service below.
Data lives in this browser only (storage namespace <code>{e(manifest["storageNamespace"])}</code>).</p>
<p id="demo-status" class="muted">Starting the service worker…</p>
<p><button id="demo-reset" type="button">Reset demo data</button> <span id="demo-reset-result" hidden></span></p>
{"".join(sections)}
<script src="__demo-landing.js"></script>
</body></html>
"""
    target = site / "index.html"
    target.write_text(page, encoding="utf-8")
    return target
