"""Importing a library's installed games as host apps (`force_sync`).

Each game becomes one app with a uuid derived from (integration, game id),
so a second sync updates the same apps instead of adding copies, and a
client's bookmark of the app survives. Imported apps carry `autosync: true`
(so `/api/apps/purge_autosync` removes them), `source` and `source-id`.
Apps of this integration whose game is no longer installed are removed.
Icons (PNG only) are copied to `<icons_dir>/<uuid>.png`, where
`/api/apps/{uuid}/icon` serves them from.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from host.core.library.interface import Game
from host.core.state import StateDB

__all__ = ["AppSink", "SyncRecords", "SyncReport", "app_uuid", "icon_file", "sync_games"]

_NAMESPACE = uuid.UUID("5d0f1c1e-6a43-4c3e-9a55-3b1f0c6f7e21")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class _App(Protocol):
    @property
    def uuid(self) -> str: ...

    def get(self, name: str) -> Any: ...


class AppSink(Protocol):
    """What the sync needs from the app store (host.core.apps.store.AppStore has it)."""

    def list(self) -> Sequence[_App]: ...

    def save(self, submitted: Any) -> Any: ...

    def delete(self, key: Any) -> Any: ...


def app_uuid(integration: str, game_id: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"{integration}:{game_id}")).upper()


def icon_file(icons_dir: Path, app: str) -> Path:
    return icons_dir / f"{app}.png"


@dataclass(frozen=True)
class SyncReport:
    imported: list[str]  # uuids of apps created
    updated: list[str]  # uuids of apps that existed and were refreshed
    removed: list[str]  # uuids of apps whose game is gone or uninstalled
    icons: int  # icons saved
    covers: int  # apps with a cover image from the library

    def as_json(self) -> dict[str, Any]:
        return {
            "imported": len(self.imported),
            "updated": len(self.updated),
            "removed": len(self.removed),
            "icons": self.icons,
            "covers": self.covers,
            "apps": self.imported + self.updated,
        }


def sync_games(
    apps: AppSink,
    integration: str,
    games: Sequence[Game],
    command: Callable[[Game], str],
    icons_dir: Path,
) -> SyncReport:
    installed = [g for g in games if g.installed]
    wanted = {app_uuid(integration, g.id): g for g in installed}
    existing = {a.uuid: a for a in apps.list()}
    imported: list[str] = []
    updated: list[str] = []
    removed: list[str] = []
    icons = covers = 0
    for app_id, game in wanted.items():
        fields = {
            "uuid": app_id,
            "name": game.name,
            "cmd": command(game),
            "image-path": game.cover,
            "autosync": True,
            "source": integration,
            "source-id": game.id,
        }
        apps.save(fields)
        (updated if app_id in existing else imported).append(app_id)
        covers += bool(game.cover)
        icons += _copy_icon(game.icon, icon_file(icons_dir, app_id))
    for app in existing.values():
        if (
            app.get("source") == integration
            and app.get("autosync") is True
            and app.uuid not in wanted
        ):
            apps.delete(app.uuid)
            removed.append(app.uuid)
            with contextlib.suppress(OSError):
                os.remove(icon_file(icons_dir, app.uuid))
    return SyncReport(imported, updated, removed, icons, covers)


def _copy_icon(source: str, target: Path) -> bool:
    if not source:
        return False
    try:
        with open(source, "rb") as handle:
            if handle.read(8) != PNG_SIGNATURE:
                return False  # /api/apps/{uuid}/icon serves PNG only
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    except OSError:
        return False
    return True


class SyncRecords:
    """When each integration last synced, and what it did (kept in the state database)."""

    def __init__(self, db: StateDB, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock

    def get(self, integration: str) -> dict[str, Any] | None:
        value = self._db.get_json(f"library_sync.{integration}")
        return value if isinstance(value, dict) else None

    def record(self, integration: str, report: SyncReport) -> dict[str, Any]:
        summary = {
            "at": self._clock(),
            **{k: v for k, v in report.as_json().items() if k != "apps"},
        }
        self._db.set_json(f"library_sync.{integration}", summary)
        return summary
