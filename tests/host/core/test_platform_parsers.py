"""Pure parsers of the platform helpers: EDID, ICC headers, Valve KeyValues (no host needed)."""

from __future__ import annotations

import pytest

from host.core.displays.edid import EdidError, parse_edid
from host.core.displays.icc import parse_icc
from host.core.displays.outputs import DisplayDevice, assign_device_ids
from host.core.library.vdf import VdfError, get_key, parse_vdf

from ..platform_fixtures import edid_block


def test_base_block_identity_name_and_range() -> None:
    edid = parse_edid(
        edid_block(manufacturer="GSM", product=0x5B09, serial=77, name="LG ULTRAGEAR")
    )
    assert (edid.manufacturer, edid.product_code, edid.serial) == ("GSM", 0x5B09, 77)
    assert edid.identity == "GSM5B09"
    assert edid.name == "LG ULTRAGEAR"
    assert edid.year == 2024
    assert edid.refresh_range == (48, 144)
    assert edid.hdr is False and edid.hdr_eotfs == ()


def test_detailed_timings_give_modes_with_refresh_the_first_preferred() -> None:
    edid = parse_edid(edid_block(modes=((2560, 1440, 165.0), (1920, 1080, 59.94))))
    first = edid.modes[0]
    assert (first.width, first.height, first.refresh_hz, first.preferred) == (
        2560,
        1440,
        165.0,
        True,
    )
    assert any(m.width == 1920 and abs(m.refresh_hz - 59.94) < 0.01 for m in edid.modes)
    # Established timings of the fixture: 640x480, 800x600, 1024x768 at 60 Hz.
    assert {(m.width, m.height) for m in edid.modes if m.refresh_hz == 60.0} >= {
        (640, 480),
        (800, 600),
        (1024, 768),
    }
    assert edid.refresh_rates() == sorted(set(edid.refresh_rates()))
    assert 165.0 in edid.refresh_rates()


def test_cta_extension_adds_video_codes_and_hdr_transfer_functions() -> None:
    edid = parse_edid(edid_block(hdr=True, vics=(16, 97, 63 + 128)))
    assert edid.hdr is True
    assert edid.hdr_eotfs == ("sdr", "pq", "hlg")
    sizes = {(m.width, m.height, m.refresh_hz) for m in edid.modes}
    assert {(1920, 1080, 60.0), (3840, 2160, 60.0), (1920, 1080, 120.0)} <= sizes


def test_range_limits_with_the_edid_1_4_offset_flag() -> None:
    data = bytearray(edid_block(refresh_range=(48, 144)))
    offset = next(o for o in range(54, 126, 18) if data[o + 3] == 0xFD)
    data[offset + 4] = 0b10  # max + 255
    data[offset + 6] = 5  # 260 Hz
    data[127] = (256 - sum(data[:127]) % 256) % 256
    assert parse_edid(bytes(data)).refresh_range == (48, 260)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d[:100], "bytes"),
        (lambda d: b"\x01" + d[1:], "header"),
        (lambda d: d[:20] + bytes([d[20] ^ 1]) + d[21:], "checksum"),
        (lambda d: d[:130] + bytes([d[130] ^ 1]) + d[131:], "block 1"),
    ],
)
def test_damaged_edid_is_rejected_with_the_reason(damage, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(EdidError, match=message):
        parse_edid(damage(edid_block(hdr=True)))


def test_device_ids_are_stable_and_distinct() -> None:
    edid = parse_edid(edid_block())
    found = assign_device_ids(
        [
            DisplayDevice("", "DP-1", "card0", True, True, edid=edid),
            DisplayDevice("", "HDMI-A-1", "card0", False, False),
            DisplayDevice("", "HDMI-A-1", "card1", False, False),
        ]
    )
    assert [d.device_id for d in found] == ["DP-1-DEL40F5", "card0-HDMI-A-1", "card1-HDMI-A-1"]


def _icc(device_class: bytes, description: str, v4: bool = False) -> bytes:
    if v4:
        text = description.encode("utf-16-be")
        tag = b"mluc" + bytes(4) + (1).to_bytes(4, "big") + (12).to_bytes(4, "big")
        tag += b"enUS" + len(text).to_bytes(4, "big") + (28).to_bytes(4, "big") + text
    else:
        text = description.encode() + b"\0"
        tag = b"desc" + bytes(4) + len(text).to_bytes(4, "big") + text
    header = bytearray(128)
    header[8] = 4 if v4 else 2
    header[12:16] = device_class
    header[16:20] = b"RGB "
    header[36:40] = b"acsp"
    table = (
        (1).to_bytes(4, "big") + b"desc" + (144).to_bytes(4, "big") + len(tag).to_bytes(4, "big")
    )
    data = bytes(header) + table + tag
    return len(data).to_bytes(4, "big") + data[4:]


@pytest.mark.parametrize("v4", [False, True])
def test_icc_display_profile_name_from_desc_tag(v4: bool) -> None:
    profile = parse_icc(_icc(b"mntr", "Studio HDR", v4), "/x/studio.icc")
    assert profile is not None
    assert (profile.name, profile.colour_space) == ("Studio HDR", "RGB")


def test_icc_printer_profiles_and_junk_are_not_display_profiles() -> None:
    assert parse_icc(_icc(b"prtr", "Printer"), "/x/p.icc") is None
    assert parse_icc(b"not a profile" * 20, "/x/j.icc") is None


def test_vdf_nested_sections_escapes_comments_and_conditions() -> None:
    text = (
        '\ufeff"AppState"\n{\n\t"appid"\t\t"440"\n\t// a comment\n\t"name"\t"Say \\"hi\\"\\tnow"\n'
        '\tunquoted value\n\t"UserConfig"\n\t{\n\t\t"language" "english" [$LINUX]\n\t}\n}\n'
    )
    document = parse_vdf(text)
    state = get_key(document, "appstate")
    assert state["appid"] == "440"
    assert state["name"] == 'Say "hi"\tnow'
    assert state["unquoted"] == "value"
    assert get_key(state, "USERCONFIG") == {"language": "english"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('"a" {', "ends inside a section"),
        ('"a" }', "(?i)unexpected }"),
        ('"a" "b" "c"', "no value"),
        ('"a', "(?i)unclosed"),
    ],
)
def test_vdf_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(VdfError, match=message):
        parse_vdf(text)


def test_steam_reads_old_format_library_folders(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from host.native.steam import SteamLibrary

    other = tmp_path / "games"
    (other / "steamapps").mkdir(parents=True)
    (tmp_path / "steam" / "steamapps").mkdir(parents=True)
    (tmp_path / "steam" / "steamapps" / "libraryfolders.vdf").write_text(
        f'"LibraryFolders"\n{{\n\t"TimeNextStatsReport"\t"1"\n\t"1"\t"{other}"\n}}\n'
    )
    (other / "steamapps" / "appmanifest_20.acf").write_text(
        '"AppState" { "appid" "20" "name" "Old" "StateFlags" "4" }'
    )
    library = SteamLibrary(str(tmp_path / "steam"), start=lambda argv: 0, which=lambda name: None)
    assert [(g.id, g.name, g.installed) for g in library.games()] == [("20", "Old", True)]
