"""`python -m demo build`: lays out a complete static demo site.

Site layout (every path relative, so the site works under any subpath)::

    index.html              the app's pages, or the generated landing page
    demo-services.html      with an app and a `leftOut` list: the landing page
    studio/                 with `studio=True`: the Studio page (demo.studio)
    manifest.json           built manifest (demo.build.prepare)
    services/<name>/...     each service's prepared assets
    __demo-sw.js            the service worker bundle (module worker, site root)
    __demo-client.js        the page script: registers the worker, rewrites addresses
    __demo-components.js    <demo-query-panel>, <demo-fixture-explorer>, <demo-controls>
    __demo-build.json       {version, checksum}: checked by the worker at startup
    __demo-offline.json     the site files the worker keeps for offline visits
    404.html                sends a deep link without its slash on to its folder
    _headers, vercel.json, staticwebapp.config.json
                            the pages' Content-Security-Policy and the MIME types, for
                            static hosts (demo/build/headers.py; every page also carries
                            the policy as a meta tag)
                            (demo/build/static_host.py); an app's own is kept
    __demo-snapshot.bin     with `snapshot=True`: Python's memory snapshot for a first
                            visit (demo.build.snapshot); a site without it boots slower
    __demo-runtime/         Pyodide files, the locked wheels, the demo package,
                            duckdb-wasm (only when an adapter needs it: postgres)
    <file>.gz               with `precompress=True`: gzip siblings for servers that
                            send them (demo.build.precompress, `demo serve`)
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from demo.build.addresses import address_table
from demo.build.answers import write_answers_file
from demo.build.bundle import (
    BUILD_FILE,
    build_info,
    bundle_client,
    bundle_components,
    bundle_duck_bridge,
    bundle_worker,
    site_checksum,
    write_build_file,
)
from demo.build.headers import content_security_policy, protect_pages, write_header_files
from demo.build.landing import copy_app, write_landing_page
from demo.build.precompress import precompress_site
from demo.build.prepare import load_source_manifest, prepare_site_services
from demo.build.runtime_files import Checkout, copy_runtime_files
from demo.build.snapshot import SnapshotError, make_site_snapshot
from demo.build.static_host import write_not_found_page, write_offline_list
from demo.runtime.adapters import (
    ADAPTERS,
    shipped_packages,
    shipped_sources,
    shipped_wheel_sets,
)
from demo.runtime.manifest import SourceManifest

__all__ = ["SiteBuild", "SiteBuildError", "build_site"]

Progress = Callable[[str], None]
# With an app, the generated page of services (and those left out) is here.
SERVICES_PAGE = "demo-services.html"


class SiteBuildError(RuntimeError):
    """The output folder cannot be used (it holds something that is not a demo site)."""


@dataclass(frozen=True)
class SiteBuild:
    out: Path
    checksum: str
    manifest: dict[str, Any]
    duckdb: bool
    seconds: float
    snapshot: str | None  # why there is none, or None when the site carries one


def _check_output(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise SiteBuildError(f"{out} exists and is not a folder")
    if out.exists() and any(out.iterdir()) and not (out / BUILD_FILE).exists():
        raise SiteBuildError(
            f"{out} is not empty and holds no demo build ({BUILD_FILE}); "
            "choose an empty or new folder, the build replaces its contents"
        )


def _replace(out: Path, staging: Path) -> None:
    # The old site stays intact until the new one is complete.
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    out.chmod(0o755)  # mkdtemp made it private


def build_site(
    manifest_path: str | Path,
    out_dir: str | Path,
    *,
    progress: Progress | None = None,
    checkout: Checkout | None = None,
    snapshot: bool = False,
    precompress: bool = False,
    studio: bool = False,
) -> SiteBuild:
    """Build the demo described by `manifest_path` into `out_dir` (replacing an older build).

    Raises `demo.runtime.manifest.ManifestError` for a bad manifest,
    `AddressError` for a bad service address, `BuildInputError` when a locked
    input is missing and `SiteBuildError` for an unusable output folder.

    With `snapshot`, the site also gets the build-time memory snapshot (headless
    Chromium); when it cannot be made the build still succeeds, says why in
    `SiteBuild.snapshot`, and the site boots the slow way. With `precompress`, files
    worth it get gzip siblings (demo.build.precompress), made last so they cover the
    snapshot's site as shipped.
    """
    started = time.perf_counter()
    say = progress or (lambda line: None)
    checkout = checkout or Checkout.here()
    manifest_path = Path(manifest_path)
    out = Path(out_dir)
    source, _ = load_source_manifest(manifest_path)  # fail on a bad manifest before touching `out`
    _check_output(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".building", dir=out.parent))
    try:
        checksum, manifest, duckdb, compiled = _build_into(
            checkout, manifest_path, source, staging, say, studio
        )
        if not snapshot:
            missing: str | None = "not asked for"
        elif compiled:
            missing = (
                f"the site ships compiled wheels ({', '.join(compiled)}): a memory snapshot "
                "cannot hold the WebAssembly code they load"
            )
        else:
            missing = _snapshot(staging, checksum, say)
        if precompress:
            _precompress(staging, say)
        _replace(out, staging)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return SiteBuild(out, checksum, manifest, duckdb, time.perf_counter() - started, missing)


def _snapshot(site: Path, checksum: str, say: Progress) -> str | None:
    say("making the memory snapshot in headless Chromium")
    try:
        made = make_site_snapshot(site, checksum, lambda line: say(f"  {line}"))
    except SnapshotError as exc:
        say(f"WARNING: no memory snapshot ({exc}); a first visit boots Python the slow way")
        return str(exc)
    say(f"wrote {made.name} ({made.stat().st_size / 1e6:.1f} MB)")
    return None


def _precompress(site: Path, say: Progress) -> None:
    say("writing gzip siblings")
    made = precompress_site(site)
    say(
        f"gzipped {made.files} file(s): {made.raw_bytes / 1e6:.1f} MB -> "
        f"{made.gzip_bytes / 1e6:.1f} MB"
    )


def _build_into(
    checkout: Checkout,
    manifest_path: Path,
    source: SourceManifest,
    out: Path,
    say: Progress,
    studio: bool,
) -> tuple[str, dict[str, Any], bool, tuple[str, ...]]:

    say("preparing services")
    manifest = prepare_site_services(manifest_path, out, progress=lambda line: say(f"  {line}"))
    addresses = address_table(manifest["services"])
    duckdb = any(ADAPTERS[s["adapter"]].duckdb for s in manifest["services"])

    say(
        "copying runtime files (Pyodide, wheels, demo package"
        + "".join(f", {name}" for name in shipped_packages(manifest["services"]))
        + (", duckdb-wasm)" if duckdb else ")")
    )
    packages = shipped_packages(manifest["services"])
    sources = [out / folder for folder in shipped_sources(manifest["services"])]
    files = copy_runtime_files(
        checkout,
        out,
        duckdb=duckdb,
        packages=packages,
        sources=sources,
        wheel_sets=shipped_wheel_sets(manifest["services"]),
    )

    if source.app is not None:
        pages = copy_app(manifest_path.parent / source.app, out)
        say(f"copied app {source.app} ({len(pages)} page(s) got the page script)")
        if source.left_out and not (out / SERVICES_PAGE).exists():
            # The app owns index.html; what the demo left out is stated on its own page.
            write_landing_page(out, source.name, manifest, source.left_out, SERVICES_PAGE)
            say(f"wrote {SERVICES_PAGE}: the services and those left out")
    else:
        write_landing_page(out, source.name, manifest, source.left_out, studio=studio)
        say("wrote landing page index.html")
    if studio:  # a page of its own, outside the demo's checksum and offline list
        from demo.studio import STUDIO_DIR, build_studio

        build_studio(out / STUDIO_DIR, checkout)
        say(f"wrote the Studio page into {STUDIO_DIR}/")

    if duckdb:  # before the checksum, which covers it
        say("bundling duckdb-wasm for the worker with esbuild")
        bundle_duck_bridge(checkout, out)
    checksum = site_checksum(checkout, out)
    info = build_info(
        checksum, files, addresses, manifest, namespace_named=source.storage_namespace is not None
    )
    say("bundling the service worker with esbuild")
    bundle_worker(checkout, out, info)
    bundle_client(checkout, out, info)
    say("bundling the demo components with esbuild")
    bundle_components(checkout, out)
    recorded = write_answers_file(out, checksum, manifest)
    say(f"recorded {recorded} mock answer(s) for the worker to send while Python starts")
    write_not_found_page(out)
    # Every page (the app's, the landing page, 404.html) under the site's policy; the header
    # files also cover the worker script (duck-bridge.js evaluates its text).
    hashes = protect_pages(out, addresses)
    write_header_files(out, content_security_policy(addresses, hashes=hashes, unsafe_eval=duckdb))
    write_build_file(out, info)
    write_offline_list(out)  # last: it lists every file above
    return checksum, manifest, duckdb, files.compiled
