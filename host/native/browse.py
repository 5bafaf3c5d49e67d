"""`GET /api/browse`: list a folder of the host PC for the console's file picker.

Rules (spec, "File browsing"): folders first and always; files by `type`
(`executable`: .exe .bat .cmd .ps1; absent/`any`/`file`: all; anything else:
none); a file or missing path lists the nearest existing folder above it; an
empty path lists the drives (on POSIX: `/` and mounted filesystems); a
drive root's `parent` is empty.
"""

from __future__ import annotations

import os
import string
import sys
from typing import Any

from http_errors import BadRequest

__all__ = ["EXECUTABLE_SUFFIXES", "browse", "drives", "lists_files"]

EXECUTABLE_SUFFIXES = (".exe", ".bat", ".cmd", ".ps1")
# Pseudo filesystems are not places a user keeps games or tools.
_VIRTUAL_FS = {
    "proc",
    "sysfs",
    "devtmpfs",
    "devpts",
    "cgroup",
    "cgroup2",
    "securityfs",
    "pstore",
    "bpf",
    "debugfs",
    "tracefs",
    "mqueue",
    "hugetlbfs",
    "configfs",
    "fusectl",
    "autofs",
    "binfmt_misc",
    "nsfs",
    "rpc_pipefs",
    "efivarfs",
    "ramfs",
    "overlay",
    "squashfs",
    "tmpfs",
    "shm",
    "none",
}


def lists_files(kind: str | None, name: str) -> bool:
    if kind in (None, "", "any", "file"):
        return True
    if kind == "executable":
        return name.lower().endswith(EXECUTABLE_SUFFIXES)
    return False


def drives() -> list[str]:
    if sys.platform == "win32":
        return [
            f"{letter}:\\" for letter in string.ascii_uppercase if os.path.isdir(f"{letter}:\\")
        ]
    found = ["/"]
    try:
        with open("/proc/mounts") as handle:
            for line in handle:
                source, target, fstype = line.split()[:3]
                target = target.replace("\\040", " ")
                if fstype not in _VIRTUAL_FS and target not in found and os.path.isdir(target):
                    found.append(target)
    except OSError:
        pass  # no /proc (macOS): "/" alone is the one root
    return found


def _is_root(path: str) -> bool:
    return os.path.dirname(path) == path


def _nearest_folder(path: str) -> str:
    current = os.path.abspath(path)
    while not os.path.isdir(current):
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    return current


def _entry(name: str, path: str, kind: str) -> dict[str, str]:
    return {"name": name, "path": path, "type": kind}


def browse(path: str | None, kind: str | None) -> dict[str, Any]:
    if not path:
        roots = [_entry(root, root, "directory") for root in drives()]
        return {"path": "", "parent": "", "entries": roots}
    path = os.path.expanduser(path)
    if not os.path.isabs(path):
        raise BadRequest(f"path must be absolute (got {path!r}); leave it empty to list the drives")
    if "\0" in path:
        raise BadRequest("path must not contain a NUL character")
    folder = _nearest_folder(path)
    folders: list[dict[str, str]] = []
    files: list[dict[str, str]] = []
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                try:
                    is_dir = item.is_dir()  # follows links: a link to a folder is a folder
                except OSError:
                    is_dir = False
                if is_dir:
                    folders.append(_entry(item.name, item.path, "directory"))
                elif lists_files(kind, item.name):
                    files.append(_entry(item.name, item.path, "file"))
    except PermissionError:
        raise BadRequest(
            f"Cannot read folder {folder}: permission denied; pick another folder"
        ) from None
    except OSError as error:
        raise BadRequest(f"Cannot read folder {folder}: {error.strerror or error}") from None
    folders.sort(key=lambda e: e["name"].lower())
    files.sort(key=lambda e: e["name"].lower())
    parent = "" if _is_root(folder) else os.path.dirname(folder)
    return {"path": folder, "parent": parent, "entries": folders + files}
