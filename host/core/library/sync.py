"""Importing a library's installed games as host apps (`force_sync`).

Each game becomes one app with a uuid derived from (integration, game id),
so a second sync updates the same apps instead of adding copies, and a
client's bookmark of the app survives. Imported apps carry `autosync: true`
(so `/api/apps/purge_autosync` removes them), `source` and `source-id`.
Apps of this integration whose game is no longer installed are removed.
Icons (PNG only) are copied into the profile's icon store (`IconStore`, the
covers port), where `/api/apps/{uuid}/icon` serves them from.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from host.core.library.interface import Game
from host.core.state import StateDB

__all__ = ["AppSink", "IconStore", "SyncRecords", "SyncReport", "app_uuid", "sync_games"]

_NAMESPACE = uuid.UUID("5d0f1c1e-6a43-4c3e-9a55-3b1f0c6f7e21")


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


class IconStore(Protocol):
    """Where imported icons go (the profile's `CoverStore` has it)."""

    def import_icon(self, app_uuid: str, source: str) -> bool:
        """Copy the library's PNG file `source` as the app's icon; False if it is not one."""
        ...

    def drop_icon(self, app_uuid: str) -> None: ...


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
    icon_store: IconStore,
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
        icons += bool(game.icon) and icon_store.import_icon(app_id, game.icon)
    for app in existing.values():
        if (
            app.get("source") == integration
            and app.get("autosync") is True
            and app.uuid not in wanted
        ):
            apps.delete(app.uuid)
            removed.append(app.uuid)
            with contextlib.suppress(OSError):  # the app is gone; a stale icon is harmless
                icon_store.drop_icon(app.uuid)
    return SyncReport(imported, updated, removed, icons, covers)


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
