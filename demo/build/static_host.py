"""What a plain static host needs from a built site: deep links and offline visits.

- `404.html` at the demo root: static hosts (GitHub Pages, Netlify, most others) answer
  a path they have no file for with it. An app with a page per route
  (`console/settings/index.html`) is opened without the slash (`console/settings`) as
  often as with it; a host that does not redirect to the folder answers 404, and this
  page sends the visitor on to the folder when it exists. Once the worker controls the
  site it does the same itself (serviceworker/site-files.js), so the page is only seen
  on a first visit. An app's own `404.html` is kept, and a host that answers the
  nearest `404.html` up the path serves it below the app's folder (the flagship
  console's is its index: its router shows the page or its own not-found page).
- `__demo-offline.json`: every site file the worker keeps once Python runs, so the site
  works with the network off after one visit, and a worker stopped while offline boots
  again: the pages and the runtime a restart reads (Pyodide, duckdb-wasm). Not the build's
  memory snapshot, nor the wheels and the demo package that a fresh boot installs: a
  restart restores the worker's own kept snapshot, which holds them. Nor the worker script
  (the browser keeps that).
"""

from __future__ import annotations

import json
from pathlib import Path

from demo.build.bundle import WORKER_FILE
from demo.build.headers import HEADER_FILES
from demo.build.runtime_files import RUNTIME_DIR
from demo.build.snapshot import SNAPSHOT_FILE

__all__ = ["NOT_FOUND_PAGE", "OFFLINE_LIST", "write_not_found_page", "write_offline_list"]

NOT_FOUND_PAGE = "404.html"
OFFLINE_LIST = "__demo-offline.json"
_NOT_KEPT = (
    *HEADER_FILES,  # for the host, not the browser
    SNAPSHOT_FILE,
    WORKER_FILE,
    OFFLINE_LIST,
    f"{RUNTIME_DIR}/wheels/",
    f"{RUNTIME_DIR}/demo-python.zip",
)

# Served at any depth, so it names no other file. The message shows only when the
# address is really missing (no folder to go to).
_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Page not found</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; }
  main { visibility: hidden; }
  html[data-missing] main { visibility: visible; }
</style>
<script>
  // console/settings -> console/settings/ when that folder exists: a deep link on a
  // host that does not redirect folders itself.
  (async () => {
    const { pathname, search, hash } = location;
    const folder = pathname.endsWith("/") ? null : pathname + "/";
    const found = folder && (await fetch(folder, { method: "HEAD" }).catch(() => null));
    if (found && found.ok) location.replace(folder + search + hash);
    else document.documentElement.dataset.missing = "";
  })();
</script>
</head>
<body>
<main>
  <h1>Page not found</h1>
  <p>Nothing lives at this address. Check the link, or go back to the page you came from.</p>
</main>
</body>
</html>
"""


def write_not_found_page(site: Path) -> Path:
    page = site / NOT_FOUND_PAGE
    if not page.exists():
        page.write_text(_PAGE, encoding="utf-8")
    return page


def _url_path(relative: Path) -> str:
    """The URL a page is opened by: a folder's index.html is the folder (`console/apps/`)."""
    if relative.name == "index.html":
        parent = relative.parent.as_posix()
        return "./" if parent == "." else parent + "/"
    return relative.as_posix()


def write_offline_list(site: Path) -> Path:
    paths = sorted(
        _url_path(path.relative_to(site))
        for path in site.rglob("*")
        if path.is_file() and not path.relative_to(site).as_posix().startswith(_NOT_KEPT)
    )
    out = site / OFFLINE_LIST
    out.write_text(json.dumps(paths, indent=0) + "\n", encoding="utf-8")
    return out
