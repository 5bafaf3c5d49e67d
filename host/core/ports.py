"""The interfaces a host profile implements: everything platform-specific behind a Protocol.

`host.core.context.build_host` assembles a `HostContext` from the pure stores
and the `HostAdapters` a `Profile` returns. Two profiles exist:

- the native one (`host.native.profile`): processes, OS probes, faulthandler,
  psutil/NVML samplers, the data folder on disk;
- a browser one (the flagship demo, Pyodide): simulated launcher and sampler,
  a fixture folder tree, a cheap password hasher.

Nothing here imports beyond the standard library, so a profile made only of
pure-Python adapters builds the whole app without a native package.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from host.core.displays.icc import IccProfile
from host.core.displays.outputs import DisplaySource
from host.core.library.interface import GameLibrary, LibraryManager
from host.core.metrics.samplers import Sampler

if TYPE_CHECKING:
    from host.core.apps.store import App
    from host.core.context import HostContext

__all__ = [
    "AppLauncher",
    "BackgroundWork",
    "Browse",
    "CodecProber",
    "CoverStore",
    "CrashReports",
    "Diagnostics",
    "HostAdapters",
    "PasswordHasher",
    "PlatformAdapters",
    "PlatformChooser",
    "PlatformTools",
    "Profile",
    "RunningApp",
    "SystemProbe",
    "UpdateService",
]


class PasswordHasher(Protocol):
    """Slow, salted password records (`host.core.auth.passwords.StandardHasher` natively)."""

    def hash(self, password: str) -> str: ...

    def verify(self, password: str, record: str) -> bool:
        """Constant-time; False for a record this hasher cannot read."""
        ...


class RunningApp(Protocol):
    @property
    def app(self) -> App: ...

    def as_json(self) -> dict[str, Any]: ...


class AppLauncher(Protocol):
    """Starts and stops the one app being streamed; BadRequest explains a refusal."""

    def current(self) -> RunningApp | None: ...

    def launch(self, app: App) -> RunningApp: ...

    def close(self) -> RunningApp: ...


class CodecProber(Protocol):
    """Runs an encoder probe in the background and reports into `HostContext.codec_probe`."""

    def start(self, preferred: str = "auto") -> object: ...


class SystemProbe(Protocol):
    """What `/api/metadata` reports about this machine besides the codec."""

    def hostname(self) -> str: ...

    def audio_endpoints(self) -> list[dict[str, Any]]: ...

    def virtual_display(self) -> dict[str, Any]: ...


class UpdateService(Protocol):
    def check(self) -> dict[str, Any]: ...

    def install(self, now: bool) -> dict[str, Any]: ...

    def cancel(self) -> dict[str, Any]: ...


class CrashReports(Protocol):
    """Fatal-error dumps of earlier runs (`/api/health/crashdump`, the support ZIP)."""

    def dumps(self) -> list[Path]: ...

    def report(self) -> dict[str, Any]: ...

    def dismiss(self) -> int: ...


class Diagnostics(Protocol):
    """The host's log and the support ZIP (`/api/logs*`, `/api/logs/export_crash*`)."""

    def read_log(self, limit: int) -> bytes:
        """The log's last `limit` bytes (b"" when there is no log)."""
        ...

    def tail_log(self, offset: int, maximum: int | None) -> dict[str, Any]:
        """The log from `offset` (-1: the end) as `/api/logs/tail` answers it."""
        ...

    def support_manifest(self) -> list[dict[str, Any]]:
        """Each file the support ZIP holds: name and size."""
        ...

    def support_zip(self) -> bytes: ...


class CoverStore(Protocol):
    """Uploaded covers and library icons; NotFound/BadRequest explain a refusal."""

    def save(self, key: str, data: bytes) -> tuple[str, Path]: ...

    def find(self, key: str) -> tuple[bytes, str]: ...

    def read_image_file(self, path: str) -> tuple[bytes, str]: ...

    def has_image(self, image: str) -> bool:
        """Whether an app's `image-path` (a key or a file) names an image that is there:
        the app list says so, so the console asks for no cover that would be a 404."""
        ...

    def icon(self, app_uuid: str) -> bytes: ...

    def import_icon(self, app_uuid: str, source: str) -> bool:
        """Copy a library's PNG icon file as the app's icon; False when it is not one."""
        ...

    def drop_icon(self, app_uuid: str) -> None: ...


# `GET /api/browse`: (path, kind) -> the listing the console's file picker shows.
Browse = Callable[[str | None, str | None], dict[str, Any]]


class PlatformTools(Protocol):
    """The frame-limiting, overlay, upscaling and HDR helpers on this PC, as reports."""

    def frame_limiters(self) -> dict[str, Any]: ...

    def overlay_limiter(self) -> dict[str, Any]: ...

    def upscalers(self) -> dict[str, Any]: ...

    def hdr_layer(self) -> dict[str, Any]: ...

    def register_hdr_layer(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class PlatformAdapters:
    """This PC's displays, game libraries and helper tools, chosen from the current settings."""

    displays: DisplaySource
    storefront: GameLibrary
    libmgr: LibraryManager
    icc_dirs: list[str]
    tool_path: str
    # The display profiles in `icc_dirs` (read when called: folders change).
    icc_profiles: Callable[[], list[IccProfile]]
    tools: PlatformTools
    # True for a made-up PC (the browser demo): the answers about its displays, libraries
    # and tools then carry `"simulated": true`, and the console says so in one line.
    simulated: bool = False


# Called at the moment of use, so a changed root setting takes effect at once.
PlatformChooser = Callable[[Mapping[str, Any]], PlatformAdapters]


class BackgroundWork(Protocol):
    """Started when the app's lifespan starts, stopped (in reverse order) when it ends."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


@dataclass
class HostAdapters:
    """The platform half of the host's services, as one profile supplies it."""

    data_dir: Path
    launcher: AppLauncher
    prober: CodecProber
    system: SystemProbe
    updater: UpdateService
    crash: CrashReports
    diagnostics: Diagnostics
    covers: CoverStore
    browse: Browse
    platform: PlatformChooser
    # None: hardware metrics answer 503 "unavailable".
    sampler: Sampler | None = None
    background: Sequence[BackgroundWork] = field(default_factory=tuple)


class Profile(Protocol):
    """One way to deploy the host: what `build_host` needs beyond the state database."""

    @property
    def hasher(self) -> PasswordHasher: ...

    def adapters(self, host: HostContext) -> HostAdapters:
        """Called once, with the pure stores built (adapters may keep `host`)."""
        ...
