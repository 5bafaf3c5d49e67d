"""Run the admin API and console over HTTPS with uvicorn."""

from __future__ import annotations

import logging
import signal
from dataclasses import dataclass
from pathlib import Path

from host import __version__
from host.app import create_app
from host.core.context import HostContext
from host.core.state import StateDB

from .logs import setup_logging
from .tls import ensure_certificate

__all__ = ["DEFAULT_BASE_PORT", "ServeOptions", "open_state", "serve"]

DEFAULT_BASE_PORT = 47989
STATE_NAME = "state.db"
log = logging.getLogger("helio")


@dataclass(frozen=True)
class ServeOptions:
    data_dir: Path
    base_port: int = DEFAULT_BASE_PORT
    bind: str = "0.0.0.0"
    simulate_streams: bool = False

    @property
    def admin_port(self) -> int:
        return self.base_port + 1


def open_state(data_dir: Path) -> StateDB:
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    return StateDB(str(data_dir / STATE_NAME))


def serve(options: ServeOptions) -> None:
    import uvicorn

    data_dir = options.data_dir
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    log_path = setup_logging(data_dir)
    cert, key = ensure_certificate(data_dir)
    features = frozenset({"simulate-streams"} if options.simulate_streams else set())
    ctx = HostContext(
        open_state(data_dir),
        https_port=options.admin_port,
        version=__version__,
        features=features,
        log_path=str(log_path),
    )
    ctx.sessions.forget_unremembered()
    if not ctx.credentials.configured():
        log.warning(
            "No administrator account yet: open https://localhost:%d on this PC, "
            "or run `python -m host creds USER PASS`",
            options.admin_port,
        )
    config = uvicorn.Config(
        create_app(ctx),
        host=options.bind,
        port=options.admin_port,
        ssl_certfile=str(cert),
        ssl_keyfile=str(key),
        # The TCP peer is the client: X-Forwarded-For must not move anyone into `pc` reach.
        proxy_headers=False,
        server_header=False,
        log_config=None,
        lifespan="off",
    )
    log.info("Helio %s: admin console on https://%s:%d", __version__, options.bind, options.admin_port)
    # uvicorn shuts down gracefully on SIGINT/SIGTERM, then re-raises the signal to the
    # handler it found; a no-op one lets us close the state database and exit 0.
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: None)
    uvicorn.Server(config).run()
    ctx.db.close()
    log.info("Helio stopped")
