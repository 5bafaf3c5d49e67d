"""Cover uploads (validated by content, size-capped, sanitised keys), app covers and library icons."""

from __future__ import annotations

import base64
from pathlib import Path

import httpx
import pytest

from host.core.apps.covers import MAX_COVER_BYTES

from ..helpers import assert_error
from ..server import HostProcess

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32
WEBP = b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 16
GIF = b"GIF89a" + b"\x00" * 16


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


@pytest.mark.parametrize(
    ("key", "image", "saved_as", "media"),
    [
        ("box-art", PNG, "box-art", "image/png"),
        ("Box Art 2", JPEG, "box-art-2", "image/jpeg"),
        ("../../etc/passwd", WEBP, "etc-passwd", "image/webp"),
        ("ÜBER_game", GIF, "ber_game", "image/gif"),
    ],
)
def test_upload_then_read_by_key(
    host: HostProcess, admin: httpx.Client, key: str, image: bytes, saved_as: str, media: str
) -> None:
    answer = admin.post("/api/covers/upload", json={"key": key, "data": b64(image)}).json()
    assert answer["status"] is True and answer["key"] == saved_as and answer["size"] == len(image)
    stored = Path(answer["path"])
    assert stored.parent == host.data_dir / "covers" and stored.read_bytes() == image
    served = admin.get(f"/api/covers/{saved_as}")
    assert served.status_code == 200 and served.content == image
    assert served.headers["content-type"] == media


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"key": "k", "data": b64(b"<svg></svg>")}, "not a png"),
        ({"key": "k", "data": "not base64!"}, "base64"),
        ({"key": "k"}, "data is required"),
        ({"data": b64(PNG)}, "key is required"),
        ({"key": "///", "data": b64(PNG)}, "letters or digits"),
    ],
)
def test_bad_uploads_are_400_and_store_nothing(
    host: HostProcess, admin: httpx.Client, body: dict[str, str], error: str
) -> None:
    before = (
        sorted(p.name for p in (host.data_dir / "covers").glob("*"))
        if (host.data_dir / "covers").exists()
        else []
    )
    assert_error(admin.post("/api/covers/upload", json=body), 400, error)
    after = (
        sorted(p.name for p in (host.data_dir / "covers").glob("*"))
        if (host.data_dir / "covers").exists()
        else []
    )
    assert after == before


def test_a_new_upload_replaces_the_old_image_of_that_key(admin: httpx.Client) -> None:
    admin.post("/api/covers/upload", json={"key": "swap", "data": b64(PNG)})
    admin.post("/api/covers/upload", json={"key": "swap", "data": b64(JPEG)})
    served = admin.get("/api/covers/swap")
    assert served.content == JPEG and served.headers["content-type"] == "image/jpeg"


def test_app_cover_from_a_cover_key_or_an_image_file(admin: httpx.Client, tmp_path: Path) -> None:
    admin.post("/api/covers/upload", json={"key": "hero", "data": b64(PNG)})
    by_key = admin.post("/api/apps", json={"name": "Keyed", "image-path": "hero"}).json()["app"]
    image_file = tmp_path / "cover.jpg"
    image_file.write_bytes(JPEG)
    by_file = admin.post("/api/apps", json={"name": "Filed", "image-path": str(image_file)}).json()[
        "app"
    ]
    bare = admin.post("/api/apps", json={"name": "Bare"}).json()["app"]
    not_image = tmp_path / "notes.txt"
    not_image.write_text("hello")
    wrong = admin.post("/api/apps", json={"name": "Wrong", "image-path": str(not_image)}).json()[
        "app"
    ]
    try:
        assert admin.get(f"/api/apps/{by_key['id']}/cover").content == PNG
        assert admin.get(f"/api/apps/{by_file['uuid']}/cover").content == JPEG
        assert_error(admin.get(f"/api/apps/{bare['uuid']}/cover"), 404, "no image-path")
        assert_error(admin.get(f"/api/apps/{wrong['uuid']}/cover"), 404, "not a png")
        assert_error(admin.get("/api/apps/NO-SUCH/cover"), 404)
        # The list says which covers are there: a console asks for no 404.
        listed = {a["name"]: a["has-cover"] for a in admin.get("/api/apps").json()["apps"]}
        assert [listed[n] for n in ("Keyed", "Filed", "Bare", "Wrong")] == [
            True,
            True,
            False,
            False,
        ]
    finally:
        for app in (by_key, by_file, bare, wrong):
            admin.delete(f"/api/apps/{app['uuid']}")


def test_icon_is_the_png_saved_by_a_library_sync_else_404(
    host: HostProcess, admin: httpx.Client
) -> None:
    app = admin.post("/api/apps", json={"name": "Synced", "autosync": True}).json()["app"]
    assert_error(admin.get(f"/api/apps/{app['uuid']}/icon"), 404, "no icon")
    icons = host.data_dir / "icons"
    icons.mkdir(exist_ok=True)
    (icons / f"{app['uuid']}.png").write_bytes(PNG)
    served = admin.get(f"/api/apps/{app['uuid']}/icon")
    assert (
        served.status_code == 200
        and served.content == PNG
        and served.headers["content-type"] == "image/png"
    )
    admin.post("/api/apps/purge_autosync", json={})  # purging the app drops its icon too
    assert not (icons / f"{app['uuid']}.png").exists()
    assert_error(admin.get(f"/api/apps/{app['uuid']}/icon"), 404)


def test_missing_cover_is_404(admin: httpx.Client, anon: httpx.Client) -> None:
    assert_error(admin.get("/api/covers/never-uploaded"), 404, "no cover")
    assert_error(anon.get("/api/covers/hero"), 401)


def test_raw_image_bodies_are_accepted_up_to_the_cap(
    admin: httpx.Client, host: HostProcess
) -> None:
    big_png = PNG + b"\x00" * (2 * 1024 * 1024)  # larger than a JSON body may be
    answer = admin.post(
        "/api/covers/upload?key=big", content=big_png, headers={"content-type": "image/png"}
    )
    assert answer.json()["key"] == "big" and admin.get("/api/covers/big").content == big_png
    too_big = PNG + b"\x00" * MAX_COVER_BYTES
    assert_error(
        admin.post(
            "/api/covers/upload?key=huge", content=too_big, headers={"content-type": "image/png"}
        ),
        400,
        "larger than",
    )
    assert_error(
        admin.post(
            "/api/covers/upload?key=svg",
            content=b"<svg/>",
            headers={"content-type": "image/svg+xml"},
        ),
        400,
        "not a png",
    )
    assert_error(
        admin.post("/api/covers/upload", content=PNG, headers={"content-type": "image/png"}),
        400,
        "key is required",
    )
    assert_error(
        admin.post(
            "/api/covers/upload", json={"key": "k", "data": b64(PNG + b"\x00" * 1024 * 1024)}
        ),
        413,
        "larger than",
    )
    assert not list((host.data_dir / "covers").glob("huge.*")) and not list(
        (host.data_dir / "covers").glob("svg.*")
    )
