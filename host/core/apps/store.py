"""Applications the host can launch: the Sunshine-style app list.

An app is identified by `uuid` (string, chosen by the host when absent) and
by a numeric `id` that SQLite's AUTOINCREMENT never hands out twice, so a
client's bookmark of `id` stays valid across edits, reorders and restarts.
Known fields are validated; unknown fields are kept as given, like settings.
"""

from __future__ import annotations

import builtins
import re
import uuid as uuid_module
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from host.core.schema import SchemaError, SchemaField
from host.core.state import StateDB, dump_stored, load_stored
from http_errors import BadRequest, NotFound

__all__ = ["APP_FIELDS", "App", "AppStore", "app_schema", "validate_app"]


_STRING: dict[str, Any] = {"type": "string"}
_BOOLEAN: dict[str, Any] = {"type": "boolean"}


APP_FIELDS: tuple[SchemaField, ...] = (
    SchemaField("name", "", "Name shown to clients (required, non-empty).", _STRING),
    SchemaField(
        "cmd", "", "Command started on launch (run by the shell); empty = desktop.", _STRING
    ),
    SchemaField("working-dir", "", "Working folder of the command; empty = the host's.", _STRING),
    SchemaField("output", "", "File receiving the command's output; empty = discarded.", _STRING),
    SchemaField(
        "detached",
        [],
        "Commands started on launch and never stopped by the host.",
        {"type": "array", "items": _STRING},
    ),
    SchemaField(
        "prep-cmd",
        [],
        "Commands run before launch (`do`) and after close (`undo`).",
        {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"do": _STRING, "undo": _STRING, "elevated": _BOOLEAN},
            },
        },
    ),
    SchemaField(
        "image-path",
        "",
        "Cover: a key saved by /api/covers/upload, or an image file path.",
        _STRING,
    ),
    SchemaField(
        "auto-detach",
        True,
        "Keep the app running when its command exits successfully within 5 s (a launcher).",
        _BOOLEAN,
    ),
    SchemaField(
        "wait-all",
        True,
        "Stop the command's whole process group on close, not only its first process.",
        _BOOLEAN,
    ),
    SchemaField(
        "exit-timeout",
        5,
        "Seconds between asking the command to stop and killing it.",
        {"type": "integer", "minimum": 0, "maximum": 3600},
    ),
    SchemaField(
        "elevated",
        False,
        "Kept for Sunshine compatibility; commands run as the host's user.",
        _BOOLEAN,
    ),
    SchemaField(
        "autosync",
        False,
        "Imported by a library sync; /api/apps/purge_autosync removes these.",
        _BOOLEAN,
    ),
)
_BY_NAME: Mapping[str, SchemaField] = {f.name: f for f in APP_FIELDS}
# Given by the host, never stored: `has-cover` is worked out on each GET /api/apps.
_RESERVED = ("id", "uuid", "index", "has-cover")


def app_schema() -> dict[str, Any]:
    """A submitted app as one JSON-schema object (`POST /api/apps` enforces it)."""
    properties: dict[str, Any] = {"uuid": _STRING}
    properties.update({f.name: {**f.schema, "description": f.help} for f in APP_FIELDS})
    return {"type": "object", "properties": properties}


def validate_app(fields: Any) -> dict[str, Any]:
    """Check known fields of a submitted app; raise BadRequest naming the first bad one."""
    if not isinstance(fields, dict):
        raise BadRequest("An app must be a JSON object")
    for key, value in fields.items():
        spec = _BY_NAME.get(key)
        if spec is not None:
            try:
                spec.check(value)
            except SchemaError as error:
                raise error.bad_request("app field") from None
    return fields


@dataclass(frozen=True)
class App:
    uuid: str
    id: int
    fields: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.fields.get("name", ""))

    def get(self, name: str) -> Any:
        return self.fields.get(name, _BY_NAME[name].default if name in _BY_NAME else None)

    def as_json(self) -> dict[str, Any]:
        merged = {f.name: self.get(f.name) for f in APP_FIELDS}
        merged.update(self.fields)
        return {**merged, "uuid": self.uuid, "id": self.id}


_UUID = re.compile(r"^[A-Za-z0-9-]{1,64}$")


