"""ICC colour profiles: whether a profile's bytes are a display profile, and its name.

Facts from the ICC specification (v2 and v4 share them): a 128-byte header
with the signature `acsp` at offset 36, the device class at 12 (`mntr` for a
display), the data colour space at 16; then a tag table whose `desc` tag is
the profile's name, stored as `desc` (v2, ASCII) or `mluc` (v4, UTF-16BE).
The profile folders are read by `host.native.icc`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import PurePath
from typing import Any

__all__ = ["IccProfile", "parse_icc"]


@dataclass(frozen=True)
class IccProfile:
    name: str
    path: str
    colour_space: str
    version: str

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def parse_icc(data: bytes, path: str = "") -> IccProfile | None:
    """The profile when `data` is a display (monitor-class) ICC profile, else None."""
    if len(data) < 132 or data[36:40] != b"acsp" or data[12:16] != b"mntr":
        return None
    colour_space = data[16:20].decode("latin-1").strip()
    version = f"{data[8]}.{data[9] >> 4}"
    name = _description(data) or PurePath(path).stem
    return IccProfile(name, path, colour_space, version)


def _description(data: bytes) -> str:
    count = int.from_bytes(data[128:132], "big")
    for index in range(min(count, 256)):
        entry = data[132 + 12 * index : 144 + 12 * index]
        if len(entry) < 12 or entry[:4] != b"desc":
            continue
        offset, size = int.from_bytes(entry[4:8], "big"), int.from_bytes(entry[8:12], "big")
        tag = data[offset : offset + size]
        if tag[:4] == b"desc" and len(tag) >= 12:
            length = int.from_bytes(tag[8:12], "big")
            return tag[12 : 12 + length].split(b"\0", 1)[0].decode("latin-1").strip()
        if tag[:4] == b"mluc" and len(tag) >= 28:
            text_length, text_offset = (
                int.from_bytes(tag[20:24], "big"),
                int.from_bytes(tag[24:28], "big"),
            )
            return (
                tag[text_offset : text_offset + text_length]
                .decode("utf-16-be", "replace")
                .strip("\0 ")
            )
    return ""
