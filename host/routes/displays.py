"""The PC's displays: outputs and EDID modes, per-device layouts, HDR profiles, the golden
snapshot, virtual displays (platform code behind `host.core.displays.outputs`)."""

from __future__ import annotations

from host.handlers import displays
from host.routing import Route

from .build import (
    ANY_OBJ,
    BOOL,
    NONEMPTY,
    NUMBER,
    OBJECTS,
    STR,
    answer,
    array,
    delete,
    get,
    nullable,
    obj,
    post,
    put,
)

__all__ = ["ROUTES"]

_EMPTY = obj()
_LAYOUT = obj(
    ("device_id",),
    device_id=STR,
    resolution={
        "type": ["string", "null"],
        "pattern": "^[0-9]+x[0-9]+$",
        "x-expected": "WIDTHxHEIGHT, e.g. 1920x1080",
    },
    refresh_hz=nullable("number"),
    scaling={"type": "integer", "minimum": 50, "maximum": 400},
)
_EDID = answer(
    ("device_id", "refresh_rates"),
    device_id=STR,
    edid=BOOL,
    refresh_rates=array(NUMBER),
    range=nullable("object"),
)

_HDR = answer(("devices",), devices=OBJECTS, profile_dirs=array(STR))
_GOLDEN = answer(("exists",), exists=BOOL, golden=ANY_OBJ, matches=BOOL, differences=array(STR))

ROUTES: tuple[Route, ...] = (
    get(
        "/api/display-devices",
        displays.display_devices,
        "display-devices",
        "The PC's display outputs with EDID modes and refresh rates",
        response_schema=answer(("platform", "devices"), platform=STR, devices=OBJECTS),
    ),
    get(
        "/api/clients/display-layout",
        displays.read_layout,
        "display-layout-read",
        "Stored display layouts (output, resolution, refresh, scaling)",
        query_schema=obj(device_id=STR),
        response_schema=answer(("layouts",), layouts=OBJECTS),
    ),
    put(
        "/api/clients/display-layout",
        displays.write_layout,
        "display-layout-write",
        "Store one device's layout, validated against its advertised modes",
        request_schema=_LAYOUT,
    ),
    get(
        "/api/clients/hdr-profiles",
        displays.hdr_profiles,
        "hdr-profiles",
        "HDR support and display colour profiles per device",
        response_schema=_HDR,
    ),
    get(
        "/api/display/golden_status",
        displays.golden_status,
        "display-golden-status",
        "Whether a golden display snapshot exists and how the present differs",
        response_schema=_GOLDEN,
    ),
    post(
        "/api/display/export_golden",
        displays.export_golden,
        "display-golden-export",
        "Store the present display configuration as the golden snapshot",
        request_schema=_EMPTY,
    ),
    post(
        "/api/display/restore_golden",
        displays.restore_golden,
        "display-golden-restore",
        "Apply the golden snapshot back where the platform allows (else 400 with the reason)",
        request_schema=_EMPTY,
    ),
    delete(
        "/api/display/golden",
        displays.delete_golden,
        "display-golden-delete",
        "Delete the golden snapshot",
        response_schema=answer(("deleted",), deleted=BOOL),
    ),
    post(
        "/api/display/terminate_virtual",
        displays.terminate_virtual,
        "display-terminate-virtual",
        "Remove a virtual display of the host (400 when none exists or the OS refuses)",
        # No device_id: the host's one virtual display, if it has exactly one.
        request_schema=obj(device_id=STR),
    ),
    post(
        "/api/reset-display-device-persistence",
        displays.reset_persistence,
        "display-reset-persistence",
        "Forget every stored display layout",
        request_schema=_EMPTY,
    ),
    get(
        "/api/framegen/edid-refresh",
        displays.edid_refresh,
        "edid-refresh",
        "Refresh rates a device's EDID advertises",
        query_schema=obj(("device_id",), device_id=NONEMPTY),
        response_schema=_EDID,
    ),
)
