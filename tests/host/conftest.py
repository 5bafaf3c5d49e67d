from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .app_client import InProcessHost, close_built_hosts, in_process_host
from .server import HostProcess, running_host

ADMIN = ("admin", "correct horse battery staple")


@pytest.fixture(autouse=True)
def _close_in_process_hosts() -> Iterator[None]:
    yield
    close_built_hosts()


@pytest.fixture
def app_host(tmp_path: Path) -> Iterator[InProcessHost]:
    """The default for a new test: the app in-process, lifespan on, the admin account set."""
    with in_process_host(tmp_path) as host:
        host.ctx.credentials.set(*ADMIN)
        yield host


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    """One real HTTPS host per test module, with the administrator account set."""
    with running_host(tmp_path_factory.mktemp("host"), credentials=ADMIN) as process:
        yield process


@pytest.fixture
def fresh_host(tmp_path: Path) -> Iterator[HostProcess]:
    """A real host of its own, with the administrator account set."""
    with running_host(tmp_path / "data", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client(auth=ADMIN) as client:
        yield client


@pytest.fixture
def anon(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client() as client:
        yield client
