"""Run the admin API and console over HTTPS with uvicorn."""

from __future__ import annotations

import logging
import os
import signal
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from host import __version__
from host.app import create_app
from host.core.context import SettingsStore, build_host
from host.core.settings import defaults
from host.core.state import StateDB

from .connection_guard import ConnectionCaps, ServerGuard, raise_file_limit, server_tls_context
from .file_modes import restrict_new_files, tighten
from .http_limits import BoundedH11Protocol
from .listeners import open_listener
from .logs import follow_access_setting, setup_logging
from .memory import return_freed_memory
from .profile import NativeProfile
from .samplers import choose_sampler
from .streaming_server import ListeningServer, run_together, server_config, streaming_servers
from .tls import certificate_fingerprint, ensure_certificate

__all__ = ["DEFAULT_BASE_PORT", "ServeOptions", "open_state", "serve"]

DEFAULT_BASE_PORT: int = defaults()["port"]
STATE_NAME = "state.db"
GRACEFUL_SHUTDOWN_S = 3
log = logging.getLogger("helio")


@dataclass(frozen=True)
class ServeOptions:
    data_dir: Path
    base_port: int | None = None  # None: the `port` setting (`serve --port` overrides it)
    bind: str = "0.0.0.0"
    simulate_streams: bool = False

    @property
    def admin_port(self) -> int:
        assert self.base_port is not None, "resolved by serve()"
        return self.base_port + 1


def open_state(data_dir: Path) -> StateDB:
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    return StateDB(str(data_dir / STATE_NAME))


def serve(options: ServeOptions) -> None:
    data_dir = options.data_dir
    restrict_new_files()  # data files 0600 (host.native.file_modes)
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    tighten(data_dir)
    log_path = setup_logging(data_dir)
    cert, key = ensure_certificate(data_dir)
    log.info("Certificate fingerprint (SHA-256): %s", certificate_fingerprint(cert))
    db = open_state(data_dir)
    if options.base_port is None:
        options = replace(options, base_port=SettingsStore(db).get("port"))
    base_port = options.admin_port - 1
    features = frozenset({"simulate-streams"} if options.simulate_streams else set())
    # Fatal errors of this process land in the data folder.
    profile = NativeProfile(data_dir, crash_dumps=True, sampler=choose_sampler())
    ctx = build_host(
        profile, db, https_port=options.admin_port, features=features, log_path=str(log_path)
    )
    ctx.sessions.forget_unremembered()
    follow_access_setting(ctx.settings)
    app = create_app(ctx)
    if not ctx.credentials.configured():
        log.warning(
            "No administrator account yet: open https://localhost:%d on this PC, "
            "or run `python -m host creds USER PASS`",
            options.admin_port,
        )
    raise_file_limit()  # before the caps, which leave room below the limit
    return_freed_memory()
    caps = ConnectionCaps()  # shared by the three servers
    # Plain http:// on the console's port is answered with a redirect to https://.
    guard = ServerGuard(caps, server_tls_context(str(cert), str(key)), redirect_plain=True)
    config = server_config(
        app,
        BoundedH11Protocol,
        guard,
        # Starts and stops the services' background work (codec probe, crash dumps, sampler).
        lifespan="on",
        # An idle TLS keep-alive client rarely answers close_notify, and asyncio would wait
        # 30 s for it: stop (SIGTERM, restart, quit) after a short grace instead.
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
    )
    log.info(
        "Helio %s: admin console on https://%s:%d", __version__, options.bind, options.admin_port
    )
    # uvicorn shuts down gracefully on SIGINT/SIGTERM while it serves, then re-raises the
    # signal to the handler it found: this one only remembers it, so we close the state
    # database and exit 0. The listening sockets are open before uvicorn takes over, so a
    # client may already see the host and stop it: such an early signal stops the host as
    # soon as it has started (it was lost before, and the host ran on).
    signalled: list[int] = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda number, _frame: signalled.append(number))
    server = ListeningServer(config, open_listener(options.bind, options.admin_port))

    def stop(action: str) -> None:
        log.info("%s requested through the API", action.capitalize())
        server.should_exit = True  # graceful: in-flight answers finish first

    ctx.lifecycle.install(stop)
    # Streaming HTTPS (base-5) and plain HTTP (base) run beside the console and stop with it.
    streaming = streaming_servers(ctx, base_port, options.bind, cert, key, caps)
    log.info(
        "Streaming on https://%s:%d and http://%s:%d",
        options.bind,
        base_port - 5,
        options.bind,
        base_port,
    )
    run_together(server, streaming, caps, stop_asked=lambda: bool(signalled))
    ctx.db.close()
    if ctx.lifecycle.requested == "restart":
        _reexecute()
    log.info("Helio stopped")


def _reexecute() -> None:
    """Replace this process with a fresh host: same interpreter, same arguments, same PID."""
    log.info("Helio restarting")
    logging.shutdown()
    # orig_argv keeps `-m host` and interpreter flags, which sys.argv loses.
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
