"""Settings, the console's locale, and the description of this API itself."""

from __future__ import annotations

from host.core.settings import settings_change_schema
from host.handlers import config, openapi
from host.routing import Route

from .build import ANY_OBJ, PUBLIC, get

__all__ = ["ROUTES"]

ROUTES: tuple[Route, ...] = (
    get(
        "/api/configLocale", config.config_locale, "config-locale", "Console locale", access=PUBLIC
    ),
    get("/api/config", config.read_config, "config-read", "Every setting with its current value"),
    Route(
        "/api/config",
        ("POST", "PATCH"),
        config.write_config,
        "config-write",
        "Merge the submitted settings",
        request_schema=settings_change_schema(),
    ),
    get(
        "/api/openapi.json",
        openapi.openapi_json,
        "openapi",
        "This API as an OpenAPI 3.1 document",
        response_schema=ANY_OBJ,
    ),
)
