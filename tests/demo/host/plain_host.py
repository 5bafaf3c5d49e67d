"""A plain static host: files as they are, nothing clever, on a free loopback port.

What GitHub Pages does for a project site, and no more: `folder/` is answered with
`folder/index.html`, a path with no file (a folder without its slash included: no
redirect) is answered 404 with the nearest `404.html` up the path. `demo serve`
redirects `console/settings` to `console/settings/`; this one does not, so the flagship's
own deep-link handling is what is tested. `stop()` takes the site off the network.
"""

from __future__ import annotations

import mimetypes
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import demo.serve  # noqa: F401 - registers the MIME types the browser insists on (.mjs, .wasm)
from tests.demo.sites import free_port

__all__ = ["PlainHost"]


def _handler(root: Path) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
            self._answer(body=False)

        def do_GET(self) -> None:  # noqa: N802
            self._answer(body=True)

        def _answer(self, body: bool) -> None:
            path = unquote(urlsplit(self.path).path)
            asked = (root / path.lstrip("/")).resolve()
            if path.endswith("/"):
                asked = asked / "index.html"
            found = root in asked.parents and asked.is_file()
            status = 200 if found else 404
            target = asked if found else self._not_found(path)
            data = target.read_bytes() if target else b"Not found"
            kind = mimetypes.guess_type(target.name)[0] if target else "text/plain"
            self.send_response(status)
            self.send_header("content-type", kind or "application/octet-stream")
            self.send_header("content-length", str(len(data)))
            self.send_header("cache-control", "no-cache")
            self.end_headers()
            if body:
                self.wfile.write(data)

        def _not_found(self, path: str) -> Path | None:
            folder = (root / path.lstrip("/")).parent
            while root == folder or root in folder.parents:
                if (folder / "404.html").is_file():
                    return folder / "404.html"
                folder = folder.parent
            return None

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


class PlainHost:
    def __init__(self, root: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), _handler(root.resolve()))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
