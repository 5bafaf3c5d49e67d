"""The native profile: the host's adapters on a real PC, with the data folder on disk.

`python -m host serve` and the in-process test client both build with
`build_host(NativeProfile(data_dir), ...)`, so they get the same services. Only the
served process writes crash dumps (faulthandler is process-wide) and samples the hardware.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from host.core.auth.passwords import StandardHasher
from host.core.context import HostContext
from host.core.metrics.samplers import Sampler
from host.core.ports import BackgroundWork, HostAdapters, PasswordHasher

from . import browse, probe
from .covers import CoverStore
from .crash import CrashDumps
from .diagnostics import LogDiagnostics
from .platform import adapters as platform_adapters
from .probe import Prober
from .runner import AppRunner
from .updater import Updater

__all__ = ["NativeProfile"]


@dataclass
class NativeProfile:
    data_dir: Path
    # The served process only: faulthandler is process-wide, a test process keeps its own.
    crash_dumps: bool = False
    sampler: Sampler | None = None
    hasher: PasswordHasher = field(default_factory=StandardHasher)

    def adapters(self, host: HostContext) -> HostAdapters:
        crash = CrashDumps(self.data_dir, host.db)
        background: list[BackgroundWork] = [crash] if self.crash_dumps else []
        return HostAdapters(
            data_dir=self.data_dir,
            launcher=AppRunner(),
            prober=Prober(host.codec_probe),
            system=probe,
            updater=Updater(host, self.data_dir),
            crash=crash,
            diagnostics=LogDiagnostics(host, crash),
            covers=CoverStore(self.data_dir),
            browse=browse.browse,
            platform=platform_adapters,
            sampler=self.sampler,
            background=background,
        )
