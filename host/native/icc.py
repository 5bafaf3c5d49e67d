"""The display ICC profiles in this PC's profile folders (`icc_profile_dirs`)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from host.core.displays.icc import IccProfile, parse_icc

__all__ = ["display_profiles"]

_SUFFIXES = (".icc", ".icm")
_MAX_PROFILE = 16 * 1024 * 1024


def display_profiles(folders: Iterable[str]) -> list[IccProfile]:
    """Every display profile in the folders (not recursive), by name; unreadable files skipped."""
    found: dict[str, IccProfile] = {}
    for folder in folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if not name.lower().endswith(_SUFFIXES) or not os.path.isfile(path):
                continue
            try:
                if os.path.getsize(path) > _MAX_PROFILE:
                    continue
                with open(path, "rb") as handle:
                    profile = parse_icc(handle.read(), path)
            except OSError:
                continue
            if profile is not None:
                found.setdefault(path, profile)
    return sorted(found.values(), key=lambda p: (p.name.lower(), p.path))
