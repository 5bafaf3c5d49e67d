"""Host settings, declared once.

Every known setting is one `Setting` in `SETTINGS` carrying a JSON-schema
fragment; defaults, validation (`host.core.schema`), `GET /api/config`, the
OpenAPI document's `Settings` schema (which the console's settings page is
built from) and docs/settings.md are all derived from that tuple.
Unknown keys are kept as given (a newer console may write keys an older host
does not know), but a known key with a bad value rejects the whole write.
A key written as null is removed: an unknown key is gone, a known one is
back at its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from host.core.schema import SchemaError, SchemaField, check_schema, describe
from http_errors import BadRequest

__all__ = [
    "HARDWARE_METRIC_IDS",
    "RUNS_CODE",
    "SETTINGS",
    "Setting",
    "defaults",
    "merge_settings",
    "settings_markdown",
    "settings_change_schema",
    "settings_schema",
    "unused_keys",
    "usable_saved",
    "validate_settings",
]

# Identifiers of spec/hardware-metrics.md; the selection may only name these.
HARDWARE_METRIC_IDS = (
    "cpu_usage_percent",
    "gpu_usage_percent",
    "gpu_clock_mhz",
    "gpu_memory_clock_mhz",
    "gpu_temperature_c",
    "gpu_hotspot_temperature_c",
    "gpu_memory_temperature_c",
    "gpu_voltage_mv",
    "gpu_fan_rpm",
    "gpu_fan_percent",
    "gpu_power_w",
    "gpu_board_power_w",
    "gpu_vram_used_mb",
    "gpu_vram_usage_percent",
)


_ORIGIN_LIST = {"type": "array", "items": {"type": "string", "format": "origin"}}
_FOLDER_LIST = {"type": "array", "items": {"type": "string", "format": "absolute-path"}}
_OPTIONAL_FOLDER = {"type": "string", "format": "absolute-path-or-empty"}


def _seconds(low: int, high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high, "x-unit": "s"}


@dataclass(frozen=True)
class Setting(SchemaField):
    """One host setting, with its title and group on the settings page."""

    title: str
    group: str


# The settings page's sections, in this order of first use.
_NETWORK = "Network"
_SIGN_IN = "Security"
_METRICS = "Hardware metrics"
_VIDEO = "Streaming"
_CONSOLE = "Console"
_UPDATES = "Updates"
_PLATFORM = "Games and tools"
_LOGS = _CONSOLE

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "origin_web_ui_allowed",
        "lan",
        "Which devices may open this console and use the host: this PC only, devices on your home network, or anyone who can reach this PC.",
        {"type": "string", "enum": ["pc", "lan", "wan"]},
        "Who can connect",
        _NETWORK,
    ),
    Setting(
        "port",
        47989,
        "Base port: streaming HTTP on it, the console on port + 1, streaming HTTPS on port - 5. Takes effect at the next start; `serve --port` overrides it.",
        {"type": "integer", "minimum": 6, "maximum": 65534},
        "Base port",
        _NETWORK,
    ),
    Setting(
        "csrf_allowed_origins",
        [],
        "Other web addresses (like https://nas.local:8443) whose pages may change this host's settings. Leave empty unless a page you run must do that.",
        _ORIGIN_LIST,
        "Other allowed web pages",
        _NETWORK,
    ),
    Setting(
        "locale",
        "en",
        "Language of this web console. Each browser can still choose its own.",
        {"type": "string", "minLength": 1, "maxLength": 35},
        "Console language",
        _CONSOLE,
    ),
    Setting(
        "access_log",
        False,
        "Also record every request the host answers, in a file of its own (access.log). "
        "Off, the host log holds only what the host itself did.",
        {"type": "boolean"},
        "Access log",
        _LOGS,
    ),
    Setting(
        "login_max_failures",
        10,
        "Wrong passwords one device may try within the failure window before it has to wait.",
        {"type": "integer", "minimum": 1, "maximum": 10_000},
        "Wrong passwords allowed",
        _SIGN_IN,
    ),
    Setting(
        "login_failure_window_s",
        60,
        "How long wrong passwords are remembered, and how long a device waits after too many.",
        _seconds(1, 86_400),
        "Failure window",
        _SIGN_IN,
    ),
    Setting(
        "session_access_ttl_s",
        7_200,
        "How often a signed-in browser quietly renews its sign-in.",
        _seconds(1, 86_400),
        "Sign-in renewal interval",
        _SIGN_IN,
    ),
    Setting(
        "session_refresh_ttl_s",
        86_400,
        'How long a sign-in lasts without "Remember me".',
        _seconds(1, 31_536_000),
        "Sign-in lasts",
        _SIGN_IN,
    ),
    Setting(
        "session_remember_ttl_s",
        2_592_000,
        'How long a sign-in with "Remember me" lasts.',
        _seconds(1, 31_536_000),
        "Remembered sign-in lasts",
        _SIGN_IN,
    ),
    Setting(
        "hardware_metrics",
        False,
        "Let paired devices show this PC's CPU and GPU readings (load, temperature, power) while they stream.",
        {"type": "boolean"},
        "Share hardware metrics",
        _METRICS,
    ),
    Setting(
        "hardware_metrics_interval",
        1_000,
        "How often the readings are refreshed.",
        {"type": "integer", "minimum": 500, "maximum": 10_000, "x-unit": "ms"},
        "Refresh interval",
        _METRICS,
    ),
    Setting(
        "hardware_metrics_selection",
        [],
        "Which readings devices may see. None ticked means every reading this PC supports.",
        {"type": "array", "items": {"type": "string", "enum": list(HARDWARE_METRIC_IDS)}},
        "Readings shared",
        _METRICS,
    ),
    Setting(
        "capture",
        "auto",
        "How the host captures the screen. Automatic picks the best way this PC supports; changing it checks the video encoders again.",
        {"type": "string", "enum": ["auto", "kms", "x11", "wlr", "portal", "nvfbc"]},
        "Screen capture",
        _VIDEO,
    ),
    Setting(
        "encoder",
        "auto",
        "Which chip encodes the video stream. Automatic prefers the graphics card and falls back to the processor.",
        {"type": "string", "enum": ["auto", "nvenc", "vaapi", "software"]},
        "Video encoder",
        _VIDEO,
    ),
    Setting(
        "update_source",
        "",
        "Where the host looks for new versions: a web address or a folder on this PC that lists releases. Empty turns updates off.",
        {"type": "string", "format": "update-source"},
        "Update source",
        _UPDATES,
    ),
    Setting(
        "drm_root",
        "/sys/class/drm",
        "Where Linux lists this PC's screens. Change it only if the Displays page finds none.",
        _OPTIONAL_FOLDER,
        "Screens folder",
        _PLATFORM,
    ),
    Setting(
        "steam_root",
        "",
        "Where Steam keeps its games. Empty looks in the usual places.",
        _OPTIONAL_FOLDER,
        "Steam folder",
        _PLATFORM,
    ),
    Setting(
        "lutris_root",
        "",
        "Where Lutris keeps its game library. Empty looks in the usual place.",
        _OPTIONAL_FOLDER,
        "Lutris folder",
        _PLATFORM,
    ),
    Setting(
        "vulkan_layer_dirs",
        [],
        "Folders the host checks for Vulkan add-ons such as frame-generation tools. Empty uses the standard folders.",
        _FOLDER_LIST,
        "Vulkan add-on folders",
        _PLATFORM,
    ),
    Setting(
        "icc_profile_dirs",
        [],
        "Folders with colour profiles offered to HDR displays. Empty uses the standard folders.",
        _FOLDER_LIST,
        "Colour profile folders",
        _PLATFORM,
    ),
    Setting(
        "tool_path",
        "",
        "Folders where the host looks for helper programs (Steam, Lutris, MangoHud, Gamescope), separated by colons. Empty uses the system's usual search path.",
        {"type": "string", "format": "search-path"},
        "Helper program folders",
        _PLATFORM,
    ),
)

# Settings whose value makes the host run code (an update package's installer, a helper program
# found on the path): changed only from a web session with the password (host.handlers.config).
RUNS_CODE = frozenset({"update_source", "tool_path"})

for _setting in SETTINGS:
    check_schema(_setting.schema, f"setting {_setting.name}")
    _setting.check(_setting.default)

_BY_NAME: Mapping[str, Setting] = {s.name: s for s in SETTINGS}


def defaults() -> dict[str, Any]:
    """A fresh dict of every known setting at its default."""
    return {s.name: _copy(s.default) for s in SETTINGS}


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def validate_settings(changes: Any) -> dict[str, Any]:
    """Check a submitted settings object; raise BadRequest naming the first bad key."""
    if not isinstance(changes, dict):
        raise BadRequest("The settings must be a JSON object")
    for key, value in changes.items():
        setting = _BY_NAME.get(key)
        if setting is None or value is None:
            continue
        try:
            setting.check(value)
        except SchemaError as error:
            raise error.bad_request("setting") from None
    return changes


def unused_keys(changes: Mapping[str, Any]) -> list[str]:
    """The submitted keys this host has no setting for (kept, but named back: a typo shows)."""
    return [key for key, value in changes.items() if key not in _BY_NAME and value is not None]


def settings_schema() -> dict[str, Any]:
    """Every setting as one JSON-schema object, for OpenAPI and the console's settings page."""
    properties = {
        s.name: {
            **s.schema,
            "title": s.title,
            "description": s.help,
            "default": _copy(s.default),
            "x-group": s.group,
            **({"x-confirm-password": True} if s.name in RUNS_CODE else {}),
        }
        for s in SETTINGS
    }
    return {"type": "object", "properties": properties, "additionalProperties": True}


