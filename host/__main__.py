"""`python -m host serve | creds`: the host's command line."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from host.native.paths import default_data_dir
from host.native.server import DEFAULT_BASE_PORT, ServeOptions, open_state, serve

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m host", description="Helio game-streaming host")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help="serve the admin API and console over HTTPS on BASE+1")
    run.add_argument("--data-dir", type=Path, default=None, help="state, certificate and logs (default: per-user data folder)")
    run.add_argument("--port", type=int, default=DEFAULT_BASE_PORT, help=f"base port (default {DEFAULT_BASE_PORT}; console on +1)")
    run.add_argument("--bind", default="0.0.0.0", help="address to listen on (default 0.0.0.0; '::' for IPv6 too)")
    run.add_argument("--simulate-streams", action="store_true", help="enable the stream simulator and its /api/debug/streams routes")

    creds = commands.add_parser("creds", help="set the administrator username and password")
    creds.add_argument("username")
    creds.add_argument("password", nargs="?", help="omit, or '-', to read it from a prompt or standard input")
    creds.add_argument("--data-dir", type=Path, default=None)

    commands.add_parser("settings-doc", help="print docs/settings.md, generated from the settings table")
    return parser


def _read_password(given: str | None) -> str:
    if given not in (None, "-"):
        return given
    if sys.stdin.isatty():
        first, second = getpass.getpass("Password: "), getpass.getpass("Again: ")
        if first != second:
            raise SystemExit("The passwords differ; nothing changed")
        return first
    return sys.stdin.readline().rstrip("\n")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "settings-doc":
        from host.core.settings import settings_markdown

        sys.stdout.write(settings_markdown())
        return 0
    data_dir = args.data_dir or default_data_dir()
    if args.command == "serve":
        if not 6 <= args.port <= 65534:
            raise SystemExit("--port must leave room for port-5 and port+1 (6..65534)")
        serve(ServeOptions(data_dir, args.port, args.bind, args.simulate_streams))
        return 0
    if args.command == "creds":
        from host.core.credentials import Credentials, validate_new_credentials
        from host.core.errors import BadRequest
        from host.core.sessions import SessionStore

        password = _read_password(args.password)
        try:
            validate_new_credentials(args.username, password, password)
        except BadRequest as error:
            raise SystemExit(error.message) from None
        db = open_state(data_dir)
        Credentials(db).set(args.username, password)
        SessionStore(db).revoke_all()  # a credential change ends every web session
        db.close()
        print(f"Administrator credentials saved in {data_dir}")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
