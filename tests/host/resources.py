"""Helpers for the admin-resource tests: an in-process host with a token for every route."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.core.auth.tokens import Scope
from host.core.context import HostContext

from .helpers import in_process

ALL_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def admin_in_process(tmp_path: Path, **settings: Any) -> tuple[HostContext, Any]:
    """(ctx, TestClient) for a loopback peer, authenticated by a token granting every path.

    A token (one SHA-256 lookup) instead of Basic (scrypt) keeps table-driven and fuzz
    runs fast; the auth rules themselves are test_route_matrix.py's business.
    """
    ctx, client = in_process(tmp_path, "127.0.0.1", **settings)
    ctx.credentials.set("admin", "pw")
    secret, _ = ctx.tokens.create("admin", [Scope(r"/api/.*", ALL_METHODS)])
    client.headers["Authorization"] = f"Bearer {secret}"
    return ctx, client
