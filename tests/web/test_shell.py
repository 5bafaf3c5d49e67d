"""The shell in headless Chromium against the real host: first run, sign-in, sign-out,
silent refresh, a 401 leading to sign-in and back, a 429, navigation, theme, phone nav."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from host.core.state import StateDB
from host.native.server import STATE_NAME
from tests.host.helpers import login
from tests.host.server import HostProcess, running_host
from tests.waiting import BROWSER_WAIT_MS

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot, sideways_scroll

pytestmark = pytest.mark.browser


def admin_client(host: HostProcess) -> httpx.Client:
    return host.client(auth=ADMIN)


def sign_in_with_the_form(page: Page, password: str = ADMIN[1], remember: bool = False) -> None:
    page.get_by_label("Username").fill(ADMIN[0])
    page.get_by_label("Password", exact=True).fill(password)
    if remember:
        page.get_by_role("checkbox", name="Remember me").focus()  # by keyboard
        page.keyboard.press("Space")
        expect(page.get_by_role("checkbox", name="Remember me")).to_be_checked()
    page.get_by_role("button", name="Sign in").click()


# -- first run ----------------------------------------------------------------------


def test_first_run_creates_the_account_and_signs_in(
    open_page: OpenPage, fresh_host: HostProcess
) -> None:
    page = open_page("settings", signed_in=False, host=fresh_host)
    expect(page.get_by_role("heading", name="Create the administrator account")).to_be_visible()
    shot(page, "setup")
    check_axe(page)
    page.get_by_label("Username").fill("admin")
    page.get_by_label("Password", exact=True).fill("pw-123456")
    page.get_by_label("Confirm password").fill("pw-654321")
    page.get_by_role("button", name="Create account and sign in").click()
    mismatch = page.locator("[data-field-error=confirmNewPassword]")
    expect(mismatch).to_contain_text("The two passwords differ")
    with fresh_host.client() as anon:  # nothing was sent, so nothing was created
        assert anon.get("/api/auth/status").json()["credentials_configured"] is False

    page.get_by_label("Confirm password").fill("pw-123456")
    page.get_by_role("button", name="Create account and sign in").click()
    expect(page.locator("#who")).to_have_text("admin")
    # The deep link the user opened is where they land.
    expect(page.get_by_role("heading", name="Settings", level=1)).to_be_visible()
    assert page.url.endswith("/settings")
    with fresh_host.client(auth=("admin", "pw-123456")) as admin:
        assert admin.get("/api/config").status_code == 200


def test_first_run_explains_the_certificate_warning_with_what_to_check(
    open_page: OpenPage, fresh_host: HostProcess
) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    cert = x509.load_pem_x509_certificate((fresh_host.data_dir / "cert.pem").read_bytes())
    fingerprint = cert.fingerprint(hashes.SHA256()).hex(":").upper()
    log = (fresh_host.data_dir / "helio.log").read_text()
    assert f"Certificate fingerprint (SHA-256): {fingerprint}" in log  # what the page points to
    for look in LOOKS:
        page = open_page("", look=look, signed_in=False, host=fresh_host)
        explained = page.locator("#certificate-warning")
        explained.get_by_text("About the browser's certificate warning").click()
        expect(explained).to_contain_text("Certificate fingerprint (SHA-256)")
        expect(explained).to_contain_text("helio.log")
        shot(page, "setup-certificate")
        check_axe(page)
        assert sideways_scroll(page) == 0
        page.context.close()


def _lan_address() -> str:
    """This machine's address on its network (not loopback); no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("203.0.113.1", 9))  # TEST-NET-3: never routed
        address: str = probe.getsockname()[0]
    return address


@pytest.fixture
def remote_view(tmp_path: Path) -> Iterator[tuple[HostProcess, str]]:
    """A host with no account, reachable from this machine's network address (reach wan)."""
    data = tmp_path / "data"
    data.mkdir()
    StateDB(str(data / STATE_NAME)).set_json("settings", {"origin_web_ui_allowed": "wan"})
    with running_host(data, "--bind", "0.0.0.0") as process:
        yield process, f"https://{_lan_address()}:{process.base_port + 1}"


def test_set_up_from_another_pc_is_refused_and_explained(
    open_page: OpenPage, remote_view: tuple[HostProcess, str], browser: object
) -> None:
    host, url = remote_view
    address = url.split("//")[1].rsplit(":", 1)[0]
    assert address != "127.0.0.1"
    page = open_page("", signed_in=False, host=host)
    page.goto(url + "/")
    expect(page.get_by_role("heading", name="Finish set-up on the host PC")).to_be_visible()
    expect(page.locator("helio-setup-page")).to_contain_text("only lets the host PC itself")
    expect(page.locator("helio-setup-page")).to_contain_text("python -m host creds")
    expect(page.get_by_label("Username")).to_have_count(0)  # no form that would be refused
    shot(page, "setup-refused")
    check_axe(page)


