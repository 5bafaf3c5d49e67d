"""The build-time memory snapshot: a first visit restores Python instead of booting it.

Without it, a visitor's worker boots Pyodide, installs the wheels, imports the
runtime and builds the app (about twice as long as bare Pyodide boots), and makes
its memory snapshot only afterwards. So the build does that once: it serves the
finished site on loopback, opens it in headless Chromium, lets the site's own
worker boot and make its snapshot (serviceworker/boot.js, the very code a visitor
runs), and writes the snapshot into the site as `__demo-snapshot.bin`::

    b"HELIOSN1" | u32 LE header length | header JSON (space-padded) | memory | files

The header names the build checksum the snapshot belongs to; the worker uses it
only when that matches its own (serviceworker/snapshot.js `readSiteSnapshot`),
and otherwise boots as before. The file lies outside what the checksum covers,
so making it does not change the build it belongs to.

Chromium is optional: without it (or when anything here fails) the build still
succeeds, warns, and the site boots the slow way.
"""

from __future__ import annotations

import gzip
import json
import struct
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from demo.build.chromium import CHROMIUM, launch_chromium

__all__ = [
    "SNAPSHOT_FILE",
    "SNAPSHOT_MAGIC",
    "SnapshotError",
    "SnapshotParts",
    "make_site_snapshot",
    "read_snapshot_file",
    "write_snapshot_file",
]

SNAPSHOT_FILE = "__demo-snapshot.bin"
SNAPSHOT_MAGIC = b"HELIOSN1"
# The loopback server's own paths (never part of the site).
_PAGE = "/__build-snapshot.html"
_UPLOAD = "/__build-snapshot-upload/"
_BOOT_TIMEOUT_S = 180

# A bare page with only the demo's page script: the app's own pages may do anything.
_PAGE_HTML = b"""<!doctype html><meta charset="utf-8"><title>snapshot</title>
<script src="__demo-client.js"></script>"""

# Runs in the page once the worker controls it: one request boots Python, then the
# worker's snapshot (kept in its Cache API) is sent back to the build.
_TAKE_JS = """async ([checksum, upload, timeoutMs]) => {
  await helioDemo.ready;
  const answer = await fetch("__demo/__build-snapshot");  // any /__demo/ path boots Python
  await answer.arrayBuffer();
  // The build's browser profile holds this one demo: its snapshot cache is the one whose
  // name starts so (the rest is the demo's namespace, serviceworker/storage.js).
  const snapshotCache = async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("helio-demo-snapshot "));
    return name === undefined ? null : caches.open(name);
  };
  const key = (part) => new URL(`__demo-snapshot/${checksum}/${part}`, helioDemo.root).href;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const cache = await snapshotCache();
    const [memory, files] = cache === null ? [] : await Promise.all([cache.match(key("memory")), cache.match(key("files"))]);
    if (memory && files) {
      for (const [part, response] of [["memory", memory], ["files", files]]) {
        const sent = await fetch(upload + part, { method: "PUT", body: await response.arrayBuffer() });
        if (!sent.ok) throw new Error(`upload of ${part} failed: HTTP ${sent.status}`);
      }
      return answer.status;
    }
    if (performance.now() > deadline) throw new Error("the worker made no memory snapshot");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}"""


class SnapshotError(RuntimeError):
    """No snapshot could be made (no Chromium, or the worker failed)."""


@dataclass(frozen=True)
class SnapshotParts:
    checksum: str
    memory: bytes
    files: bytes


def write_snapshot_file(site: Path, parts: SnapshotParts) -> Path:
    header = json.dumps(
        {"checksum": parts.checksum, "memory": len(parts.memory), "files": len(parts.files)}
    ).encode()
    # Pyodide reads the memory through a Uint32Array view: it must start 4-byte aligned.
    header += b" " * (-(len(SNAPSHOT_MAGIC) + 4 + len(header)) % 8)
    target = site / SNAPSHOT_FILE
    with gzip.open(target, "wb", compresslevel=6) as out:
        out.write(SNAPSHOT_MAGIC + struct.pack("<I", len(header)) + header)
        out.write(parts.memory)
        out.write(parts.files)
    return target


