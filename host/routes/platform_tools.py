"""Platform helpers, detected and never assumed: frame limiters, the overlay, upscalers,
the HDR Vulkan layer and the running app's HDR filter."""

from __future__ import annotations

from host.handlers import platform_tools
from host.routing import Endpoint, Route

from .build import BOOL, OBJECTS, STR, answer, array, each, get, nullable, obj, post

__all__ = ["ROUTES"]

_TOOLS = answer(("installed", "tools"), platform=STR, installed=BOOL, tools=OBJECTS)
_LAYER = answer(
    ("installed", "registered"),
    **each(BOOL, "installed", "registered"),
    layer=nullable("object"),
    layer_dirs=array(STR),
)


def _tools(path: str, endpoint: Endpoint, name: str, summary: str) -> Route:
    """What this PC has of one kind of tool."""
    return get(path, endpoint, name, summary, response_schema=_TOOLS)


ROUTES: tuple[Route, ...] = (
    _tools(
        "/api/frame-limiter/status",
        platform_tools.frame_limiter_status,
        "frame-limiter-status",
        "Frame limiters found on this PC",
    ),
    _tools(
        "/api/overlay_limiter/status",
        platform_tools.overlay_limiter_status,
        "overlay-limiter-status",
        "The frame-limiter overlay tool: program and Vulkan layer",
    ),
    _tools(
        "/api/upscaler/status",
        platform_tools.upscaler_status,
        "upscaler-status",
        "Scaling tools found on this PC",
    ),
    get(
        "/api/health/vulkan-hdr-layer",
        platform_tools.vulkan_hdr_layer,
        "vulkan-hdr-layer",
        "Whether the HDR Vulkan layer is installed and registered as implicit",
        response_schema=_LAYER,
    ),
    post(
        "/api/health/vulkan-hdr-layer/register",
        platform_tools.register_vulkan_hdr_layer,
        "vulkan-hdr-layer-register",
        "Register the installed HDR layer's manifest as an implicit layer",
        request_schema=obj(),
    ),
    post(
        "/api/apps/hdr_filter/live",
        platform_tools.hdr_filter_live,
        "hdr-filter-live",
        "Switch the running app's HDR filter on or off (400 when no app runs)",
        request_schema=obj(("enabled",), enabled=BOOL),
    ),
)
