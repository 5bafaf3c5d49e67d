"""`python -m host serve | creds | pair`: the host's command line."""

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
    run.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="state, certificate and logs (default: per-user data folder)",
    )
    run.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"base port, overriding the `port` setting (default {DEFAULT_BASE_PORT}; console on +1)",
    )
    run.add_argument(
        "--bind",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0; '::' for IPv6 too)",
    )
    run.add_argument(
        "--simulate-streams",
        action="store_true",
        help="enable the stream simulator and its /api/debug/streams routes",
    )

    creds = commands.add_parser("creds", help="set the administrator username and password")
    creds.add_argument("username")
    creds.add_argument(
        "password", nargs="?", help="omit, or '-', to read it from a prompt or standard input"
    )
    creds.add_argument("--data-dir", type=Path, default=None)

    commands.add_parser(
        "settings-doc", help="print docs/settings.md, generated from the settings table"
    )

    pair = commands.add_parser(
        "pair", help="provision a streaming device from its client certificate; prints its uuid"
    )
    pair.add_argument("--data-dir", type=Path, default=None)
    pair.add_argument("--name", required=True, help="the device's name in the console")
    pair.add_argument(
        "--cert", type=Path, required=True, help="the device's client certificate (PEM)"
    )
    pair.add_argument(
        "--permissions",
        default=None,
        help="comma-separated, e.g. view,launch,input (default: the default set)",
    )
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
    from host.native.file_modes import restrict_new_files

    restrict_new_files()  # every command below writes into the data folder
    if args.command == "serve":
        if args.port is not None and not 6 <= args.port <= 65534:
            raise SystemExit("--port must leave room for port-5 and port+1 (6..65534)")
        serve(ServeOptions(data_dir, args.port, args.bind, args.simulate_streams))
        return 0
    if args.command == "creds":
        from host.core.auth.credentials import Credentials, validate_new_credentials
        from host.core.auth.sessions import SessionStore
        from http_errors import BadRequest

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
    if args.command == "pair":
        return _pair(args, data_dir)
    return 2


def _pair(args: argparse.Namespace, data_dir: Path) -> int:
    from host.core.devices.clients import DEFAULT_PERMISSIONS, ClientStore, parse_permissions
    from host.native.pairing_crypto import load_client_certificate
    from http_errors import BadRequest

    try:
        pem, fingerprint = load_client_certificate(args.cert.read_bytes())
        permissions = (
            DEFAULT_PERMISSIONS if args.permissions is None else parse_permissions(args.permissions)
        )
    except OSError as error:
        raise SystemExit(f"Cannot read {args.cert}: {error.strerror}") from None
    except ValueError as error:
        raise SystemExit(f"{args.cert} is not a usable client certificate: {error}") from None
    except BadRequest as error:
        raise SystemExit(error.message) from None
    db = open_state(data_dir)
    client = ClientStore(db).add(args.name, pem.decode(), fingerprint, permissions)
    db.close()
    print(client.uuid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
