"""Host settings, declared once.

Every known setting is one `Setting` in `SETTINGS`; defaults, validation,
`GET /api/config` and docs/settings.md are all derived from that tuple.
Unknown keys are kept as given (a newer console may write keys an older host
does not know), but a known key with a bad value rejects the whole write.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from .errors import BadRequest

__all__ = [
    "HARDWARE_METRIC_IDS",
    "SETTINGS",
    "Setting",
    "defaults",
    "merge_settings",
    "settings_markdown",
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


def _one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}"

    return check


def _int_range(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if low <= value <= high else f"must be between {low} and {high}"

    return check


def _origins(value: Any) -> str | None:
    for item in value:
        parts = urlsplit(item)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return f"{item!r} is not an origin like https://host:port"
        if parts.path not in ("", "/") or parts.query or parts.fragment:
            return f"{item!r} is not an origin: remove its path, query or fragment"
    return None


def _metric_ids(value: Any) -> str | None:
    unknown = [item for item in value if item not in HARDWARE_METRIC_IDS]
    return f"unknown metric identifiers: {', '.join(unknown)}" if unknown else None


def _update_source(value: Any) -> str | None:
    if value == "" or value.startswith("/") or _is_windows_path(value):
        return None
    parts = urlsplit(value)
    if parts.scheme in ("http", "https") and parts.netloc:
        return None
    return "must be empty, an http(s):// URL or an absolute folder path"


def _is_absolute(value: str) -> bool:
    return value.startswith("/") or _is_windows_path(value)


def _folder_path(value: Any) -> str | None:
    return (
        None if value == "" or _is_absolute(value) else "must be empty or an absolute folder path"
    )


def _folder_paths(value: Any) -> str | None:
    bad = [item for item in value if not _is_absolute(item)]
    return f"must be absolute folder paths (not {bad[0]!r})" if bad else None


def _search_path(value: Any) -> str | None:
    separator = ";" if ";" in value or _is_windows_path(value) else ":"
    bad = [item for item in value.split(separator) if item and not _is_absolute(item)]
    return f"must list absolute folders (not {bad[0]!r})" if bad else None


def _is_windows_path(value: str) -> bool:
    return len(value) > 2 and value[0].isalpha() and value[1:3] in (":\\", ":/")


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "origin_web_ui_allowed",
        "lan",
        "Who may reach the console and API: pc (this PC only), lan (private networks) or wan (anyone).",
        _one_of("pc", "lan", "wan"),
    ),
    Setting(
        "csrf_allowed_origins",
        [],
        "Extra origins (scheme://host:port) allowed to send state-changing requests.",
        _origins,
    ),
    Setting("locale", "en", "Language of the web console, returned by /api/configLocale."),
    Setting(
        "login_max_failures",
        10,
        "Failed sign-ins per client address (IPv6 per /64) within the window before refusing.",
        _int_range(1, 10_000),
    ),
    Setting(
        "login_failure_window_s",
        60,
        "Window of the sign-in rate limit, in seconds.",
        _int_range(1, 86_400),
    ),
    Setting(
        "session_access_ttl_s",
        7_200,
        "Lifetime of a web session's access token, in seconds.",
        _int_range(1, 86_400),
    ),
    Setting(
        "session_refresh_ttl_s",
        86_400,
        "Lifetime of a web session's refresh token without remember_me, in seconds.",
        _int_range(1, 31_536_000),
    ),
    Setting(
        "session_remember_ttl_s",
        2_592_000,
        "Lifetime of a remembered web session's refresh token, in seconds.",
        _int_range(1, 31_536_000),
    ),
    Setting(
        "hardware_metrics",
        False,
        "Allow paired streaming clients to read CPU and GPU metrics during a stream.",
    ),
    Setting(
        "hardware_metrics_interval",
        1_000,
        "Minimum time between fresh hardware-metrics samples, in milliseconds.",
        _int_range(500, 10_000),
    ),
    Setting(
        "hardware_metrics_selection",
        [],
        "Metric identifiers to report; empty means every supported reading.",
        _metric_ids,
    ),
    Setting(
        "capture",
        "auto",
        "Capture backend reported by /api/metadata: auto, kms, x11, wlr, portal or nvfbc. A change re-runs the codec probe.",
        _one_of("auto", "kms", "x11", "wlr", "portal", "nvfbc"),
    ),
    Setting(
        "encoder",
        "auto",
        "Preferred video encoder: auto, nvenc, vaapi or software. A change re-runs the codec probe.",
        _one_of("auto", "nvenc", "vaapi", "software"),
    ),
    Setting(
        "update_source",
        "",
        "Where updates come from: an https:// URL of a releases.json index, or an absolute local folder holding one; empty disables updates.",
        _update_source,
    ),
    # Platform helpers (issue 6): where the adapters look on this PC. Tests point them at fixtures.
    Setting(
        "drm_root",
        "/sys/class/drm",
        "Folder listing the display outputs (Linux DRM sysfs).",
        _folder_path,
    ),
    Setting(
        "steam_root",
        "",
        "Folder of the game store (Steam) holding steamapps/; empty = the usual per-user locations.",
        _folder_path,
    ),
    Setting(
        "lutris_root",
        "",
        "Data folder of the game-library manager (Lutris) holding pga.db; empty = the usual per-user location.",
        _folder_path,
    ),
    Setting(
        "vulkan_layer_dirs",
        [],
        "Vulkan implicit-layer folders to inspect, the first one writable for registering a layer; empty = the standard folders.",
        _folder_paths,
    ),
    Setting(
        "icc_profile_dirs",
        [],
        "Folders holding ICC colour profiles for /api/clients/hdr-profiles; empty = the standard folders.",
        _folder_paths,
    ),
    Setting(
        "tool_path",
        "",
        "Search path (like PATH) for helper programs the host detects or starts (steam, lutris, mangohud, gamescope); empty = the host's PATH.",
        _search_path,
    ),
)

_BY_NAME: Mapping[str, Setting] = {s.name: s for s in SETTINGS}


def defaults() -> dict[str, Any]:
    """A fresh dict of every known setting at its default."""
    return {s.name: _copy(s.default) for s in SETTINGS}


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def _type_error(setting: Setting, value: Any) -> str | None:
    expected = type(setting.default)
    # bool is an int subclass: keep true/false out of integer settings and vice versa.
    if expected is bool:
        return None if isinstance(value, bool) else "must be true or false"
    if expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else "must be an integer"
    if expected is str:
        return None if isinstance(value, str) else "must be a string"
    if expected is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return None if ok else "must be a list of strings"
    return None


def validate_settings(changes: Any) -> dict[str, Any]:
    """Check a submitted settings object; raise BadRequest naming the first bad key."""
    if not isinstance(changes, dict):
        raise BadRequest("The settings must be a JSON object")
    for key, value in changes.items():
        setting = _BY_NAME.get(key)
        if setting is None:
            continue
        problem = _type_error(setting, value)
        if problem is None and setting.check is not None:
            problem = setting.check(value)
        if problem is not None:
            raise BadRequest(f"Invalid setting {key}: {problem}")
    return changes


def merge_settings(current: Mapping[str, Any], changes: Any) -> dict[str, Any]:
    """Validate `changes` and return `current` with them merged in (nothing is mutated)."""
    merged = dict(current)
    merged.update(validate_settings(changes))
    return merged


def settings_markdown() -> str:
    """docs/settings.md, generated from SETTINGS (a test keeps the file in sync)."""
    import json

    lines = [
        "# Host settings",
        "",
        "Generated from `host/core/settings.py` by `python -m host settings-doc > docs/settings.md`.",
        "Read with `GET /api/config`; change with `POST` or `PATCH /api/config` (merged; a bad value",
        "of a known key is a 400 naming it and nothing is saved; unknown keys are kept as given).",
        "",
        "| name | default | meaning |",
        "|---|---|---|",
    ]
    for setting in SETTINGS:
        lines.append(f"| `{setting.name}` | `{json.dumps(setting.default)}` | {setting.help} |")
    return "\n".join(lines) + "\n"
