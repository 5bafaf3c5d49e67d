"""The applications page in headless Chromium against the real host: add, edit with every
field, a validation 400 shown next to its field, delete, reorder by keyboard and by drag
and drop, launch and close, cover upload by drop and by button, the file picker."""

from __future__ import annotations

import base64
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.platform_fixtures import PNG
from tests.host.server import HostProcess
from tests.waiting import BROWSER_WAIT_MS, wait_for

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot
from .dialogs import dialog_named
from .posters import poster_png

pytestmark = pytest.mark.browser


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    """An API client on the module's host, with no apps at the start of each test."""
    with host.client(auth=ADMIN) as client:
        if client.get("/api/apps").json()["current_app"]:
            client.post("/api/apps/close", json={})
        for app in client.get("/api/apps").json()["apps"]:
            assert client.delete(f"/api/apps/{app['uuid']}").status_code == 200
        yield client


def apps(admin: httpx.Client) -> list[dict[str, Any]]:
    return list(admin.get("/api/apps").json()["apps"])


def expect_closed(dialog: Locator) -> None:
    expect(dialog).to_have_count(0)


def field(page: Page, name: str) -> Any:
    return page.locator(f'helio-app-editor [data-field="{name}"]').first


def test_empty_list_says_what_to_do_and_add_shows_a_400_next_to_its_field(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    page = open_page("apps")
    expect(page.get_by_role("heading", name="No applications yet")).to_be_visible()
    page.get_by_role("button", name="Add an application").click()
    dialog = dialog_named(page, "Add an application")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Name", exact=True).fill("Celeste")
    dialog.get_by_label("Command", exact=True).fill("celeste --fullscreen")
    dialog.get_by_label("Working folder", exact=True).fill("/tmp")
    dialog.get_by_label("Exit timeout (seconds)", exact=True).fill("5000")
    dialog.get_by_role("button", name="Add detached command").click()
    dialog.get_by_label("Detached command 1", exact=True).fill("overlay --start")
    dialog.get_by_role("button", name="Add preparation command").click()
    dialog.get_by_label("Do 1", exact=True).fill("xrandr --output DP-1 --mode 1920x1080")
    dialog.get_by_label("Undo 1", exact=True).fill("xrandr --output DP-1 --auto")
    dialog.locator("sl-switch[data-field='auto-detach'] [part~='control']").click()
    dialog.get_by_role("button", name="Add application").click()

    # The host's 400 sits under the exit-timeout field, and nothing was created.
    help_text = field(page, "exit-timeout").locator("[part~='form-control-help-text']")
    refused = admin.post("/api/apps", json={"name": "Celeste", "exit-timeout": 5000})
    assert refused.status_code == 400
    # The host names its rule; the console words it (no raw field id in the sentence).
    assert (refused.json()["code"], refused.json()["params"]) == (
        "schema.between",
        {"low": 0, "high": 3600},
    )
    expect(help_text).to_have_text("Must be between 0 and 3,600")
    expect(field(page, "exit-timeout")).to_have_class(re.compile("invalid"))
    assert apps(admin) == []
    shot(page, "apps-validation")

    dialog.get_by_label("Exit timeout (seconds)", exact=True).fill("12")
    dialog.get_by_role("button", name="Add application").click()
    expect_closed(dialog)
    row = page.locator("li[data-uuid]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Celeste")
    expect(row).to_contain_text("celeste --fullscreen")
    [saved] = apps(admin)
    assert saved["cmd"] == "celeste --fullscreen"
    assert saved["working-dir"] == "/tmp"
    assert saved["exit-timeout"] == 12
    assert saved["auto-detach"] is False
    assert saved["detached"] == ["overlay --start"]
    assert saved["prep-cmd"] == [
        {
            "do": "xrandr --output DP-1 --mode 1920x1080",
            "undo": "xrandr --output DP-1 --auto",
            "elevated": False,
        }
    ]


def test_edit_keeps_every_field_and_delete_asks_first(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    created = admin.post(
        "/api/apps",
        json={
            "name": "Dota",
            "cmd": "dota2",
            "exit-timeout": 7,
            "wait-all": False,
            "detached": ["a"],
        },
    ).json()["app"]
    page = open_page("apps")
    page.get_by_role("button", name="Edit Dota").click()
    dialog = dialog_named(page, "Edit Dota")
    expect(dialog.get_by_label("Exit timeout (seconds)", exact=True)).to_have_value("7")
    expect(dialog.get_by_label("Detached command 1", exact=True)).to_have_value("a")
    dialog.get_by_label("Name", exact=True).fill("Dota 2")
    dialog.get_by_role("button", name="Save changes").click()
    expect_closed(dialog)
    expect(page.locator("li[data-uuid]")).to_contain_text("Dota 2")
    [saved] = apps(admin)
    assert saved["uuid"] == created["uuid"] and saved["name"] == "Dota 2"
    assert saved["exit-timeout"] == 7 and saved["wait-all"] is False and saved["detached"] == ["a"]

    page.get_by_role("button", name="Delete Dota 2").click()
    confirm = dialog_named(page, "Delete Dota 2?")
    confirm.get_by_role("button", name="Cancel").click()
    assert len(apps(admin)) == 1
    page.get_by_role("button", name="Delete Dota 2").click()
    dialog_named(page, "Delete Dota 2?").get_by_role("button", name="Delete").click()
    expect(page.get_by_role("heading", name="No applications yet")).to_be_visible()
    assert apps(admin) == []


def test_reorder_by_keyboard_and_by_drag_and_drop(open_page: OpenPage, admin: httpx.Client) -> None:
    for name in ("One", "Two", "Three"):
        admin.post("/api/apps", json={"name": name})
    page = open_page("apps")
    rows = page.locator("li[data-uuid]")
    expect(rows).to_have_count(3)

    rows.nth(0).focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(rows.nth(1)).to_contain_text("One")
    expect(page.get_by_role("status").filter(has_text="moved")).to_contain_text(
        "One moved to position 2 of 3"
    )
    _wait_order(admin, ["Two", "One", "Three"])
    # Focus stays on the moved row, so the keys can be pressed again.
    page.keyboard.press("Alt+ArrowDown")
    _wait_order(admin, ["Two", "Three", "One"])

    page.get_by_role("button", name="Move Three up").click()
    _wait_order(admin, ["Three", "Two", "One"])

    rows.nth(2).drag_to(rows.nth(0))
    expect(rows.nth(0)).to_contain_text("One")
    _wait_order(admin, ["One", "Three", "Two"])


def _wait_order(admin: httpx.Client, names: list[str]) -> None:
    """The host's order, once the page's reorder request has landed."""
    wait_for(lambda: [a["name"] for a in apps(admin)] == names, f"the host's order {names}")


def test_launch_and_close_show_the_state_and_errors(
    open_page: OpenPage, admin: httpx.Client, tmp_path: Path
) -> None:
    admin.post("/api/apps", json={"name": "Sleeper", "cmd": "sleep 600", "exit-timeout": 1})
    admin.post(
        "/api/apps", json={"name": "Broken", "cmd": "true", "working-dir": "/no/such/folder"}
    )
    page = open_page("apps")
    sleeper = page.locator("li[data-uuid]").filter(has_text="Sleeper")
    broken = page.locator("li[data-uuid]").filter(has_text="Broken")

    broken.get_by_role("button", name="Launch").click()
    expect(
        page.locator("helio-error .message").filter(has_text="/no/such/folder").first
    ).to_be_visible()

    sleeper.get_by_role("button", name="Launch").click()
    expect(sleeper.locator(".badge.success")).to_have_text("Running")
    assert admin.get("/api/apps").json()["current_app"] == apps(admin)[0]["uuid"]
    expect(broken.get_by_role("button", name="Launch")).to_be_disabled()
    shot(page, "apps-running")

    sleeper.get_by_role("button", name="Close").click()
    expect(sleeper.locator(".badge.success")).to_have_count(0)
    assert admin.get("/api/apps").json()["current_app"] == ""

    # An app that ends by itself stops showing as running without a reload. It ends when
    # the test has seen it running (a file appears), not after a time a busy machine outlasts.
    may_end = tmp_path / "short-may-end"
    wait_for_it = f"until [ -e {shlex.quote(str(may_end))} ]; do sleep 0.1; done"
    admin.post("/api/apps", json={"name": "Short", "cmd": wait_for_it, "auto-detach": False})
    page.reload()
    short = page.locator("li[data-uuid]").filter(has_text="Short")
    short.get_by_role("button", name="Launch").click()
    expect(short.locator(".badge.success")).to_have_text("Running")
    may_end.touch()
    expect(short.locator(".badge.success")).to_have_count(0, timeout=BROWSER_WAIT_MS)


def _drop_file(page: Page, selector: str, name: str, data: bytes, mime: str) -> None:
    """Drop a file on an element the way a file manager does (a DataTransfer with a File)."""
    page.evaluate(
        """([selector, name, bytes, mime]) => {
          const target = (function find(root) {
            const hit = root.querySelector(selector);
            if (hit) return hit;
            for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
            return null;
          })(document);
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
          target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
          target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""",
        [selector, name, list(data), mime],
    )


def test_cover_upload_by_drop_and_by_button(
    open_page: OpenPage, admin: httpx.Client, tmp_path: Path
) -> None:
    page = open_page("apps")
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.get_by_label("Name", exact=True).fill("Hollow Knight")

    _drop_file(page, ".drop", "notes.txt", b"not an image", "text/plain")
    expect(dialog.locator("helio-error .message").first).to_contain_text(
        "notes.txt is not a PNG, JPEG, WebP or GIF image"
    )

    _drop_file(page, ".drop", "box.png", PNG, "image/png")
    expect(dialog.get_by_role("img", name="Cover preview")).to_be_visible()
    key = field(page, "image-path").get_attribute("value") or ""
    expect(dialog.get_by_label("Image", exact=True)).to_have_value(
        re.compile(r"^hollow-knight-[a-z0-9]+$")
    )
    dialog.get_by_role("button", name="Add application").click()
    expect_closed(dialog)
    [saved] = apps(admin)
    assert re.match(r"^hollow-knight-[a-z0-9]+$", saved["image-path"]), key
    cover = admin.get(f"/api/apps/{saved['uuid']}/cover")
    assert cover.status_code == 200 and cover.content == PNG
    expect(page.locator("li[data-uuid] img.cover")).to_have_count(1)

    # The keyboard path: the upload button opens the file chooser.
    image = tmp_path / "other.png"
    image.write_bytes(PNG)
    page.get_by_role("button", name="Edit Hollow Knight").click()
    dialog = dialog_named(page, "Edit Hollow Knight")
    with page.expect_file_chooser() as chooser:
        dialog.get_by_role("button", name="Upload a cover…").click()
    chooser.value.set_files(str(image))
    expect(dialog.get_by_label("Image", exact=True)).not_to_have_value(saved["image-path"])
    dialog.get_by_role("button", name="Save changes").click()
    expect_closed(dialog)
    assert apps(admin)[0]["image-path"] != saved["image-path"]


def test_file_picker_chooses_folders_programs_and_images(
    open_page: OpenPage, admin: httpx.Client, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    (games / "celeste").mkdir(parents=True)
    (games / "celeste" / "Celeste.sh").write_text("#!/bin/sh\n")
    (games / "celeste" / "box.png").write_bytes(PNG)
    page = open_page("apps")
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.get_by_label("Name", exact=True).fill("Celeste")

    dialog.locator("sl-button", has_text="Browse…").nth(1).click()  # working folder
    picker = dialog_named(page, "Choose a folder")
    picker.get_by_label("Folder", exact=True).fill(str(games))
    picker.get_by_role("button", name="Go").click()
    picker.get_by_role("button", name="celeste").click()
    expect(picker.get_by_label("Folder", exact=True)).to_have_value(str(games / "celeste"))
    picker.get_by_role("button", name="Use this folder").click()
    expect(dialog.get_by_label("Working folder", exact=True)).to_have_value(str(games / "celeste"))

    dialog.locator("sl-button", has_text="Browse…").nth(0).click()  # command: starts in the folder
    picker = dialog_named(page, "Choose a program or script")
    picker.get_by_role("button", name="Celeste.sh").click()
    expect(dialog.get_by_label("Command", exact=True)).to_have_value(
        str(games / "celeste" / "Celeste.sh")
    )

    dialog.locator("sl-button", has_text="Browse…").nth(2).click()  # image
    picker = dialog_named(page, "Choose an image")
    picker.get_by_label("Folder", exact=True).fill(str(games / "celeste"))
    picker.get_by_role("button", name="Go").click()
    expect(picker.get_by_role("button", name="Celeste.sh")).to_be_disabled()
    picker.get_by_role("button", name="box.png").click()
    expect(dialog.get_by_label("Image", exact=True)).to_have_value(
        str(games / "celeste" / "box.png")
    )

    # A relative folder is the host's 400, shown in the picker.
    with page.expect_response("**/api/browse**", timeout=BROWSER_WAIT_MS):  # its first listing
        dialog.locator("sl-button", has_text="Browse…").nth(1).click()
    picker = dialog_named(page, "Choose a folder")
    picker.get_by_label("Folder", exact=True).fill("relative/path")
    picker.get_by_role("button", name="Go").click()
    expect(picker.locator("helio-error .message").first).to_contain_text("relative")
    shot(page, "apps-file-picker")
    picker.get_by_role("button", name="Cancel").click()

    dialog.get_by_role("button", name="Add application").click()
    expect_closed(dialog)
    [saved] = apps(admin)
    assert saved["working-dir"] == str(games / "celeste")
    assert saved["image-path"] == str(games / "celeste" / "box.png")
    expect(page.locator("li[data-uuid] img.cover")).to_have_count(1)


def test_every_look_has_no_serious_axe_violation(open_page: OpenPage, admin: httpx.Client) -> None:
    covers = {
        "celeste": poster_png((214, 64, 120), (40, 20, 90)),
        "hollow-knight": poster_png((40, 60, 110), (10, 12, 30)),
        "steam": poster_png((30, 90, 160), (12, 24, 48)),
    }
    for key, image in covers.items():
        answer = admin.post(
            "/api/covers/upload", json={"key": key, "data": base64.b64encode(image).decode()}
        )
        assert answer.status_code == 200, answer.text
    admin.post(
        "/api/apps",
        json={"name": "Steam Big Picture", "cmd": "steam -bigpicture", "image-path": "steam"},
    )
    admin.post(
        "/api/apps",
        json={"name": "Celeste", "cmd": "lutris lutris:rungameid/1", "image-path": "celeste"},
    )
    admin.post(
        "/api/apps",
        json={
            "name": "Hollow Knight",
            "cmd": "lutris lutris:rungameid/2",
            "image-path": "hollow-knight",
            "autosync": True,
        },
    )
    admin.post("/api/apps", json={"name": "Desktop"})
    for look in LOOKS:
        page = open_page("apps", look=look)
        expect(page.locator("li[data-uuid]")).to_have_count(4)
        expect(page.locator("li[data-uuid] img.cover")).to_have_count(3)
        shot(page, "apps")
        check_axe(page)
        page.get_by_role("button", name="Edit Celeste").click()
        expect(
            dialog_named(page, "Edit Celeste").get_by_role("img", name="Cover preview")
        ).to_be_visible()
        shot(page, "apps-editor")
        check_axe(page)
        page.context.close()


def _hold_the_first_listing(page: Any) -> list[Any]:
    """Holds the page's first GET /api/browse (the picker's listing on open) until the
    test continues the route it returns in the list; later ones go through."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/browse?*", hold)
    return held


def test_file_picker_shows_the_folder_asked_for_last(
    open_page: OpenPage, admin: httpx.Client, tmp_path: Path
) -> None:
    # The listing asked for when the picker opens may answer after the one for a folder
    # the user typed and went to: it must not replace it.
    games = tmp_path / "games"
    (games / "celeste").mkdir(parents=True)
    page = open_page("apps")
    held = _hold_the_first_listing(page)  # answered only after the typed folder's
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.locator("sl-button", has_text="Browse…").nth(1).click()  # working folder
    picker = dialog_named(page, "Choose a folder")
    picker.get_by_label("Folder", exact=True).fill(str(games))
    picker.get_by_role("button", name="Go").click()
    expect(picker.get_by_role("button", name="celeste")).to_be_visible()
    assert held, "the picker's first listing was not requested"
    held[0].continue_()
    page.wait_for_load_state("networkidle")
    expect(picker.get_by_role("button", name="celeste")).to_be_visible()
    expect(picker.get_by_label("Folder", exact=True)).to_have_value(str(games))


def test_file_picker_keeps_what_the_user_types_while_it_opens(
    open_page: OpenPage, tmp_path: Path
) -> None:
    # The listing asked for when the picker opens may answer while the user is typing
    # another folder: the field keeps what they typed (seen as a flaky CI failure).
    games = tmp_path / "games"
    (games / "celeste").mkdir(parents=True)
    page = open_page("apps")
    held = _hold_the_first_listing(page)
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.get_by_label("Working folder", exact=True).fill(str(games))
    dialog.locator("sl-button", has_text="Browse…").nth(1).click()  # working folder
    picker = dialog_named(page, "Choose a folder")
    field = picker.get_by_label("Folder", exact=True)
    expect(field).to_have_value(str(games))  # it opens at the field's folder
    field.fill("relative/path")
    assert held, "the picker's first listing was not requested"
    held[0].continue_()
    expect(picker.get_by_role("button", name="celeste")).to_be_visible()  # the listing arrived
    expect(field).to_have_value("relative/path")
    picker.get_by_role("button", name="Go").click()
    expect(picker.locator("helio-error .message").first).to_contain_text("relative")
