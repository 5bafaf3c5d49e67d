"""Reading a display's EDID: identity, advertised modes, refresh rates, HDR support.

Pure standard library: the bytes come from wherever the platform keeps them
(`/sys/class/drm/*/edid` on Linux). Layout facts follow VESA E-EDID 1.4 and
CTA-861 (the usual first extension block):

    base block (128 bytes)
      0-7    header 00 FF FF FF FF FF FF 00
      8-17   manufacturer, product, serial, week, year
      35-37  established timings (bitmap)
      38-53  8 standard timings
      54-125 4 x 18-byte descriptors: detailed timings, name, range limits
      126    number of extension blocks; 127 checksum
    CTA extension (tag 0x02): data blocks (video, HDR static metadata), then
      more detailed timings.

A block whose checksum is wrong is rejected: an EDID read through a flaky
cable must not invent modes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Edid", "EdidError", "Mode", "parse_edid"]

HEADER = bytes([0, 255, 255, 255, 255, 255, 255, 0])
BLOCK = 128

# Established timings, byte 35 bit 7 first .. byte 37 bit 7 (VESA E-EDID table 3.18).
_ESTABLISHED = (
    (720, 400, 70),
    (720, 400, 88),
    (640, 480, 60),
    (640, 480, 67),
    (640, 480, 72),
    (640, 480, 75),
    (800, 600, 56),
    (800, 600, 60),
    (800, 600, 72),
    (800, 600, 75),
    (832, 624, 75),
    (1024, 768, 87),
    (1024, 768, 60),
    (1024, 768, 70),
    (1024, 768, 75),
    (1280, 1024, 75),
    (1152, 870, 75),
)
# Standard-timing aspect ratios (EDID 1.3+): bits 7-6 of the second byte.
_ASPECTS = ((16, 10), (4, 3), (5, 4), (16, 9))
# The CTA-861 video identification codes hosts meet most; others are skipped.
_VICS = {
    1: (640, 480, 60),
    4: (1280, 720, 60),
    16: (1920, 1080, 60),
    19: (1280, 720, 50),
    31: (1920, 1080, 50),
    32: (1920, 1080, 24),
    33: (1920, 1080, 25),
    34: (1920, 1080, 30),
    63: (1920, 1080, 120),
    64: (1920, 1080, 100),
    93: (3840, 2160, 24),
    94: (3840, 2160, 25),
    95: (3840, 2160, 30),
    96: (3840, 2160, 50),
    97: (3840, 2160, 60),
    117: (3840, 2160, 100),
    118: (3840, 2160, 120),
}
_EOTFS = ("sdr", "hdr-gamma", "pq", "hlg")


class EdidError(ValueError):
    """The bytes are not a usable EDID; the message says why."""


@dataclass(frozen=True)
class Mode:
    width: int
    height: int
    refresh_hz: float
    preferred: bool = False
    interlaced: bool = False

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Edid:
    manufacturer: str
    product_code: int
    serial: int
    name: str
    serial_text: str
    year: int
    modes: tuple[Mode, ...]
    # (min, max) vertical refresh from the range-limits descriptor, when present.
    refresh_range: tuple[int, int] | None
    hdr_eotfs: tuple[str, ...] = field(default=())

    @property
    def identity(self) -> str:
        """Maker and product, e.g. `DEL40F5`: what a stable device id is built from."""
        return f"{self.manufacturer}{self.product_code:04X}"

    @property
    def hdr(self) -> bool:
        return any(e in ("pq", "hlg") for e in self.hdr_eotfs)

    def refresh_rates(self) -> list[float]:
        return sorted({m.refresh_hz for m in self.modes if not m.interlaced})

    def as_json(self) -> dict[str, Any]:
        return {
            "manufacturer": self.manufacturer,
            "product_code": self.product_code,
            "serial": self.serial,
            "name": self.name,
            "serial_text": self.serial_text,
            "year": self.year,
            "refresh_range": list(self.refresh_range) if self.refresh_range else None,
            "hdr": self.hdr,
            "hdr_eotfs": list(self.hdr_eotfs),
        }


def parse_edid(data: bytes) -> Edid:
    """Parse a base block and any CTA extensions; raise EdidError naming the problem."""
    if len(data) < BLOCK:
        raise EdidError(f"EDID is {len(data)} bytes; a base block is {BLOCK}")
    if data[:8] != HEADER:
        raise EdidError("EDID header is not 00 FF FF FF FF FF FF 00")
    _check_sum(data[:BLOCK], 0)
    modes: list[Mode] = []
    name = serial_text = ""
    refresh_range: tuple[int, int] | None = None
    for offset in range(54, 126, 18):
        chunk = data[offset : offset + 18]
        if chunk[0] or chunk[1]:
            timing = _detailed_timing(chunk, preferred=offset == 54)
            if timing is not None:
                modes.append(timing)
            continue
        tag = chunk[3]
        if tag == 0xFC:
            name = _descriptor_text(chunk)
        elif tag == 0xFF:
            serial_text = _descriptor_text(chunk)
        elif tag == 0xFD:
            refresh_range = _range_limits(chunk)
    modes += _established(data)
    modes += _standard(data)
    eotfs: tuple[str, ...] = ()
    for index in range(1, data[126] + 1):
        block = data[index * BLOCK : (index + 1) * BLOCK]
        if len(block) < BLOCK:
            break  # a truncated read: keep what the complete blocks said
        _check_sum(block, index)
        if block[0] == 0x02:
            cta_modes, cta_eotfs = _cta(block)
            modes += cta_modes
            eotfs = eotfs or cta_eotfs
    return Edid(
        manufacturer=_manufacturer(data[8], data[9]),
        product_code=data[10] | data[11] << 8,
        serial=int.from_bytes(data[12:16], "little"),
        name=name,
        serial_text=serial_text,
        year=1990 + data[17],
        modes=_unique(modes),
        refresh_range=refresh_range,
        hdr_eotfs=eotfs,
    )


def _check_sum(block: bytes, index: int) -> None:
    if sum(block[:BLOCK]) % 256:
        raise EdidError(f"EDID block {index} has a bad checksum")


def _manufacturer(high: int, low: int) -> str:
    word = high << 8 | low
    letters = ((word >> 10) & 31, (word >> 5) & 31, word & 31)
    if not all(1 <= v <= 26 for v in letters):
        raise EdidError("EDID manufacturer id is not three letters")
    return "".join(chr(ord("A") - 1 + v) for v in letters)


def _descriptor_text(chunk: bytes) -> str:
    return chunk[5:18].split(b"\n", 1)[0].decode("cp437").strip()


def _range_limits(chunk: bytes) -> tuple[int, int]:
    # EDID 1.4: byte 4 bits 1-0 add 255 to the vertical max (bit 1) and min (both set).
    flags = chunk[4] & 3
    low = chunk[5] + (255 if flags == 3 else 0)
    high = chunk[6] + (255 if flags & 2 else 0)
    return low, high


def _detailed_timing(chunk: bytes, preferred: bool) -> Mode | None:
    clock_hz = (chunk[0] | chunk[1] << 8) * 10_000
    width = chunk[2] | (chunk[4] >> 4) << 8
    h_blank = chunk[3] | (chunk[4] & 15) << 8
    height = chunk[5] | (chunk[7] >> 4) << 8
    v_blank = chunk[6] | (chunk[7] & 15) << 8
    total = (width + h_blank) * (height + v_blank)
    if not total or not width or not height:
        return None
    interlaced = bool(chunk[17] & 0x80)
    if interlaced:
        height *= 2
    return Mode(width, height, round(clock_hz / total, 2), preferred, interlaced)


def _established(data: bytes) -> list[Mode]:
    bits = data[35] << 16 | data[36] << 8 | data[37]
    found = []
    for position, (w, h, hz) in enumerate(_ESTABLISHED):
        if bits & (1 << (23 - position)):
            found.append(Mode(w, h, float(hz), interlaced=(w, h, hz) == (1024, 768, 87)))
    return found


def _standard(data: bytes) -> list[Mode]:
    found = []
    for offset in range(38, 54, 2):
        first, second = data[offset], data[offset + 1]
        if (first, second) in ((1, 1), (0, 0), (32, 32)):
            continue  # unused slot
        width = (first + 31) * 8
        aspect_w, aspect_h = _ASPECTS[second >> 6]
        found.append(Mode(width, width * aspect_h // aspect_w, float((second & 63) + 60)))
    return found


def _cta(block: bytes) -> tuple[list[Mode], tuple[str, ...]]:
    modes: list[Mode] = []
    eotfs: tuple[str, ...] = ()
    end = block[2]
    position = 4
    while 4 <= position < end and end <= 127:
        header = block[position]
        kind, length = header >> 5, header & 31
        payload = block[position + 1 : position + 1 + length]
        if kind == 2:  # video data block: short video descriptors
            for svd in payload:
                # 129-192 are VICs 1-64 flagged native; other values are the VIC itself.
                vic = svd & 127 if 129 <= svd <= 192 else svd
                if vic in _VICS:
                    w, h, hz = _VICS[vic]
                    modes.append(Mode(w, h, float(hz)))
        elif kind == 7 and payload and payload[0] == 6 and len(payload) > 1:  # HDR static metadata
            eotfs = tuple(name for bit, name in enumerate(_EOTFS) if payload[1] & (1 << bit))
        position += 1 + length
    if end >= 4:
        for offset in range(end, 127 - 17, 18):
            chunk = block[offset : offset + 18]
            if not (chunk[0] or chunk[1]):
                break
            timing = _detailed_timing(chunk, preferred=False)
            if timing is not None:
                modes.append(timing)
    return modes, eotfs


def _unique(modes: list[Mode]) -> tuple[Mode, ...]:
    seen: dict[tuple[int, int, float, bool], Mode] = {}
    for mode in modes:
        key = (mode.width, mode.height, mode.refresh_hz, mode.interlaced)
        if key not in seen or mode.preferred:
            seen[key] = mode
    # Preferred first, then largest and fastest: the order a mode picker wants.
    return tuple(
        sorted(seen.values(), key=lambda m: (not m.preferred, -m.width * m.height, -m.refresh_hz))
    )
