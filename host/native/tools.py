"""Detecting the frame-limiting, overlay, upscaling and HDR helpers on this PC.

On Linux these are programs on the tool search path (`mangohud`,
`strangle`, `gamescope`) and Vulkan layers, found through their JSON
manifests in the loader's implicit-layer folders (the `vulkan_layer_dirs`
setting, else the standard ones, the per-user folder first). Nothing is
guessed: a tool is `installed` only when its program or manifest is there.

Registering the HDR layer copies its manifest from an explicit-layer folder
into the per-user implicit-layer folder, with an absolute library path, so
the Vulkan loader loads it for every app (it still only acts when its
`enable_environment` variable is set, as the manifest says).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from http_errors import BadRequest

__all__ = ["HDR_LAYER_NAMES", "LayerManifest", "Toolbox"]

# vk-hdr-layer's layer name (VkLayer_hdr_wsi.*.json); names match case-insensitively by prefix.
HDR_LAYER_NAMES = ("vk_layer_hdr_wsi",)
_LAYERS = {
    "mangohud": ("vk_layer_mangohud_overlay",),
    "vkbasalt": ("vk_layer_vkbasalt_post_processing",),
    "lsfg-vk": ("vk_layer_ls_frame_generation",),
}


def _default_layer_dirs() -> list[str]:
    home = Path.home()
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    return [
        str(data / "vulkan" / "implicit_layer.d"),
        str(config / "vulkan" / "implicit_layer.d"),
        "/etc/vulkan/implicit_layer.d",
        "/usr/local/share/vulkan/implicit_layer.d",
        "/usr/share/vulkan/implicit_layer.d",
    ]


@dataclass(frozen=True)
class LayerManifest:
    path: str
    name: str
    library: str  # absolute path of the layer library, resolved against the manifest
    enable_environment: dict[str, str]
    implicit: bool
    document: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {
            "manifest": self.path,
            "name": self.name,
            "library": self.library,
            # A bare file name is found by the dynamic loader at run time: unknown here.
            "library_exists": os.path.isfile(self.library) if "/" in self.library else None,
            "implicit": self.implicit,
            "enable_environment": self.enable_environment,
        }


def _read_manifests(folder: Path, implicit: bool) -> list[LayerManifest]:
    found = []
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    for name in names:
        path = folder / name
        try:
            document = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        layers = (
            (document.get("layers") or [document.get("layer")])
            if isinstance(document, dict)
            else []
        )
        for layer in layers:
            if not isinstance(layer, dict) or not isinstance(layer.get("name"), str):
                continue
            library = str(layer.get("library_path", ""))
            if "/" in library and not os.path.isabs(library):
                library = os.path.normpath(
                    folder / library
                )  # relative to the manifest, per the loader
            env = layer.get("enable_environment")
            found.append(
                LayerManifest(
                    str(path),
                    layer["name"],
                    library,
                    env if isinstance(env, dict) else {},
                    implicit,
                    document,
                )
            )
    return found


class Toolbox:
    def __init__(self, settings: Mapping[str, Any], search_path: str) -> None:
        self.layer_dirs = [
            Path(d) for d in (settings.get("vulkan_layer_dirs") or _default_layer_dirs())
        ]
        self.search_path = search_path

    def manifests(self) -> list[LayerManifest]:
        found = []
        for folder in self.layer_dirs:
            found += _read_manifests(folder, implicit=True)
            found += _read_manifests(folder.parent / "explicit_layer.d", implicit=False)
        return found

    def _layer(
        self, names: Sequence[str], manifests: Sequence[LayerManifest]
    ) -> LayerManifest | None:
        # Prefix match: MangoHud names its layer per architecture (..._overlay_x86_64).
        matches = [m for m in manifests if m.name.lower().startswith(tuple(names))]
        return next((m for m in matches if m.implicit), matches[0] if matches else None)

    def _tool(
        self, name: str, kind: str, binary: str | None, manifests: Sequence[LayerManifest]
    ) -> dict[str, Any]:
        program = shutil.which(binary, path=self.search_path) if binary else None
        layer = self._layer(_LAYERS[name], manifests) if name in _LAYERS else None
        return {
            "name": name,
            "kind": kind,
            "installed": bool(program or layer),
            "binary": program,
            "layer": layer.as_json() if layer else None,
        }

    def _report(self, tools: list[dict[str, Any]]) -> dict[str, Any]:
        return {"installed": any(t["installed"] for t in tools), "tools": tools}

    def frame_limiters(self) -> dict[str, Any]:
        manifests = self.manifests()
        return self._report(
            [
                self._tool("mangohud", "fps_limit", "mangohud", manifests),
                self._tool("libstrangle", "fps_limit", "strangle", manifests),
            ]
        )

    def overlay_limiter(self) -> dict[str, Any]:
        tool = self._tool("mangohud", "overlay", "mangohud", self.manifests())
        return {**tool, "tools": [tool]}

    def upscalers(self) -> dict[str, Any]:
        manifests = self.manifests()
        return self._report(
            [
                self._tool("gamescope", "fsr_nis", "gamescope", manifests),
                self._tool("vkbasalt", "sharpening", None, manifests),
                self._tool("lsfg-vk", "frame_generation", None, manifests),
            ]
        )

    def hdr_layer(self) -> dict[str, Any]:
        layer = self._layer(HDR_LAYER_NAMES, self.manifests())
        return {
            "installed": layer is not None,
            "registered": bool(layer and layer.implicit),
            "layer": layer.as_json() if layer else None,
            "layer_dirs": [str(d) for d in self.layer_dirs],
        }

    def register_hdr_layer(self) -> dict[str, Any]:
        layer = self._layer(HDR_LAYER_NAMES, self.manifests())
        if layer is None:
            searched = ", ".join(str(d) for d in self.layer_dirs)
            raise BadRequest(
                f"The HDR Vulkan layer (VK_LAYER_hdr_wsi) is not installed: no manifest in {searched} or their explicit_layer.d"
            )
        if layer.implicit:
            return {"registered": True, "changed": False, "layer": layer.as_json()}
        if "/" in layer.library and not os.path.isfile(layer.library):
            raise BadRequest(
                f"The HDR layer's manifest {layer.path} names {layer.library}, which does not exist; reinstall the layer"
            )
        target_dir = self.layer_dirs[0]
        target = target_dir / Path(layer.path).name
        document = json.loads(json.dumps(layer.document))
        for entry in document.get("layers") or [document.get("layer")]:
            if isinstance(entry, dict) and entry.get("name") == layer.name:
                entry["library_path"] = layer.library
        try:
            target_dir.mkdir(parents=True, exist_ok=True)
            temporary = target.with_suffix(".helio-tmp")
            temporary.write_text(json.dumps(document, indent=2) + "\n")
            os.replace(temporary, target)
        except OSError as error:
            raise BadRequest(
                f"Cannot write the layer manifest into {target_dir}: {error.strerror}"
            ) from None
        registered = self._layer(HDR_LAYER_NAMES, self.manifests())
        return {
            "registered": True,
            "changed": True,
            "layer": registered.as_json() if registered else None,
        }
