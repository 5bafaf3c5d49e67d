"""Command line of the demo kit.

    python -m demo analyze [-f compose.yaml]... [--profile P]... [--json]
    python -m demo init [-f compose.yaml]... [-o demo/] [--force]
    python -m demo build (--manifest FILE | -f compose.yaml...) --out DIR [--no-snapshot]
    python -m demo studio --out DIR
    python -m demo serve [DIR] [--port PORT] [--native-demo]

Exit codes: 0 done, 1 a build step failed (missing setup, esbuild), 2 bad
input (manifest, Compose file, service address, output folder), 3 (analyze) some
Compose services cannot run in the browser.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["main"]


def _load_compose(args: argparse.Namespace) -> Any:
    """The analysis of the Compose project named by `-f`, or None after printing the error."""
    import os

    from demo.compose.analysis import analyze
    from demo.compose.source import ComposeError

    try:
        return analyze(args.file, environ=os.environ, profiles=args.profile)
    except ComposeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def _init(args: argparse.Namespace) -> int:
    from demo.compose.analysis import render_text
    from demo.compose.generate import plan_init, write_init
    from demo.compose.source import ComposeError

    analysis = _load_compose(args)
    if analysis is None:
        return 2
    out = args.out if args.out is not None else analysis.project.folder / "demo"
    try:
        plan = plan_init(analysis, out)
    except ComposeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(render_text(analysis))
    result = write_init(plan, force=args.force)
    for line in result.diff:
        print(line)
    for name in result.written:
        print(f"wrote {out / name}")
    if result.unchanged and not result.written and not result.kept:
        print(f"{out}: unchanged")
    if result.kept:
        for name in result.kept:
            print(
                f"error: {out / name} was edited by hand: not overwritten (--force)",
                file=sys.stderr,
            )
        return 1
    print(f"build it with: python -m demo build --manifest {out / 'manifest.json'} --out SITE")
    return 0


def _build(args: argparse.Namespace) -> int:
    if args.file and args.manifest is not None:
        print("error: give --manifest or -f, not both", file=sys.stderr)
        return 2
    if args.file:
        return _build_compose(args)
    if args.manifest is None:
        print("error: give --manifest FILE or -f compose.yaml", file=sys.stderr)
        return 2
    return _build_manifest(args, args.manifest)


def _build_compose(args: argparse.Namespace) -> int:
    import tempfile

    from demo.compose.analysis import render_text
    from demo.compose.generate import build_error, plan_init, write_init
    from demo.compose.source import ComposeError

    analysis = _load_compose(args)
    if analysis is None:
        return 2
    print(render_text(analysis))
    with tempfile.TemporaryDirectory(prefix="helio-compose-") as folder:
        try:
            plan = plan_init(analysis, Path(folder))
        except ComposeError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        write_init(plan)
        return _build_manifest(
            args,
            Path(folder) / "manifest.json",
            explain=lambda where, problem: str(build_error(analysis, plan, where, problem)),
        )


def _build_manifest(
    args: argparse.Namespace,
    manifest: Path,
    explain: Callable[[str, str], str] | None = None,
) -> int:
    """Build `manifest`; `explain` words a manifest error for a manifest the user did not
    write (one generated from a Compose project)."""
    from demo.build.addresses import AddressError
    from demo.build.runtime_files import BuildInputError
    from demo.build.site import SiteBuildError, build_site
    from demo.runtime.manifest import ManifestError

    started = time.perf_counter()

    def progress(line: str) -> None:
        print(f"[{time.perf_counter() - started:5.1f}s] {line}", flush=True)

    try:
        site = build_site(
            manifest,
            args.out,
            progress=progress,
            snapshot=not args.no_snapshot,
            precompress=True,
            studio=args.studio,
        )
    except ManifestError as exc:
        if explain is not None:
            print(f"error: {explain(exc.where, exc.problem)}", file=sys.stderr)
        else:
            print(f"error: bad manifest {manifest}: {exc}", file=sys.stderr)
        return 2
    except (AddressError, SiteBuildError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BuildInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    services = ", ".join(f"{s['name']} ({s['adapter']})" for s in site.manifest["services"])
    print(f"built {site.out} in {site.seconds:.1f} s: {services}; build {site.checksum}")
    if site.snapshot is not None and not args.no_snapshot:
        print(f"warning: no memory snapshot ({site.snapshot}): a first visit will be slower")
    print(f"serve it with: python -m demo serve {site.out}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from demo.serve import serve

    try:
        serve(args.dir, port=args.port, native_demo=args.native_demo)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _record(args: argparse.Namespace) -> int:
    import ssl

    import httpx

    from demo.record.recorder import record, write

    verify: ssl.SSLContext | bool = False  # the host's certificate is self-signed
    if args.cafile:
        verify = ssl.create_default_context(cafile=str(args.cafile))
    try:
        recording = record(
            args.target,
            args.username,
            args.password,
            data_dir=str(args.data_dir or ""),
            verify=verify,
            progress=print if args.verbose else lambda line: None,
        )
    except httpx.HTTPError as exc:
        print(f"error: cannot record {args.target}: {exc}", file=sys.stderr)
        return 1
    files = write(recording, args.out)
    print(f"recorded {len(recording.covered)} routes of {args.target} into {args.out}")
    print(f"wrote {len(files)} files")
    return 0


def _analyze(args: argparse.Namespace) -> int:
    import json
    import os

    from demo.compose.analysis import analyze, error_json, render_text
    from demo.compose.source import ComposeError

    try:
        analysis = analyze(args.file, environ=os.environ, profiles=args.profile)
    except ComposeError as exc:
        if args.json:
            print(json.dumps(error_json(exc), indent=2))
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(analysis.as_json(), indent=2) if args.json else render_text(analysis))
    return analysis.exit_code


def _studio(args: argparse.Namespace) -> int:
    from demo.build.runtime_files import BuildInputError
    from demo.studio import build_studio

    try:
        out = build_studio(args.out)
    except BuildInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"wrote the Studio page into {out}; serve it with: python -m demo serve {out}")
    return 0


def _compose_options(command: argparse.ArgumentParser, *, required: bool = False) -> None:
    command.add_argument(
        "-f",
        "--file",
        action="append",
        default=[],
        required=required,
        help="a Compose file (repeat to merge several; default: compose.yaml here)",
    )
    command.add_argument(
        "--profile", action="append", default=[], help="activate a Compose profile"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m demo", description="Helio in-browser demo kit")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build a static demo site from a source manifest")
    build.add_argument("--manifest", type=Path, help="source manifest (JSON)")
    build.add_argument("--out", required=True, type=Path, help="output folder (replaced)")
    build.add_argument(
        "--no-snapshot",
        action="store_true",
        help="skip the memory snapshot (made in headless Chromium) that speeds up a first visit",
    )
    build.add_argument(
        "--studio",
        action="store_true",
        help="add the Studio page (studio/), linked from the landing page",
    )
    _compose_options(build)
    build.set_defaults(run=_build)
    analyze = commands.add_parser(
        "analyze", help="report how each service of a Compose project runs in the browser"
    )
    _compose_options(analyze)
    analyze.add_argument("--json", action="store_true", help="the report as JSON")
    analyze.set_defaults(run=_analyze)
    init = commands.add_parser(
        "init", help="write a demo manifest for a Compose project (build it with `build`)"
    )
    _compose_options(init)
    init.add_argument(
        "-o", "--out", type=Path, help="the demo folder (default: demo/ beside the Compose file)"
    )
    init.add_argument("--force", action="store_true", help="overwrite files edited by hand")
    init.set_defaults(run=_init)
    studio = commands.add_parser(
        "studio", help="write the Studio page: the Compose analyzer running in the browser"
    )
    studio.add_argument("--out", required=True, type=Path, help="output folder")
    studio.set_defaults(run=_studio)
    serve = commands.add_parser("serve", help="serve a built site on 127.0.0.1")
    serve.add_argument("dir", nargs="?", default=Path("build/demo"), type=Path, help="site folder")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--native-demo",
        action="store_true",
        help="answer /__demo/ natively (no service worker), to compare behaviour",
    )
    serve.set_defaults(run=_serve)
    rec = commands.add_parser(
        "record", help="record a running host's answers as mock-http fixtures (scripted tour)"
    )
    rec.add_argument("--target", required=True, help="the host's admin URL, https://HOST:PORT")
    rec.add_argument("--out", required=True, type=Path, help="output folder")
    rec.add_argument("--username", default="admin", help="an admin account (created if none)")
    rec.add_argument("--password", default="helio-recording")
    rec.add_argument("--data-dir", type=Path, help="the host's data folder, scrubbed from answers")
    rec.add_argument("--cafile", type=Path, help="trust this certificate (default: do not verify)")
    rec.add_argument("--verbose", action="store_true", help="print every request")
    rec.set_defaults(run=_record)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