class AppStore:
    def __init__(self, db: StateDB) -> None:
        self._db = db

    def list(self) -> list[App]:
        return [_app(row) for row in self._db.query("SELECT * FROM apps ORDER BY position, id")]

    def find(self, key: Any) -> App:
        """By uuid, or by numeric id (an int, or a string of digits)."""
        if isinstance(key, bool) or not isinstance(key, (str, int)):
            raise BadRequest("An app is addressed by its uuid (string) or numeric id")
        rows = self._db.query("SELECT * FROM apps WHERE uuid = ?", (str(key),))
        numeric = isinstance(key, int) or (str(key).isascii() and str(key).isdigit())
        # Beyond SQLite's 64-bit integers no app can have that id (and sqlite3 would raise).
        if not rows and numeric and 0 <= int(key) < 2**63:
            rows = self._db.query("SELECT * FROM apps WHERE id = ?", (int(key),))
        if not rows:
            raise NotFound(f"No app with uuid or id {key}; list them with GET /api/apps")
        return _app(rows[0])

    def save(self, submitted: Any) -> App:
        """Create (no or unknown uuid) or update (known uuid; fields merged) one app."""
        validate_app(submitted)
        fields = {k: v for k, v in submitted.items() if k not in _RESERVED}
        app_uuid = submitted.get("uuid")
        if app_uuid is not None and (not isinstance(app_uuid, str) or not _UUID.match(app_uuid)):
            raise BadRequest(
                "uuid must be 1-64 letters, digits or dashes; omit it to create an app"
            )
        existing = (
            self._db.query("SELECT * FROM apps WHERE uuid = ?", (app_uuid,)) if app_uuid else []
        )
        if existing:
            merged = {**_app(existing[0]).fields, **fields}
            _require_name(merged)
            with self._db.transaction() as db:
                db.execute(
                    "UPDATE apps SET data = ? WHERE uuid = ?", (dump_stored(merged), app_uuid)
                )
            return self.find(app_uuid)
        _require_name(fields)
        new_uuid = app_uuid or str(uuid_module.uuid4()).upper()
        with self._db.transaction() as db:
            position = db.execute("SELECT COALESCE(MAX(position), -1) + 1 FROM apps").fetchone()[0]
            db.execute(
                "INSERT INTO apps (uuid, position, data) VALUES (?, ?, ?)",
                (new_uuid, position, dump_stored(fields)),
            )
        return self.find(new_uuid)

    def delete(self, key: Any) -> App:
        app = self.find(key)
        with self._db.transaction() as db:
            db.execute("DELETE FROM apps WHERE uuid = ?", (app.uuid,))
        return app

    def reorder(self, uuids: Any) -> builtins.list[App]:
        """`uuids` must name every app exactly once; anything else changes nothing."""
        current = [app.uuid for app in self.list()]
        if not isinstance(uuids, list) or not all(isinstance(u, str) for u in uuids):
            raise BadRequest("order must be the list of every app's uuid")
        if len(uuids) != len(set(uuids)):
            raise BadRequest("order names an app more than once")
        if set(uuids) != set(current):
            missing = sorted(set(current) - set(uuids))
            unknown = sorted(set(uuids) - set(current))
            raise BadRequest(
                f"order must list every app once (missing: {', '.join(missing) or 'none'};"
                f" unknown: {', '.join(unknown) or 'none'}); read GET /api/apps first"
            )
        with self._db.transaction() as db:
            for position, app_uuid in enumerate(uuids):
                db.execute("UPDATE apps SET position = ? WHERE uuid = ?", (position, app_uuid))
        return self.list()

    def purge_autosync(self) -> builtins.list[App]:
        purged = [app for app in self.list() if app.get("autosync") is True]
        with self._db.transaction() as db:
            for app in purged:
                db.execute("DELETE FROM apps WHERE uuid = ?", (app.uuid,))
        return purged


def _require_name(fields: Mapping[str, Any]) -> None:
    name = fields.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadRequest("name is required and must be a non-empty string")


def _app(row: Any) -> App:
    # A known field whose stored value no longer passes its check (NaN saved by an older
    # host reads as null) falls back to its default rather than failing every read.
    stored = load_stored(row["data"])
    fields = {k: v for k, v in stored.items() if k not in _BY_NAME or _fits(_BY_NAME[k], v)}
    return App(row["uuid"], row["id"], fields)


def _fits(field: SchemaField, value: Any) -> bool:
    try:
        field.check(value)
    except SchemaError:
        return False
    return True