def _or_null(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema`, also allowing null (a write's way to reset a setting to its default)."""
    nullable = dict(schema)
    if "type" in nullable:
        kinds = nullable["type"]
        nullable["type"] = [*([kinds] if isinstance(kinds, str) else kinds), "null"]
    if "enum" in nullable:
        nullable["enum"] = [*nullable["enum"], None]
    return nullable


def settings_change_schema() -> dict[str, Any]:
    """What `POST`/`PATCH /api/config` accepts: known keys as their schema or null, any other key."""
    schema = settings_schema()
    schema["properties"] = {k: _or_null(v) for k, v in schema["properties"].items()}
    return schema


def merge_settings(current: Mapping[str, Any], changes: Any) -> dict[str, Any]:
    """Validate `changes` and return `current` with them merged in (nothing is mutated)."""
    merged = dict(current)
    for key, value in validate_settings(changes).items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


def usable_saved(saved: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """What was saved, less the known keys whose value no longer validates (and their names).

    A value saved by an older host, or edited by hand, must not take the host
    down: the setting falls back to its default.
    """
    usable, dropped = {}, []
    for key, value in saved.items():
        setting = _BY_NAME.get(key)
        try:
            if setting is not None:
                setting.check(value)
        except SchemaError:
            dropped.append(key)
            continue
        usable[key] = value
    return usable, dropped


def settings_markdown() -> str:
    """docs/settings.md, generated from SETTINGS (a test keeps the file in sync)."""
    import json

    lines = [
        "# Host settings",
        "",
        "Generated from `host/core/settings.py` by `python -m host settings-doc > docs/settings.md`.",
        "Read with `GET /api/config`; change with `POST` or `PATCH /api/config` (merged; a bad value",
        "of a known key is a 400 naming it and nothing is saved; unknown keys are kept as given;",
        "a key sent as `null` is removed: back to its default, or gone when unknown).",
    ]
    for group in dict.fromkeys(s.group for s in SETTINGS):
        lines += [
            "",
            f"## {group}",
            "",
            "| name | default | allowed | meaning |",
            "|---|---|---|---|",
        ]
        for setting in (s for s in SETTINGS if s.group == group):
            default = json.dumps(setting.default)
            allowed = describe(setting.schema)
            lines.append(f"| `{setting.name}` | `{default}` | {allowed} | {setting.help} |")
    return "\n".join(lines) + "\n"
