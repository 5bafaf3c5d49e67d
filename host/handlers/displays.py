"""Displays: outputs, per-device layouts, colour profiles, golden snapshot, virtual displays."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.displays.layouts import DisplayLayouts, GoldenSnapshots, validate_layout
from host.core.displays.outputs import DisplayDevice, find_device
from host.responses import ok
from host.validation import checked_query
from http_errors import BadRequest

from .common import context, platform, simulated_mark

__all__ = [
    "delete_golden",
    "display_devices",
    "edid_refresh",
    "export_golden",
    "golden_status",
    "hdr_profiles",
    "read_layout",
    "reset_persistence",
    "restore_golden",
    "terminate_virtual",
    "write_layout",
]


def _layouts(request: Request) -> DisplayLayouts:
    ctx = context(request)
    return DisplayLayouts(ctx.db, ctx.clock)


def _golden(request: Request) -> GoldenSnapshots:
    ctx = context(request)
    return GoldenSnapshots(ctx.db, ctx.clock)


async def _devices(request: Request) -> list[DisplayDevice]:
    # sysfs reads can block on a sleeping GPU: keep them off the event loop.
    return await run_in_threadpool(platform(request).displays.devices)


async def display_devices(request: Request) -> JSONResponse:
    pc = platform(request)
    devices = await run_in_threadpool(pc.displays.devices)
    listed = [d.as_json() for d in devices]
    return ok(platform=pc.displays.platform, devices=listed, **simulated_mark(pc))


async def read_layout(request: Request) -> JSONResponse:
    devices = await _devices(request)
    present = {d.device_id: d.connected for d in devices}
    layouts = _layouts(request).list()
    wanted = request.query_params.get("device_id")
    if wanted is not None:
        find_device(devices, wanted)
        layouts = [layout for layout in layouts if layout["device_id"] == wanted]
    for layout in layouts:
        layout["present"] = layout["device_id"] in present
        layout["connected"] = present.get(layout["device_id"], False)
    return ok(layouts=layouts)


async def write_layout(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    layout = validate_layout(body, await _devices(request))
    return ok(layout=_layouts(request).put(layout))


async def hdr_profiles(request: Request) -> JSONResponse:
    adapter = platform(request)
    devices = await run_in_threadpool(adapter.displays.devices)
    profiles = [p.as_json() for p in await run_in_threadpool(adapter.icc_profiles)]
    answer = []
    for device in devices:
        edid = device.edid
        answer.append(
            {
                "device_id": device.device_id,
                "connected": device.connected,
                "hdr": bool(edid and edid.hdr),
                "hdr_eotfs": list(edid.hdr_eotfs) if edid else [],
                # A profile applies to a monitor that is there; none for an empty port.
                "profiles": profiles if device.connected else [],
            }
        )
    return ok(devices=answer, profile_dirs=adapter.icc_dirs)


async def golden_status(request: Request) -> JSONResponse:
    snapshot = _golden(request).get()
    if snapshot is None:
        return ok(exists=False)
    differences = GoldenSnapshots.differences(snapshot, await _devices(request))
    return ok(exists=True, golden=snapshot, matches=not differences, differences=differences)


async def export_golden(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    devices = await _devices(request)
    return ok(golden=_golden(request).take(devices, _layouts(request).list()))


async def restore_golden(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    snapshot = _golden(request).get()
    if snapshot is None:
        raise BadRequest(
            "No golden display snapshot exists; take one with POST /api/display/export_golden"
        )
    source = platform(request).displays
    differences = GoldenSnapshots.differences(snapshot, await run_in_threadpool(source.devices))
    if differences:
        # Outputs must change first; where the OS refuses, this raises with its reason.
        try:
            await run_in_threadpool(source.apply_modes, snapshot["outputs"])
        except BadRequest as refused:
            raise BadRequest(f"{refused.message}. Differences: {'; '.join(differences)}") from None
    layouts = snapshot.get("layouts", [])
    _layouts(request).replace_all(layouts)
    return ok(restored_layouts=len(layouts), outputs_changed=bool(differences))


async def delete_golden(request: Request) -> JSONResponse:
    return ok(deleted=_golden(request).delete())


async def terminate_virtual(request: Request) -> JSONResponse:
    body = await read_json_object(request, allow_empty=True)
    device_id = body.get("device_id")
    removed = await run_in_threadpool(platform(request).displays.terminate_virtual, device_id)
    return ok(terminated=removed)


async def reset_persistence(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    return ok(cleared_layouts=_layouts(request).clear())


async def edid_refresh(request: Request) -> JSONResponse:
    device_id = checked_query(request)["device_id"]
    device = find_device(await _devices(request), device_id)
    edid = device.edid
    limits = edid.refresh_range if edid else None
    return ok(
        device_id=device.device_id,
        edid=edid is not None,
        edid_error=device.edid_error or None,
        refresh_rates=edid.refresh_rates() if edid else [],
        range={"min_hz": limits[0], "max_hz": limits[1]} if limits else None,
    )
