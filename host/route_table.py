"""The one route table of the admin API. Adding a route is adding one entry.

Router, auth policy, `/api/token/routes`, `/api/openapi.json` and the tests'
route matrix all read this list (see `host.routing`).
"""

from __future__ import annotations

from typing import Any

from host.core.apps.store import app_schema
from host.core.auth.credentials import MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD
from host.core.settings import settings_change_schema
from host.handlers import (
    account,
    apps,
    auth,
    config,
    covers,
    debug_streams,
    devices,
    diagnostics,
    displays,
    files,
    library,
    lifecycle,
    openapi,
    pairing_admin,
    platform_tools,
    status,
    tokens,
    updates,
)
from host.routing import Access, Route, RouteTable

__all__ = ["build_route_table"]

PUBLIC, SETUP = Access.PUBLIC, Access.SETUP


def _obj(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


_STR = {"type": "string"}
# A required text field: present, a string, not empty.
_NONEMPTY = {"type": "string", "minLength": 1}
# An optional label: when given, a string with something besides spaces.
_LABEL = {"type": "string", "pattern": r"\S", "x-expected": "a non-empty string"}
_BOOL = {"type": "boolean"}
_SCOPES = {
    "type": "array",
    "minItems": 1,
    "maxItems": 64,
    "items": _obj(
        ("path", "methods"), path=_STR, methods={"type": "array", "items": _STR, "minItems": 1}
    ),
}
_LOGIN = _obj(("username", "password"), username=_NONEMPTY, password=_NONEMPTY, remember_me=_BOOL)
_SESSION_TOKENS = _obj(
    ("status", "access_token", "refresh_token", "csrf_token"),
    status=_BOOL,
    access_token=_STR,
    refresh_token=_STR,
    csrf_token=_STR,
    token_type=_STR,
    expires_in={"type": "integer"},
    refresh_expires_in={"type": "integer"},
    session_id=_STR,
    remember_me=_BOOL,
)
# The account policy, published here for the console's password page to show before submit.
_PASSWORD = _obj(
    ("newPassword", "confirmNewPassword"),
    currentUsername=_STR,
    currentPassword=_STR,
    newUsername={"type": "string", "maxLength": MAX_USERNAME},
    newPassword={"type": "string", "minLength": MIN_PASSWORD, "maxLength": MAX_PASSWORD},
    confirmNewPassword=_STR,
)

AUTH_ROUTES: tuple[Route, ...] = (
    # Authentication and tokens: public or never grantable.
    Route(
        "/api/auth/status",
        ("GET",),
        auth.auth_status,
        "auth-status",
        "Whether credentials exist and how this request is authenticated",
        PUBLIC,
    ),
    Route(
        "/api/auth/login",
        ("POST",),
        auth.login,
        "auth-login",
        "Sign in; sets session cookies and returns access, refresh and CSRF tokens",
        PUBLIC,
        request_schema=_LOGIN,
        response_schema=_SESSION_TOKENS,
    ),
    Route(
        "/api/auth/refresh",
        ("POST",),
        auth.refresh,
        "auth-refresh",
        "Rotate the session's access, refresh and CSRF tokens",
        PUBLIC,
        request_schema=_obj(refresh_token=_STR),
        response_schema=_SESSION_TOKENS,
    ),
    Route(
        "/api/auth/logout",
        ("POST",),
        auth.logout,
        "auth-logout",
        "Revoke the current session",
        grantable=False,
    ),
    Route(
        "/api/auth/sessions",
        ("GET",),
        auth.list_sessions,
        "auth-sessions",
        "List web sessions",
        grantable=False,
    ),
    Route(
        "/api/auth/sessions/{id}",
        ("DELETE",),
        auth.delete_session,
        "auth-session-delete",
        "Revoke one web session",
        grantable=False,
    ),
    Route(
        "/api/csrf-token",
        ("GET",),
        auth.csrf_token,
        "csrf-token",
        "The session's CSRF token (anonymous before sign-in)",
        PUBLIC,
    ),
    Route(
        "/api/configLocale",
        ("GET",),
        config.config_locale,
        "config-locale",
        "Console locale",
        PUBLIC,
    ),
    Route(
        "/api/token/routes",
        ("GET",),
        tokens.token_routes,
        "token-routes",
        "Grantable scope paths and their methods",
        grantable=False,
    ),
    Route(
        "/api/token",
        ("POST",),
        tokens.create_token,
        "token-create",
        "Create a scoped token; the secret is returned once",
        grantable=False,
        request_schema=_obj(("scopes",), scopes=_SCOPES),
    ),
    Route(
        "/api/tokens",
        ("GET",),
        tokens.list_tokens,
        "token-list",
        "Token hashes, owners, creation times and scopes",
        grantable=False,
    ),
    Route(
        "/api/token/{hash}",
        ("DELETE",),
        tokens.revoke_token,
        "token-revoke",
        "Revoke a token",
        grantable=False,
    ),
    Route(
        "/api/password",
        ("POST",),
        account.change_password,
        "password",
        "Create the first account (host PC only) or change credentials",
        SETUP,
        request_schema=_PASSWORD,
    ),
    # Settings and description of the API itself.
    Route(
        "/api/config",
        ("GET",),
        config.read_config,
        "config-read",
        "Every setting with its current value",
    ),
    Route(
        "/api/config",
        ("POST", "PATCH"),
        config.write_config,
        "config-write",
        "Merge the submitted settings",
        request_schema=settings_change_schema(),
    ),
    Route(
        "/api/openapi.json",
        ("GET",),
        openapi.openapi_json,
        "openapi",
        "This API as an OpenAPI 3.1 document",
        response_schema={"type": "object"},
    ),
)

# -- Admin resources: status, apps, covers, clients, browse, updates, logs ---------------
_INT = {"type": "integer"}
_ANY_OBJ = {"type": "object"}
_APP_FIELDS = app_schema()
_APP_LIST = _obj(
    ("status", "apps"), status=_BOOL, apps={"type": "array", "items": _ANY_OBJ}, current_app=_STR
)
_APP_KEY = _obj(uuid=_STR, id=_INT)
_CLIENT_KEY = _obj(("uuid",), uuid=_NONEMPTY)
_CLIENT_UPDATE = _obj(
    ("uuid",),
    uuid=_NONEMPTY,
    # null: keep the name.
    name={
        "type": ["string", "null"],
        "pattern": r"\S",
        "x-expected": "a non-empty string",
        "maxLength": 128,
    },
    # A list, or comma-separated text; host.core.devices.clients names an unknown one.
    permissions={
        "type": ["array", "string"],
        "items": _STR,
        "description": "of view, launch, input, clipboard, server_commands",
    },
)
_UPDATE_STATE = _obj(
    ("status", "state", "progress", "now"),
    status=_BOOL,
    state={
        "enum": [
            "idle",
            "checking",
            "up_to_date",
            "available",
            "queued",
            "downloading",
            "installing",
            "restarting",
            "failed",
        ]
    },
    progress=_INT,
    now=_BOOL,
    result={"type": ["object", "null"]},
    installed_version=_STR,
    available={"type": ["object", "null"]},
)
_METADATA = _obj(
    ("status", "version", "codec"),
    status=_BOOL,
    version=_STR,
    hostname=_STR,
    started_at={"type": "number"},
    pid=_INT,
    codec=_obj(
        ("state",),
        state={"enum": ["checking", "ready", "failed"]},
        encoders={"type": "array", "items": _ANY_OBJ},
        error=_STR,
    ),
    capture=_STR,
    encoder=_STR,
    displays={"type": "array", "items": _ANY_OBJ},
    audio={"type": "array", "items": _ANY_OBJ},
    virtual_display=_ANY_OBJ,
)
_BROWSE = _obj(
    ("status", "path", "parent", "entries"),
    status=_BOOL,
    path=_STR,
    parent=_STR,
    entries={
        "type": "array",
        "items": _obj(
            ("name", "path", "type"), name=_STR, path=_STR, type={"enum": ["directory", "file"]}
        ),
    },
)
_TAIL = _obj(
    ("status", "text", "offset", "size", "reset"),
    status=_BOOL,
    text=_STR,
    offset=_INT,
    size=_INT,
    reset=_BOOL,
)
_CRASH = _obj(
    ("status", "notice", "dumps"),
    status=_BOOL,
    notice=_BOOL,
    dumps={"type": "array", "items": _ANY_OBJ},
)
_IMAGE, _TEXT, _ZIP = "image/*", "text/plain", "application/zip"

RESOURCE_ROUTES: tuple[Route, ...] = (
    # Settings and status (GET/POST/PATCH /api/config and /api/configLocale are in AUTH_ROUTES).
    Route(
        "/api/metadata",
        ("GET",),
        status.metadata,
        "metadata",
        "Host version, codec probe state, capture backend, displays, audio, virtual displays (cached up to 5 s)",
        response_schema=_METADATA,
    ),
    Route(
        "/api/meta",
        ("GET",),
        status.metadata,
        "meta",
        "Alias of /api/metadata",
        response_schema=_METADATA,
    ),
    Route(
        "/api/session/status",
        ("GET",),
        status.session_status,
        "session-status",
        "Active streams and the launched app (independent flags)",
        response_schema=_obj(
            ("status", "activeSessions", "appRunning", "appName", "paused", "running"),
            status=_BOOL,
            activeSessions=_INT,
            appRunning=_BOOL,
            appName=_STR,
            appUuid=_STR,
            paused=_BOOL,
            running=_BOOL,
        ),
    ),
    Route(
        "/api/rtsp/sessions",
        ("GET",),
        status.rtsp_sessions,
        "rtsp-sessions",
        "Streaming sessions from the stream registry",
        response_schema=_obj(
            ("status", "sessions"), status=_BOOL, sessions={"type": "array", "items": _ANY_OBJ}
        ),
    ),
    Route(
        "/api/hardware-metrics/preview",
        ("GET",),
        status.hardware_metrics_preview,
        "hardware-metrics-preview",
        "The host's own hardware-metrics sample as a paired client would receive it (no stream needed)",
        response_schema=_obj(
            ("status", "enabled", "sample", "error"),
            status=_BOOL,
            enabled=_BOOL,
            sample={"type": ["object", "null"]},
            error={"type": ["string", "null"]},
        ),
    ),
    # Applications and covers.
    Route(
        "/api/apps",
        ("GET",),
        apps.list_apps,
        "apps-list",
        "Every app with uuid and numeric id, and the running app's uuid",
        response_schema=_APP_LIST,
    ),
    Route(
        "/api/apps",
        ("POST",),
        apps.save_app,
        "apps-save",
        "Create an app, or update the one with this uuid (fields merged)",
        request_schema=_APP_FIELDS,
    ),
    Route(
        "/api/apps/{id}",
        ("DELETE",),
        apps.delete_app,
        "apps-delete",
        "Delete an app by uuid or numeric id",
    ),
    Route(
        "/api/apps/delete",
        ("POST",),
        apps.delete_app_by_body,
        "apps-delete-body",
        "Delete the app with this uuid",
        request_schema=_obj(("uuid",), uuid=_NONEMPTY),
    ),
    Route(
        "/api/apps/reorder",
        ("POST",),
        apps.reorder_apps,
        "apps-reorder",
        "New order: the full list of app uuids",
        request_schema=_obj(("order",), order={"type": "array", "items": _STR}),
        response_schema=_APP_LIST,
    ),
    Route(
        "/api/apps/launch",
        ("POST",),
        apps.launch_app,
        "apps-launch",
        "Run prep commands, then start the app's command (one app at a time)",
        request_schema=_APP_KEY,
    ),
    Route(
        "/api/apps/close",
        ("POST",),
        apps.close_app,
        "apps-close",
        "Stop the running app (terminate, kill after its exit timeout), then undo commands",
        request_schema=_ANY_OBJ,
    ),
    Route(
        "/api/apps/purge_autosync",
        ("POST",),
        apps.purge_autosync,
        "apps-purge-autosync",
        "Remove apps imported by a library sync",
        request_schema=_ANY_OBJ,
    ),
    Route(
        "/api/apps/{id}/cover",
        ("GET",),
        covers.app_cover,
        "apps-cover",
        "The app's cover image",
        response_type=_IMAGE,
    ),
    Route(
        "/api/apps/{uuid}/icon",
        ("GET",),
        covers.app_icon,
        "apps-icon",
        "PNG icon saved by a library sync; 404 when none",
        response_type="image/png",
    ),
    Route(
        "/api/covers/{id}",
        ("GET",),
        covers.cover,
        "covers-read",
        "A cover image by key",
        response_type=_IMAGE,
    ),
    Route(
        "/api/covers/upload",
        ("POST",),
        covers.upload_cover,
        "covers-upload",
        "Save a PNG/JPEG/WebP/GIF under a sanitised `key`: JSON with base64 `data`, or the image as the body with `?key=`",
        request_schema=_obj(("key", "data"), key=_NONEMPTY, data=_NONEMPTY),
        query_schema=_obj(key=_STR),
        raw_body_types=("image/", "application/octet-stream"),
    ),
    # Paired devices (pending, pin and otp come with the pairing flow).
    Route(
        "/api/clients/list",
        ("GET",),
        devices.list_clients,
        "clients-list",
        "Paired devices, their permissions and streams",
        response_schema=_obj(
            ("status", "clients"), status=_BOOL, clients={"type": "array", "items": _ANY_OBJ}
        ),
    ),
    Route(
        "/api/clients/update",
        ("POST",),
        devices.update_client,
        "clients-update",
        "Rename a device or set its permissions",
        request_schema=_CLIENT_UPDATE,
    ),
    Route(
        "/api/clients/disconnect",
        ("POST",),
        devices.disconnect_client,
        "clients-disconnect",
        "End that device's stream",
        request_schema=_CLIENT_KEY,
    ),
    Route(
        "/api/clients/unpair",
        ("POST",),
        devices.unpair_client,
        "clients-unpair",
        "Forget a device (ends its stream)",
        request_schema=_CLIENT_KEY,
    ),
    Route(
        "/api/clients/unpair-all",
        ("POST",),
        devices.unpair_all_clients,
        "clients-unpair-all",
        "Forget every device",
        request_schema=_ANY_OBJ,
    ),
    # File browsing.
    Route(
        "/api/browse",
        ("GET",),
        files.browse,
        "browse",
        "List a folder of the host PC (folders first; `type` filters files)",
        query_schema=_obj(
            path=_STR,
            type={
                "type": "string",
                "description": "any, file or executable list those files; another kind "
                "(directory) lists folders only",
            },
        ),
        response_schema=_BROWSE,
    ),
    # Updates.
    Route(
        "/api/updates",
        ("GET",),
        updates.update_state,
        "updates",
        "Update state, progress, result and `now`",
        response_schema=_UPDATE_STATE,
    ),
    Route(
        "/api/updates/check",
        ("POST",),
        updates.check_updates,
        "updates-check",
        "Read the release index of `update_source`",
        request_schema=_ANY_OBJ,
        response_schema=_UPDATE_STATE,
    ),
    Route(
        "/api/updates/install",
        ("POST",),
        updates.install_update,
        "updates-install",
        "Install the available update once no stream is active",
        request_schema=_ANY_OBJ,
        response_schema=_UPDATE_STATE,
    ),
    # Restarts the host only when an update is ready; with none it is a 400 (safe on shared hosts).
    Route(
        "/api/updates/install_now",
        ("POST",),
        updates.install_update_now,
        "updates-install-now",
        "End running streams and install the available update now",
        request_schema=_ANY_OBJ,
        response_schema=_UPDATE_STATE,
    ),
    Route(
        "/api/updates/cancel",
        ("POST",),
        updates.cancel_update,
        "updates-cancel",
        "Cancel a queued or downloading update",
        request_schema=_ANY_OBJ,
        response_schema=_UPDATE_STATE,
    ),
    # Logs and diagnostics.
    Route(
        "/api/logs",
        ("GET",),
        diagnostics.logs,
        "logs",
        "Up to the last 8 MiB of the current log",
        response_type=_TEXT,
    ),
    Route(
        "/api/logs/export",
        ("GET",),
        diagnostics.export_logs,
        "logs-export",
        "The same text as an attachment",
        response_type=_TEXT,
    ),
    Route(
        "/api/logs/tail",
        ("GET",),
        diagnostics.logs_tail,
        "logs-tail",
        "Whole lines of the log from `offset`, at most `max` bytes",
        # offset -1 (the default) is the end of the log.
        query_schema=_obj(offset={"type": "integer", "minimum": -1}, max=_INT),
        response_schema=_TAIL,
    ),
    Route(
        "/api/logs/export_crash",
        ("GET",),
        diagnostics.export_crash,
        "logs-export-crash",
        "Support ZIP: logs, settings without secrets, system summary, crash dumps",
        response_type=_ZIP,
    ),
    Route(
        "/api/logs/export_crash/manifest",
        ("GET",),
        diagnostics.export_crash_manifest,
        "logs-export-crash-manifest",
        "What the support ZIP would contain",
        response_schema=_obj(
            ("status", "files"),
            status=_BOOL,
            files={"type": "array", "items": _obj(name=_STR, size=_INT)},
        ),
    ),
    Route(
        "/api/health/crashdump",
        ("GET",),
        diagnostics.crashdump,
        "crashdump",
        "Crash dumps written by earlier host processes",
        response_schema=_CRASH,
    ),
    Route(
        "/api/health/crashdump/dismiss",
        ("POST",),
        diagnostics.dismiss_crashdump,
        "crashdump-dismiss",
        "Clear the crash-dump notice",
        request_schema=_ANY_OBJ,
    ),
    # Host process.
    Route(
        "/api/restart",
        ("POST",),
        lifecycle.restart_host,
        "restart",
        "Answer, then re-execute the host with the same arguments",
        request_schema=_ANY_OBJ,
        disruptive=True,
    ),
    Route(
        "/api/quit",
        ("POST",),
        lifecycle.quit_host,
        "quit",
        "Answer, then stop the host (exit code 0)",
        request_schema=_ANY_OBJ,
        disruptive=True,
    ),
)

# -- Streaming: stream registry and its simulator (feature "simulate-streams") -----------
_STREAM = _obj(
    ("device", "kind", "state"),
    device=_STR,
    kind={"enum": ["normal", "remote_monitor", "input_only"]},
    state={"enum": ["pending", "active", "stopping"]},
    started_at={"type": "number"},
)
_PENDING = _obj(
    ("id", "device_name", "address", "phase"),
    id=_STR,
    device_name=_STR,
    address=_STR,
    phase=_STR,
    outcome={
        "enum": [
            "waiting",
            "checking",
            "paired",
            "wrong_pin",
            "gave_up",
            "expired",
            "superseded",
            "failed",
        ]
    },
    failure=_STR,
    name=_STR,
    created_at={"type": "number"},
    expires_at={"type": "number"},
)
STREAM_ROUTES: tuple[Route, ...] = (
    # Pairing (the handshake itself is GET /pair on the streaming ports; see docs/streaming.md).
    Route(
        "/api/clients/pending",
        ("GET",),
        pairing_admin.pending_clients,
        "clients-pending",
        "Pairing requests waiting for a PIN, oldest first",
        response_schema=_obj(
            ("status", "pending"), status=_BOOL, pending={"type": "array", "items": _PENDING}
        ),
    ),
    Route(
        "/api/clients/pending/{id}",
        ("GET",),
        pairing_admin.pairing_request,
        "clients-pending-one",
        "One pairing request by id, waiting or finished, with its outcome (paired, wrong_pin, gave_up, expired, ...)",
        response_schema=_obj(("status", "request"), status=_BOOL, request=_PENDING),
    ),
    Route(
        "/api/pin",
        ("POST",),
        pairing_admin.enter_pin,
        "pin",
        "Enter the PIN a device shows (id required when several wait); it pairs with the default permissions",
        request_schema=_obj(
            ("pin",),
            pin={"type": "string", "pattern": "^[0-9]{4}$", "x-expected": "4 digits"},
            name=_LABEL,
            id=_LABEL,
        ),
    ),
    Route(
        "/api/otp",
        ("POST",),
        pairing_admin.issue_otp,
        "otp",
        "Issue a one-time PIN a device uses with this passphrase (expires)",
        request_schema=_obj(("passphrase",), passphrase=_STR, name=_LABEL),
        response_schema=_obj(
            ("status", "otp", "expires_at"),
            status=_BOOL,
            otp=_STR,
            expires_at={"type": "number"},
            expires_in={"type": "integer"},
        ),
    ),
)
SIMULATOR_ROUTES: tuple[Route, ...] = (
    Route(
        "/api/debug/streams",
        ("GET",),
        debug_streams.list_streams,
        "debug-streams",
        "Simulated streams of the stream registry",
        response_schema=_obj(
            ("status", "streams"), status=_BOOL, streams={"type": "array", "items": _STREAM}
        ),
    ),
    Route(
        "/api/debug/streams",
        ("POST",),
        debug_streams.put_stream,
        "debug-streams-put",
        "Create or update a paired device's simulated stream",
        request_schema=_obj(
            ("device", "kind", "state"),
            device=_NONEMPTY,
            kind=_STREAM["properties"]["kind"],
            state=_STREAM["properties"]["state"],
        ),
    ),
    Route(
        "/api/debug/streams/{device}",
        ("DELETE",),
        debug_streams.delete_stream,
        "debug-streams-delete",
        "End a device's simulated stream",
    ),
)

# -- Platform helpers: displays, frame limiting, HDR, store and library integrations -----
_P_OBJS = {"type": "array", "items": {"type": "object"}}
_P_NUM = {"type": "number"}
_P_DEVICES = _obj(("status", "platform", "devices"), status=_BOOL, platform=_STR, devices=_P_OBJS)
_P_LAYOUT = _obj(
    ("device_id",),
    device_id=_STR,
    resolution={
        "type": ["string", "null"],
        "pattern": "^[0-9]+x[0-9]+$",
        "x-expected": "WIDTHxHEIGHT, e.g. 1920x1080",
    },
    refresh_hz={"type": ["number", "null"]},
    scaling={"type": "integer", "minimum": 50, "maximum": 400},
)
_P_EMPTY = _obj()
_P_DEVICE_QUERY = _obj(device_id=_STR)
_P_LIB_STATUS = _obj(
    ("status", "installed", "game_count"),
    status=_BOOL,
    integration=_STR,
    product=_STR,
    installed=_BOOL,
    path={"type": ["string", "null"]},
    reason={"type": ["string", "null"]},
    client={"type": ["string", "null"]},
    game_count={"type": ["integer", "null"]},
    installed_count={"type": ["integer", "null"]},
    last_sync={"type": ["object", "null"]},
)
_P_GAMES = _obj(
    ("status", "games"),
    status=_BOOL,
    product=_STR,
    games=_P_OBJS,
    problems={"type": "array", "items": _STR},
)
_P_SYNC = _obj(
    ("status", "imported", "updated", "removed"),
    status=_BOOL,
    imported=_INT,
    updated=_INT,
    removed=_INT,
    icons=_INT,
    covers=_INT,
    apps={"type": "array", "items": _STR},
    last_sync={"type": "object"},
)
_P_LIBMGR_ID = _obj(("libmgr_id",), libmgr_id={"type": ["string", "integer"]})
_P_TOOLS = _obj(
    ("status", "installed", "tools"), status=_BOOL, platform=_STR, installed=_BOOL, tools=_P_OBJS
)

PLATFORM_ROUTES: tuple[Route, ...] = (
    Route(
        "/api/display-devices",
        ("GET",),
        displays.display_devices,
        "display-devices",
        "The PC's display outputs with EDID modes and refresh rates",
        response_schema=_P_DEVICES,
    ),
    Route(
        "/api/clients/display-layout",
        ("GET",),
        displays.read_layout,
        "display-layout-read",
        "Stored display layouts (output, resolution, refresh, scaling)",
        query_schema=_P_DEVICE_QUERY,
        response_schema=_obj(("status", "layouts"), status=_BOOL, layouts=_P_OBJS),
    ),
    Route(
        "/api/clients/display-layout",
        ("PUT",),
        displays.write_layout,
        "display-layout-write",
        "Store one device's layout, validated against its advertised modes",
        request_schema=_P_LAYOUT,
    ),
    Route(
        "/api/clients/hdr-profiles",
        ("GET",),
        displays.hdr_profiles,
        "hdr-profiles",
        "HDR support and display colour profiles per device",
        response_schema=_obj(
            ("status", "devices"),
            status=_BOOL,
            devices=_P_OBJS,
            profile_dirs={"type": "array", "items": _STR},
        ),
    ),
    Route(
        "/api/display/golden_status",
        ("GET",),
        displays.golden_status,
        "display-golden-status",
        "Whether a golden display snapshot exists and how the present differs",
        response_schema=_obj(
            ("status", "exists"),
            status=_BOOL,
            exists=_BOOL,
            golden={"type": "object"},
            matches=_BOOL,
            differences={"type": "array", "items": _STR},
        ),
    ),
    Route(
        "/api/display/export_golden",
        ("POST",),
        displays.export_golden,
        "display-golden-export",
        "Store the present display configuration as the golden snapshot",
        request_schema=_P_EMPTY,
    ),
    Route(
        "/api/display/restore_golden",
        ("POST",),
        displays.restore_golden,
        "display-golden-restore",
        "Apply the golden snapshot back where the platform allows (else 400 with the reason)",
        request_schema=_P_EMPTY,
    ),
    Route(
        "/api/display/golden",
        ("DELETE",),
        displays.delete_golden,
        "display-golden-delete",
        "Delete the golden snapshot",
        response_schema=_obj(("status", "deleted"), status=_BOOL, deleted=_BOOL),
    ),
    Route(
        "/api/display/terminate_virtual",
        ("POST",),
        displays.terminate_virtual,
        "display-terminate-virtual",
        "Remove a virtual display of the host (400 when none exists or the OS refuses)",
        # No device_id: the host's one virtual display, if it has exactly one.
        request_schema=_obj(device_id=_STR),
    ),
    Route(
        "/api/reset-display-device-persistence",
        ("POST",),
        displays.reset_persistence,
        "display-reset-persistence",
        "Forget every stored display layout",
        request_schema=_P_EMPTY,
    ),
    Route(
        "/api/framegen/edid-refresh",
        ("GET",),
        displays.edid_refresh,
        "edid-refresh",
        "Refresh rates a device's EDID advertises",
        query_schema=_obj(("device_id",), device_id=_NONEMPTY),
        response_schema=_obj(
            ("status", "device_id", "refresh_rates"),
            status=_BOOL,
            device_id=_STR,
            edid=_BOOL,
            refresh_rates={"type": "array", "items": _P_NUM},
            range={"type": ["object", "null"]},
        ),
    ),
    # Game store (Steam on Linux) and game-library manager (Lutris on Linux), behind host.core.library.interface.
    Route(
        "/api/storefront/status",
        ("GET",),
        library.storefront_status,
        "storefront-status",
        "Whether the game store is installed, its library path, game count, last sync",
        response_schema=_P_LIB_STATUS,
    ),
    Route(
        "/api/storefront/games",
        ("GET",),
        library.storefront_games,
        "storefront-games",
        "Games of the store's library with install state and covers",
        response_schema=_P_GAMES,
    ),
    Route(
        "/api/storefront/force_sync",
        ("POST",),
        library.storefront_force_sync,
        "storefront-sync",
        "Import the installed store games as auto-synced apps",
        request_schema=_P_EMPTY,
        response_schema=_P_SYNC,
    ),
    Route(
        "/api/storefront/launch",
        ("POST",),
        library.storefront_launch,
        "storefront-launch",
        "Start a game through the store client",
        request_schema=_obj(("appid",), appid={"type": ["string", "integer"]}),
    ),
    Route(
        "/api/libmgr/status",
        ("GET",),
        library.libmgr_status,
        "libmgr-status",
        "Whether the library manager is installed, its library path, game count, last sync",
        response_schema=_P_LIB_STATUS,
    ),
    Route(
        "/api/libmgr/games",
        ("GET",),
        library.libmgr_games,
        "libmgr-games",
        "Games of the library manager with categories and install state",
        response_schema=_P_GAMES,
    ),
    Route(
        "/api/libmgr/categories",
        ("GET",),
        library.libmgr_categories,
        "libmgr-categories",
        "Categories of the library manager with their game counts",
        response_schema=_obj(
            ("status", "categories"), status=_BOOL, product=_STR, categories=_P_OBJS
        ),
    ),
    Route(
        "/api/libmgr/install",
        ("POST",),
        library.libmgr_install,
        "libmgr-install",
        "Start installing a game through the manager's command line",
        request_schema=_P_LIBMGR_ID,
    ),
    Route(
        "/api/libmgr/uninstall",
        ("POST",),
        library.libmgr_uninstall,
        "libmgr-uninstall",
        "Uninstall a game through the manager's command line (400 with the reason where it has none)",
        request_schema=_P_LIBMGR_ID,
    ),
    Route(
        "/api/libmgr/force_sync",
        ("POST",),
        library.libmgr_force_sync,
        "libmgr-sync",
        "Import the installed library games as auto-synced apps, with icons",
        request_schema=_P_EMPTY,
        response_schema=_P_SYNC,
    ),
    Route(
        "/api/libmgr/cover",
        ("POST",),
        library.libmgr_cover,
        "libmgr-cover",
        "Use an uploaded cover as a game's cover in the manager, sync, return its path",
        request_schema=_obj(
            ("libmgr_id", "cover_key"),
            libmgr_id=_P_LIBMGR_ID["properties"]["libmgr_id"],
            cover_key=_NONEMPTY,
        ),
    ),
    # Frame limiting, overlay, upscaling and HDR helpers (detected, never assumed).
    Route(
        "/api/frame-limiter/status",
        ("GET",),
        platform_tools.frame_limiter_status,
        "frame-limiter-status",
        "Frame limiters found on this PC",
        response_schema=_P_TOOLS,
    ),
    Route(
        "/api/overlay_limiter/status",
        ("GET",),
        platform_tools.overlay_limiter_status,
        "overlay-limiter-status",
        "The frame-limiter overlay tool: program and Vulkan layer",
        response_schema=_P_TOOLS,
    ),
    Route(
        "/api/upscaler/status",
        ("GET",),
        platform_tools.upscaler_status,
        "upscaler-status",
        "Scaling tools found on this PC",
        response_schema=_P_TOOLS,
    ),
    Route(
        "/api/health/vulkan-hdr-layer",
        ("GET",),
        platform_tools.vulkan_hdr_layer,
        "vulkan-hdr-layer",
        "Whether the HDR Vulkan layer is installed and registered as implicit",
        response_schema=_obj(
            ("status", "installed", "registered"),
            status=_BOOL,
            installed=_BOOL,
            registered=_BOOL,
            layer={"type": ["object", "null"]},
            layer_dirs={"type": "array", "items": _STR},
        ),
    ),
    Route(
        "/api/health/vulkan-hdr-layer/register",
        ("POST",),
        platform_tools.register_vulkan_hdr_layer,
        "vulkan-hdr-layer-register",
        "Register the installed HDR layer's manifest as an implicit layer",
        request_schema=_P_EMPTY,
    ),
    Route(
        "/api/apps/hdr_filter/live",
        ("POST",),
        platform_tools.hdr_filter_live,
        "hdr-filter-live",
        "Switch the running app's HDR filter on or off (400 when no app runs)",
        request_schema=_obj(("enabled",), enabled=_BOOL),
    ),
    Route(
        "/api/libmgr/launch",
        ("POST",),
        library.libmgr_launch,
        "libmgr-launch",
        "Start (or bring forward) the library manager's desktop window",
        request_schema=_obj(("mode",), mode={"enum": ["desktop"]}),
    ),
)

ROUTES: tuple[Route, ...] = AUTH_ROUTES + RESOURCE_ROUTES + STREAM_ROUTES + PLATFORM_ROUTES


def build_route_table(features: frozenset[str] = frozenset()) -> RouteTable:
    """The routes of this host process; `features` switches optional groups on."""
    simulator = SIMULATOR_ROUTES if "simulate-streams" in features else ()
    return RouteTable(ROUTES + simulator)
