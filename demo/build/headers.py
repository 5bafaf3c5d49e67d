"""The Content-Security-Policy a demo site runs under, and the header files static hosts read.

One policy, decided here:

    default-src 'self'; script-src 'self' 'wasm-unsafe-eval' <hashes>; style-src 'self'
    'unsafe-inline'; img-src 'self' data: blob: <addresses>; font-src 'self' data:;
    connect-src 'self' <addresses>; form-action 'self' <addresses>; worker-src 'self';
    frame-src 'self'; object-src 'none'; base-uri 'self'

- Scripts only from the site's own files (no inline script, no `eval`): 'wasm-unsafe-eval'
  lets Pyodide and duckdb-wasm compile WebAssembly. A page's own inline scripts (the
  site's `404.html` has one) are allowed by their sha256 hash, nothing else inline.
- The service addresses (`http://api:8080`) are allowed for connections, images and
  forms: the page script sends fetch and XHR calls to the demo URL, but an `<img>`, a form
  or an EventSource asks the address itself, which the worker answers.
- Styles may be inline: Lit, Shoelace and CodeMirror set style attributes and sheets.

Every HTML page of the site gets the policy as a `<meta http-equiv>` tag (`protect_pages`;
a page with its own policy keeps it). The header files (`write_header_files`: `_headers`
for Netlify and Cloudflare Pages, `vercel.json`, `staticwebapp.config.json` for Azure
Static Web Apps) send it on every path, with the MIME types the worker needs; there it
also covers the worker script, which on a site with duckdb-wasm needs 'unsafe-eval'
(duck-bridge.js evaluates its text), so that header carries it while each page's meta tag
keeps the page itself without it (a browser enforces both policies). They assume the
demo folder is the host's publish root.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from demo.build.addresses import Address
from demo.build.landing import inject_in_head

__all__ = [
    "HEADER_FILES",
    "STRICT_TYPES",
    "content_security_policy",
    "inline_script_hashes",
    "protect_pages",
    "write_header_files",
]

HEADER_FILES = ("_headers", "vercel.json", "staticwebapp.config.json")
_META = re.compile(r"<meta[^>]+http-equiv=[\"']?content-security-policy", re.I)
_INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.I | re.S)
# The types a browser insists on for what the worker loads (`demo serve` sends them too).
STRICT_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}


def content_security_policy(
    addresses: Sequence[Address], *, hashes: Iterable[str] = (), unsafe_eval: bool = False
) -> str:
    origins = sorted({a["origin"] for a in addresses})
    scripts = ["'self'", "'wasm-unsafe-eval'", *(["'unsafe-eval'"] if unsafe_eval else [])]
    scripts += [f"'{h}'" for h in sorted(set(hashes))]
    directives = {
        "default-src": ["'self'"],
        "script-src": scripts,
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", *origins],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", *origins],
        "form-action": ["'self'", *origins],
        "worker-src": ["'self'"],
        "frame-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def inline_script_hashes(page: str) -> list[str]:
    """`sha256-...` of every inline script of an HTML page, as CSP names them."""
    return [
        "sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        for body in _INLINE.findall(page)
        if body.strip()
    ]


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.suffix.lower() in (".html", ".htm"))


def protect_pages(site: Path, addresses: Sequence[Address]) -> list[str]:
    """Give every page of `site` the policy as a meta tag; returns every inline script's hash."""
    every: list[str] = []
    for page in _pages(site):
        text = page.read_text(encoding="utf-8")
        hashes = inline_script_hashes(text)
        every += hashes
        if _META.search(text):
            continue
        policy = content_security_policy(addresses, hashes=hashes)
        tag = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        # First in <head>: a policy applies to what comes after it only.
        page.write_text(inject_in_head(text, tag), encoding="utf-8")
    return every


def write_header_files(site: Path, policy: str) -> list[Path]:
    """`_headers`, `vercel.json` and `staticwebapp.config.json` for `site`."""
    typed = sorted(
        ("/" + p.relative_to(site).as_posix(), STRICT_TYPES[p.suffix])
        for p in site.rglob("*")
        if p.is_file() and p.suffix in STRICT_TYPES
    )
    common = {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff"}

    netlify = ["/*"] + [f"  {k}: {v}" for k, v in common.items()]
    for path, kind in typed:
        netlify += [path, f"  Content-Type: {kind}"]
    (site / "_headers").write_text("\n".join(netlify) + "\n", encoding="utf-8")

    vercel = {
        "headers": [
            {"source": "/(.*)", "headers": [{"key": k, "value": v} for k, v in common.items()]},
            *(
                {"source": path, "headers": [{"key": "Content-Type", "value": kind}]}
                for path, kind in typed
            ),
        ]
    }
    (site / "vercel.json").write_text(json.dumps(vercel, indent=2) + "\n", encoding="utf-8")

    azure = {"globalHeaders": common, "mimeTypes": {s: t for s, t in sorted(STRICT_TYPES.items())}}
    azure["mimeTypes"][".json"] = "application/json"
    (site / "staticwebapp.config.json").write_text(
        json.dumps(azure, indent=2) + "\n", encoding="utf-8"
    )
    return [site / name for name in HEADER_FILES]
