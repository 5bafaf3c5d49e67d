"""The native adapters behind the admin resources, attached to a HostContext.

`attach` is called by `host.app.create_app`, so an in-process app (tests)
gets the same services as the served one; the server additionally enables
crash dumps and installs the restart/quit hook.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from host.core.context import HostContext
from host.core.metadata import PROBE_SETTINGS

from .covers import CoverStore
from .crash import CrashDumps
from .probe import Prober
from .runner import AppRunner
from .updater import Updater

__all__ = ["NativeServices", "attach", "data_dir_of"]


@dataclass
class NativeServices:
    data_dir: Path
    runner: AppRunner
    prober: Prober
    updater: Updater
    crash: CrashDumps
    covers: CoverStore


def data_dir_of(ctx: HostContext) -> Path:
    if ctx.data_dir:
        return Path(ctx.data_dir)
    if ctx.db.path != ":memory:":
        return Path(ctx.db.path).resolve().parent
    return Path(tempfile.mkdtemp(prefix="helio-"))


def attach(ctx: HostContext) -> NativeServices:
    """Create the services once per context and start the first codec probe."""
    if isinstance(ctx.native, NativeServices):
        return ctx.native
    folder = data_dir_of(ctx)
    ctx.data_dir = os.fspath(folder)
    services = NativeServices(
        folder,
        AppRunner(),
        Prober(ctx.codec_probe),
        Updater(ctx, folder),
        CrashDumps(folder, ctx.db),
        CoverStore(folder),
    )
    ctx.native = services
    last_probe_settings: dict[str, object] = {
        k: ctx.settings.current().get(k) for k in PROBE_SETTINGS
    }

    def reprobe_on_change(settings: dict[str, object]) -> None:
        wanted = {k: settings.get(k) for k in PROBE_SETTINGS}
        if wanted != last_probe_settings:
            last_probe_settings.update(wanted)
            services.prober.start(str(settings.get("encoder", "auto")))

    ctx.settings.on_change(reprobe_on_change)
    services.prober.start(str(ctx.settings.get("encoder")))
    return services