# -- sign-in and sign-out -------------------------------------------------------------


def test_sign_in_shows_errors_remembers_and_signs_out(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_page("tokens", signed_in=False)
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    shot(page, "signin")
    check_axe(page)
    sign_in_with_the_form(page, password="wrong")
    expect(page.locator("helio-error .message")).to_contain_text("Invalid username or password")
    sign_in_with_the_form(page, remember=True)
    expect(page.locator("#who")).to_have_text("admin")
    expect(page.get_by_role("heading", name="API tokens", level=1)).to_be_visible()
    # Remember me: the cookies outlive the browser (an expiry ~30 days out), HttpOnly.
    cookies = {c["name"]: c for c in page.context.cookies()}
    longest = max(c["expires"] for c in cookies.values() if c["httpOnly"])
    assert longest > time.time() + 29 * 86400
    assert "helio" not in page.evaluate("document.cookie")
    before = {c["name"]: c["value"] for c in page.context.cookies()}

    page.locator("#account").click()
    page.get_by_role("menuitem", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    with host.client(
        cookies=before
    ) as old:  # the session is revoked on the host, not just forgotten
        assert old.get("/api/auth/sessions").status_code == 401


def test_a_401_leads_to_sign_in_and_back_to_the_same_page(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_page("settings")
    # The form's own requests are answered first: a 401 on one of them would sign in
    # over /settings, before the click this test makes.
    expect(page.get_by_role("button", name="Save changes")).to_be_visible()
    with admin_client(host) as admin:  # revoke this browser's session behind its back
        for session in admin.get("/api/auth/sessions").json()["sessions"]:
            admin.delete(f"/api/auth/sessions/{session['id']}")
    page.get_by_role("navigation", name="Console").get_by_role("link", name="API tokens").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="session has ended")).to_be_visible()
    assert page.url.endswith("/tokens")
    sign_in_with_the_form(page)
    expect(page.get_by_role("heading", name="API tokens", level=1)).to_be_visible()
    assert page.url.endswith("/tokens")


@pytest.fixture
def strict_host(tmp_path: Path) -> Iterator[HostProcess]:
    """Three failed sign-ins per minute, access tokens of 62 s (refreshed a minute early)."""
    with running_host(tmp_path / "data", credentials=ADMIN) as process:
        with admin_client(process) as admin:
            answer = admin.patch(
                "/api/config",
                json={
                    "login_max_failures": 3,
                    "login_failure_window_s": 60,
                    "session_access_ttl_s": 62,
                },
            )
            assert answer.status_code == 200
        yield process


def test_the_access_token_is_refreshed_before_it_expires(
    open_page: OpenPage, strict_host: HostProcess
) -> None:
    page = open_page("", signed_in=False, host=strict_host)
    with page.expect_response("**/api/auth/refresh", timeout=BROWSER_WAIT_MS) as refreshed:
        sign_in_with_the_form(page)
    assert refreshed.value.status == 200
    # Still signed in, with the rotated tokens: a state change passes the CSRF check.
    page.goto("/sessions")
    expect(page.locator("#sessions tr[data-current]")).to_have_count(1)


def test_too_many_sign_ins_say_how_long_to_wait(
    open_page: OpenPage, strict_host: HostProcess
) -> None:
    page = open_page("", signed_in=False, host=strict_host)
    for _ in range(3):
        sign_in_with_the_form(page, password="wrong")
        expect(page.locator("helio-error .message")).to_contain_text("Invalid username or password")
        page.get_by_role("button", name="Sign in").wait_for()
    sign_in_with_the_form(page, password="wrong")
    alert = page.locator("helio-error .message")
    expect(alert).to_contain_text("Too many failed sign-in attempts")
    expect(alert).to_have_text("Too many failed sign-in attempts. Try again in 1 minute.")
    expect(page.get_by_role("button", name="Wait")).to_be_disabled()
    shot(page, "signin-429")


# -- navigation -----------------------------------------------------------------------


def test_deep_links_back_and_forward(open_page: OpenPage) -> None:
    page = open_page("sessions")
    expect(page.get_by_role("heading", name="Sessions", level=1)).to_be_visible()
    nav = page.get_by_role("navigation", name="Console")
    expect(nav.get_by_role("link", name="Sessions")).to_have_attribute("aria-current", "page")
    nav.get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", name="Settings", level=1)).to_be_visible()
    assert page.url.endswith("/settings")
    assert page.title() == "Settings · Helio"
    page.go_back()
    expect(page.get_by_role("heading", name="Sessions", level=1)).to_be_visible()
    page.go_forward()
    expect(page.get_by_role("heading", name="Settings", level=1)).to_be_visible()
    page.goto("/no-such-page")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()


def test_every_nav_entry_leads_to_a_page(open_page: OpenPage) -> None:
    page = open_page("")
    nav = page.get_by_role("navigation", name="Console")
    links = nav.get_by_role("link")
    expect(links).to_have_count(13)
    names = links.all_inner_texts()
    for name in names:
        link = nav.get_by_role("link", name=name, exact=True)
        target = link.get_attribute("href")
        link.click()
        expect(nav.get_by_role("link", name=name)).to_have_attribute("aria-current", "page")
        expect(page.locator("#page #page-title")).to_be_visible()
        assert page.url.endswith(target or "/")
        assert page.locator("main > *").count() == 1  # the page left is gone
        assert page.title() == f"{name} · Helio"


def test_theme_follows_the_os_and_the_toggle_overrides_it(open_page: OpenPage) -> None:
    page = open_page("", look=LOOKS[1])  # the OS prefers dark
    html = page.locator("html")
    expect(html).to_have_class("sl-theme-dark")
    page.get_by_role("button", name="Theme: Follow the system").click()
    page.get_by_role("menuitemcheckbox", name="Light").click()
    expect(html).to_have_class("sl-theme-light")
    page.reload()
    expect(html).to_have_class("sl-theme-light")  # the choice is kept
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(245, 246, 248)"


def test_phone_width_collapses_the_nav_into_a_menu(open_page: OpenPage) -> None:
    page = open_page("", look=LOOKS[2])
    expect(page.get_by_role("navigation", name="Console", exact=True)).to_be_hidden()
    page.get_by_role("button", name="Open the menu").click()
    menu = page.get_by_role("navigation", name="Console (menu)")
    expect(menu).to_be_visible()
    shot(page, "nav-open")
    menu.get_by_role("link", name="Hardware metrics").click()
    expect(page.get_by_role("heading", name="Hardware metrics", level=1)).to_be_visible()
    expect(menu).to_be_hidden()
    # After a navigation the new page's title has the focus, for screen readers.
    expect(page.locator("#page-title")).to_be_focused()


def test_phone_width_toasts_leave_the_heading_and_menu_uncovered(open_page: OpenPage) -> None:
    page = open_page("", look=LOOKS[3])
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_be_visible()
    for message in ("First notice", "Second notice"):  # a stack of two, as a busy page raises
        page.locator("helio-app").evaluate(
            """(app, message) => app.dispatchEvent(new CustomEvent("helio-toast",
                 { detail: { variant: "success", message } }))""",
            message,
        )
    toasts = page.locator("sl-alert").filter(has_text="notice")
    expect(toasts).to_have_count(2)
    expect(toasts.last).to_be_visible()
    shot(page, "toasts", full_page=False)  # toasts are fixed to the screen
    stack = page.locator(".sl-toast-stack").bounding_box()
    assert stack is not None
    for covered in (heading, page.get_by_role("button", name="Open the menu")):
        box = covered.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= stack["y"], covered


def test_keyboard_users_can_skip_the_nav(open_page: OpenPage) -> None:
    page = open_page("")
    expect(page.locator("#who")).to_have_text(ADMIN[0])
    page.keyboard.press("Tab")  # the skip link comes first
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()


def test_bearer_mode_keeps_tokens_in_the_page_and_sends_them(
    open_page: OpenPage, host: HostProcess
) -> None:
    """The demo's configuration (<meta name="helio-auth" content="bearer">): no cookies needed."""
    other, signed = login(host, *ADMIN)  # a second session, for this page to revoke
    other.close()
    page = open_page("", signed_in=False)

    def bearer_index(route: Any) -> None:
        answer = route.fetch()
        body = answer.text().replace(
            '<meta name="helio-auth" content="cookie">', '<meta name="helio-auth" content="bearer">'
        )
        route.fulfill(response=answer, body=body)

    page.route(f"{host.url}/sessions", bearer_index)  # the document only, not /api/auth/sessions
    page.goto("/sessions")
    sign_in_with_the_form(page)
    expect(page.locator("#sessions tr[data-current]")).to_have_count(1)
    # Natively one console per origin: its key names the page's own API and the root.
    saved = json.loads(page.evaluate("sessionStorage.getItem('helio-auth /')"))
    assert len(saved["access"]) == 64 and saved["refresh"] and saved["csrf"]
    remembered = page.evaluate("Object.keys(localStorage)")
    assert not [key for key in remembered if key.startswith("helio-auth")]  # not remembered
    page.context.clear_cookies()  # from now on only the bearer token can authenticate
    with page.expect_request("**/api/auth/sessions/*") as revoke:
        row = page.locator(f"#sessions tr[data-id='{signed['session_id']}']")
        row.get_by_role("button", name="Revoke").click()
        page.locator("helio-confirm").get_by_role("button", name="Revoke").click()
    headers = revoke.value.all_headers()
    assert headers["authorization"] == f"Bearer {saved['access']}"
    assert headers["x-csrf-token"] == saved["csrf"]
    assert revoke.value.response() is not None and revoke.value.response().status == 200  # type: ignore[union-attr]
    page.unroute_all(behavior="ignoreErrors")
