"""The scripted tour `python -m demo record` drives: every admin route, in an order that
leaves the host as it found it (what the tour creates, it deletes; settings it changes,
it restores), so recording twice gives the same answers.

A step's `path` and `body` may name values of earlier answers as `{name}`; `keep` says
which fields of its answer to remember (`name: dotted.path`). `auth` is how the step
authenticates: Basic (the default), the recording's web session (`session`, with its
CSRF token), or none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["NOT_RECORDED", "PNG", "TOUR", "Step"]

# A 1x1 PNG, uploaded as a cover.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)

# Routes the tour never calls, with the reason; the coverage test accepts only these.
NOT_RECORDED = {
    ("POST", "/api/restart"): "restarts the host being recorded",
    ("POST", "/api/quit"): "stops the host being recorded",
    ("POST", "/api/health/vulkan-hdr-layer/register"): "registers a Vulkan layer on the PC",
    ("POST", "/api/display/restore_golden"): "changes the PC's display modes",
    ("POST", "/api/display/terminate_virtual"): "removes the PC's virtual display",
}


@dataclass(frozen=True)
class Step:
    method: str
    path: str
    body: Any = None
    query: dict[str, str] = field(default_factory=dict)
    auth: str = "basic"  # basic | session | none
    raw: bytes | None = None  # a raw upload instead of a JSON body
    keep: dict[str, str] = field(default_factory=dict)


S = Step
_APP = {"name": "Recorded app", "cmd": "sleep 30", "auto-detach": False}

TOUR: tuple[Step, ...] = (
    # Signing in, sessions and CSRF.
    S("GET", "/api/auth/status", auth="none"),
    S("GET", "/api/csrf-token", auth="none", keep={"anon_csrf": "csrf_token"}),
    S("GET", "/api/configLocale", auth="none"),
    S(
        "POST",
        "/api/auth/login",
        {"username": "{username}", "password": "{password}"},
        auth="none",
        keep={
            "access": "access_token",
            "refresh": "refresh_token",
            "csrf": "csrf_token",
            "session": "session_id",
        },
    ),
    S("GET", "/api/auth/status", auth="session"),
    S(
        "POST",
        "/api/auth/refresh",
        {"refresh_token": "{refresh}"},
        auth="none",
        keep={"access": "access_token", "refresh": "refresh_token", "csrf": "csrf_token"},
    ),
    S(
        "POST",
        "/api/auth/login",
        {"username": "{username}", "password": "{password}"},
        auth="none",
        keep={"other_session": "session_id"},
    ),
    S("GET", "/api/auth/sessions"),
    S("DELETE", "/api/auth/sessions/{other_session}"),
    S("POST", "/api/auth/login", {"username": "{username}", "password": "wrong"}, auth="none"),
    # Scoped tokens.
    S("GET", "/api/token/routes"),
    S(
        "POST",
        "/api/token",
        {"scopes": [{"path": "/api/apps", "methods": ["GET"]}]},
        auth="session",
        keep={"token_hash": "hash"},
    ),
    S("GET", "/api/tokens"),
    S("DELETE", "/api/token/{token_hash}", auth="session"),
    # Settings (changed, then restored).
    S("GET", "/api/config", keep={"locale": "locale"}),
    S("PATCH", "/api/config", {"locale": "fr"}, auth="session"),
    S("POST", "/api/config", {"locale": "{locale}"}),
    S("PATCH", "/api/config", {"locale": 5}, auth="session"),
    S("GET", "/api/openapi.json"),
    S("GET", "/api/metadata"),
    S("GET", "/api/meta"),
    S("GET", "/api/session/status"),
    S("GET", "/api/rtsp/sessions"),
    S("GET", "/api/hardware-metrics/preview"),
    # Applications.
    S("POST", "/api/apps", _APP, keep={"app_id": "app.id", "app_uuid": "app.uuid"}),
    S(
        "POST",
        "/api/apps",
        {"name": "Second recorded app"},
        keep={"app2_id": "app.id", "app2_uuid": "app.uuid"},
    ),
    S("GET", "/api/apps"),
    S("POST", "/api/apps/reorder", {"order": ["{app2_uuid}", "{app_uuid}"]}),
    S("POST", "/api/apps/launch", {"id": "{app_id}"}),
    S("POST", "/api/apps/close"),
    S("POST", "/api/covers/upload", raw=PNG, query={"key": "recorded"}),
    S("GET", "/api/covers/recorded"),
    S("GET", "/api/apps/{app_id}/cover"),
    S("GET", "/api/apps/{app_uuid}/icon"),
    S("POST", "/api/apps/hdr_filter/live", {"id": "{app_id}"}),
    S("POST", "/api/apps/purge_autosync"),
    S("POST", "/api/apps/delete", {"id": "{app2_id}"}),
    S("DELETE", "/api/apps/{app_id}"),
    # Devices and pairing.
    S("GET", "/api/clients/list"),
    S("GET", "/api/clients/pending"),
    S("GET", "/api/clients/pending/nobody"),
    S("POST", "/api/pin", {"pin": "1234"}),
    S("POST", "/api/otp", {"passphrase": "recorded"}),
    S("POST", "/api/clients/update", {"uuid": "nobody", "name": "x"}),
    S("POST", "/api/clients/disconnect", {"uuid": "nobody"}),
    S("POST", "/api/clients/unpair", {"uuid": "nobody"}),
    S("POST", "/api/clients/unpair-all"),
    S(
        "POST",
        "/api/debug/streams",
        {"device": "recorded-device", "kind": "normal", "state": "active"},
    ),
    S("GET", "/api/debug/streams"),
    S("DELETE", "/api/debug/streams/recorded-device"),
    S("GET", "/api/browse", query={"path": "/nonexistent-recorded"}),
    # Updates.
    S("GET", "/api/updates"),
    S("POST", "/api/updates/check"),
    S("POST", "/api/updates/install"),
    S("POST", "/api/updates/install_now"),
    S("POST", "/api/updates/cancel"),
    # Logs and troubleshooting.
    S("GET", "/api/logs"),
    S("GET", "/api/logs/export"),
    S("GET", "/api/logs/tail", query={"offset": "-1", "max": "1024"}),
    S("GET", "/api/logs/export_crash/manifest"),
    S("GET", "/api/logs/export_crash"),
    S("GET", "/api/health/crashdump"),
    S("POST", "/api/health/crashdump/dismiss"),
    # Displays.
    S("GET", "/api/display-devices"),
    S("GET", "/api/clients/display-layout", query={"device": "nobody"}),
    S("PUT", "/api/clients/display-layout", {"device": "nobody"}),
    S("GET", "/api/clients/hdr-profiles"),
    S("GET", "/api/display/golden_status"),
    S("POST", "/api/display/export_golden"),
    S("DELETE", "/api/display/golden"),
    S("POST", "/api/reset-display-device-persistence"),
    S("GET", "/api/framegen/edid-refresh"),
    # Integrations and helpers.
    S("GET", "/api/storefront/status"),
    S("GET", "/api/storefront/games"),
    S("POST", "/api/storefront/force_sync"),
    S("POST", "/api/storefront/launch", {"id": "0"}),
    S("GET", "/api/libmgr/status"),
    S("GET", "/api/libmgr/games"),
    S("GET", "/api/libmgr/categories"),
    S("POST", "/api/libmgr/install", {"id": "0"}),
    S("POST", "/api/libmgr/uninstall", {"id": "0"}),
    S("POST", "/api/libmgr/force_sync"),
    S("POST", "/api/libmgr/cover", {"id": "0"}),
    S("POST", "/api/libmgr/launch", {"id": "0"}),
    S("GET", "/api/frame-limiter/status"),
    S("GET", "/api/overlay_limiter/status"),
    S("GET", "/api/upscaler/status"),
    S("GET", "/api/health/vulkan-hdr-layer"),
    # Password: to the same password (the account is unchanged), then sign out.
    S(
        "POST",
        "/api/password",
        {
            "currentUsername": "{username}",
            "currentPassword": "{password}",
            "newUsername": "{username}",
            "newPassword": "{password}",
            "confirmNewPassword": "{password}",
        },
        keep={},
    ),
    S(
        "POST",
        "/api/auth/login",
        {"username": "{username}", "password": "{password}"},
        auth="none",
        keep={"access": "access_token", "refresh": "refresh_token", "csrf": "csrf_token"},
    ),
    S("POST", "/api/auth/logout", auth="session"),
)
