"""Looking at this PC: video encoders, audio endpoints, virtual displays.

Each probe reads the OS directly and returns plain data; nothing here is
cached (that is `host.core.system.metadata`). Displays are the platform's display
source (`host.native.drm`, under the `drm_root` setting). On Linux audio comes from ALSA (`/proc/asound`) and PulseAudio (`pactl`),
encoders from NVML (NVENC), `/dev/dri/renderD*` (VA-API) and software
encoders on PATH.
"""

from __future__ import annotations

import glob
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from host.core.system.metadata import CodecProbe, ProbeResult

__all__ = [
    "Prober",
    "audio_endpoints",
    "hostname",
    "probe_encoders",
    "virtual_display",
]

log = logging.getLogger("helio.probe")
SOFTWARE_ENCODERS = ("ffmpeg", "x264", "x265", "SvtAv1EncApp")


def _nvenc() -> list[dict[str, Any]]:
    try:
        import pynvml
    except ImportError:
        return []
    try:
        pynvml.nvmlInit()
    except Exception:  # no driver: NVML raises its own error types
        return []
    found = []
    try:
        for index in range(pynvml.nvmlDeviceGetCount()):
            handle = pynvml.nvmlDeviceGetHandleByIndex(index)
            name = pynvml.nvmlDeviceGetName(handle)
            try:
                # 0 (or NotSupported) on GPUs without NVENC, e.g. H100-class datacenter parts.
                capacity = pynvml.nvmlDeviceGetEncoderCapacity(
                    handle, pynvml.NVML_ENCODER_QUERY_H264
                )
            except Exception:
                capacity = 0
            if capacity > 0:
                found.append(
                    {"kind": "nvenc", "device": name if isinstance(name, str) else name.decode()}
                )
    finally:
        pynvml.nvmlShutdown()
    return found


def _vaapi() -> list[dict[str, Any]]:
    return [{"kind": "vaapi", "device": node} for node in sorted(glob.glob("/dev/dri/renderD*"))]


def _software() -> list[dict[str, Any]]:
    return [
        {"kind": "software", "device": path}
        for name in SOFTWARE_ENCODERS
        if (path := shutil.which(name))
    ]


def probe_encoders(preferred: str = "auto") -> ProbeResult:
    """Every encoder found, the preferred kind first; `failed` state when none."""
    found: list[dict[str, Any]] = []
    errors = []
    for kind, probe in (("nvenc", _nvenc), ("vaapi", _vaapi), ("software", _software)):
        try:
            found += probe()
        except Exception as error:  # one broken probe must not hide the others
            errors.append(f"{kind}: {error}")
    found.sort(key=lambda e: e["kind"] != preferred)
    if found:
        return ProbeResult(found)
    detail = (
        "; ".join(errors)
        or "no NVIDIA GPU via NVML, no /dev/dri render node, no software encoder on PATH"
    )
    return ProbeResult([], f"No usable video encoder: {detail}")


def hostname() -> str:
    return socket.gethostname()


def audio_endpoints() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    try:
        with open("/proc/asound/cards") as handle:
            for line in handle:
                if line[:4].strip().isdigit() and "]:" in line:
                    found.append(
                        {
                            "backend": "alsa",
                            "id": line.split("[", 1)[1].split("]", 1)[0].strip(),
                            "name": line.split("]:", 1)[1].strip(),
                        }
                    )
    except OSError:
        pass
    if shutil.which("pactl"):
        try:
            out = subprocess.run(
                ["pactl", "list", "short", "sinks"], capture_output=True, text=True, timeout=3
            ).stdout
            for line in out.splitlines():
                parts = line.split("\t")
                if len(parts) > 1:
                    found.append({"backend": "pulseaudio", "id": parts[1], "name": parts[1]})
        except (OSError, subprocess.TimeoutExpired):
            pass
    return found


def virtual_display() -> dict[str, Any]:
    """Which virtual-display drivers this OS has loaded (none is a valid answer)."""
    drivers = [name for name in ("evdi", "vkms") if os.path.isdir(f"/sys/module/{name}")]
    return {"supported": bool(drivers), "drivers": drivers, "platform": sys.platform}


class Prober:
    """Runs encoder probes on a background thread and reports into CodecProbe."""

    def __init__(
        self, state: CodecProbe, probe: Callable[[str], ProbeResult] = probe_encoders
    ) -> None:
        self._state = state
        self._probe = probe
        self._lock = threading.Lock()

    def start(self, preferred: str = "auto") -> threading.Thread:
        self._state.begin()
        thread = threading.Thread(
            target=self._run, args=(preferred,), name="helio-codec-probe", daemon=True
        )
        thread.start()
        return thread

    def _run(self, preferred: str) -> None:
        with self._lock:  # a second probe waits: results land in request order
            try:
                result = self._probe(preferred)
            except Exception as error:
                log.exception("Codec probe failed")
                result = ProbeResult([], f"The codec probe crashed: {error}")
            self._state.finish(result)
