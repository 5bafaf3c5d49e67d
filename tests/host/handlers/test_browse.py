"""GET /api/browse, table-driven over a folder tree, against the real HTTPS host."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from host.native import browse as browse_module

from ..helpers import assert_error
from ..resources import admin_in_process


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("browse")
    for folder in ("games", "Zeta", "alpha", "games/sub"):
        (root / folder).mkdir()
    for name in ("run.EXE", "setup.bat", "tool.cmd", "script.ps1", "readme.txt", "b.sh", "A.png"):
        (root / name).write_text("x")
    (root / "link-to-games").symlink_to(root / "games")
    return root


ALL_FOLDERS = ["alpha", "games", "link-to-games", "Zeta"]
ALL_FILES = ["A.png", "b.sh", "readme.txt", "run.EXE", "script.ps1", "setup.bat", "tool.cmd"]
EXECUTABLES = ["run.EXE", "script.ps1", "setup.bat", "tool.cmd"]


@pytest.mark.parametrize(
    ("path", "kind", "listed", "folders", "files"),
    [
        # Folders first and always; `type` decides the files.
        (".", None, ".", ALL_FOLDERS, ALL_FILES),
        (".", "any", ".", ALL_FOLDERS, ALL_FILES),
        (".", "file", ".", ALL_FOLDERS, ALL_FILES),
        (".", "executable", ".", ALL_FOLDERS, EXECUTABLES),
        (".", "directory", ".", ALL_FOLDERS, []),
        (".", "something-else", ".", ALL_FOLDERS, []),
        # A file or a missing path lists the nearest existing folder above it.
        ("readme.txt", None, ".", ALL_FOLDERS, ALL_FILES),
        ("missing/deeper/still", "executable", ".", ALL_FOLDERS, EXECUTABLES),
        ("games/nothing-here", None, "games", ["sub"], []),
        ("games/", None, "games", ["sub"], []),
    ],
)
def test_browse_table(
    admin: httpx.Client,
    tree: Path,
    path: str,
    kind: str | None,
    listed: str,
    folders: list[str],
    files: list[str],
) -> None:
    params: dict[str, Any] = {"path": str(tree / path)}
    if kind is not None:
        params["type"] = kind
    body = admin.get("/api/browse", params=params).json()
    expected = tree if listed == "." else tree / listed
    assert body["status"] is True and body["path"] == str(expected)
    assert body["parent"] == str(expected.parent)
    entries = body["entries"]
    assert [e["name"] for e in entries] == folders + files
    assert [e["type"] for e in entries] == ["directory"] * len(folders) + ["file"] * len(files)
    assert all(e["path"] == str(expected / e["name"]) for e in entries)


def test_empty_path_lists_the_drives_and_a_root_has_no_parent(admin: httpx.Client) -> None:
    drives = admin.get("/api/browse", params={"path": ""}).json()
    assert drives["path"] == "" and drives["parent"] == ""
    assert drives["entries"][0] == {"name": "/", "path": "/", "type": "directory"}
    assert all(e["type"] == "directory" for e in drives["entries"])
    assert admin.get("/api/browse").json()["entries"] == drives["entries"]
    root = admin.get("/api/browse", params={"path": "/"}).json()
    assert root["path"] == "/" and root["parent"] == ""


@pytest.mark.parametrize(("path", "error"), [("relative/path", "absolute"), ("/tmp/\x00x", "nul")])
def test_bad_paths_are_400(admin: httpx.Client, path: str, error: str) -> None:
    assert_error(admin.get("/api/browse", params={"path": path}), 400, error)


def test_an_unreadable_folder_is_a_clear_400(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests run as root here, so chmod cannot make a folder unreadable: refuse like the OS would.
    locked = tmp_path / "locked"
    locked.mkdir()

    def refuse(path: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(browse_module.os, "scandir", refuse)
    _, client = admin_in_process(tmp_path)
    with client:
        assert_error(
            client.get("/api/browse", params={"path": str(locked)}),
            400,
            f"cannot read folder {locked}: permission denied",
        )


def test_drives_are_root_and_real_mounted_filesystems() -> None:
    drives = browse_module.drives()
    assert drives[0] == "/" and len(drives) == len(set(drives))
    assert all(os.path.isdir(d) for d in drives)
    assert "/proc" not in drives and "/sys" not in drives


def test_browse_needs_authentication(anon: httpx.Client) -> None:
    assert_error(anon.get("/api/browse", params={"path": "/"}), 401)