def read_snapshot_file(path: Path) -> SnapshotParts:
    try:
        data = gzip.decompress(path.read_bytes())
    except (OSError, EOFError) as exc:
        raise SnapshotError(f"{path} is not a demo snapshot: {exc}") from exc
    if not data.startswith(SNAPSHOT_MAGIC):
        raise SnapshotError(f"{path} is not a demo snapshot")
    at = len(SNAPSHOT_MAGIC)
    (length,) = struct.unpack_from("<I", data, at)
    header = json.loads(data[at + 4 : at + 4 + length])
    start = at + 4 + length
    memory = data[start : start + header["memory"]]
    files = data[start + header["memory"] : start + header["memory"] + header["files"]]
    return SnapshotParts(header["checksum"], memory, files)


class _Catcher:
    """The site's static app plus the snapshot page and the upload route."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.parts: dict[str, bytes] = {}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith((_PAGE, _UPLOAD)):
            await self.app(scope, receive, send)
            return
        body = b""
        if path.startswith(_UPLOAD):
            more = True
            while more:
                message = await receive()
                body += message.get("body", b"")
                more = message.get("more_body", False)
            self.parts[path.removeprefix(_UPLOAD)] = body
        answer = _PAGE_HTML if path == _PAGE else b""
        await send(
            {
                "type": "http.response.start",
                "status": 200 if answer else 204,
                "headers": [(b"content-type", b"text/html; charset=utf-8")],
            }
        )
        await send({"type": "http.response.body", "body": answer})


def _take(site: Path, checksum: str, say: Callable[[str], None]) -> SnapshotParts:
    import socket

    import uvicorn
    from playwright.sync_api import sync_playwright

    from demo.serve import make_app

    catcher = _Catcher(make_app(site))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(catcher, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline:
                raise SnapshotError("the loopback server did not start")
            time.sleep(0.02)
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                page = browser.new_context().new_page()
                lines: list[str] = []
                page.context.on("console", lambda m: lines.append(m.text))
                page.goto(f"http://127.0.0.1:{port}{_PAGE}")
                try:
                    page.evaluate(_TAKE_JS, [checksum, _UPLOAD, _BOOT_TIMEOUT_S * 1000])
                except Exception as exc:
                    worker = "; ".join(line for line in lines if "helio-demo" in line)
                    raise SnapshotError(f"{exc} (worker said: {worker or 'nothing'})") from exc
                for line in lines:
                    if "memory snapshot kept" in line:
                        say(line.removeprefix("[helio-demo] "))
            finally:
                browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    if set(catcher.parts) != {"memory", "files"}:
        raise SnapshotError("the snapshot did not arrive")
    return SnapshotParts(checksum, catcher.parts["memory"], catcher.parts["files"])


def make_site_snapshot(site: Path, checksum: str, say: Callable[[str], None]) -> Path:
    """Write `site/__demo-snapshot.bin` for build `checksum`; SnapshotError when impossible."""
    if not Path(CHROMIUM).exists():
        raise SnapshotError(f"{CHROMIUM} is not installed (`make chromium` installs it)")
    try:
        import playwright  # noqa: F401
    except ImportError as exc:
        raise SnapshotError("playwright is not installed (`make setup` installs it)") from exc
    try:
        # Playwright's sync API refuses a thread that runs an event loop (a caller's asyncio,
        # another sync Playwright): its own thread has none.
        with ThreadPoolExecutor(1, thread_name_prefix="demo-snapshot") as pool:
            parts = pool.submit(_take, site, checksum, say).result()
    except SnapshotError:
        raise
    except Exception as exc:  # Playwright or uvicorn trouble: the site still works without
        raise SnapshotError(f"{type(exc).__name__}: {exc}") from exc
    return write_snapshot_file(site, parts)
