"""The console's languages: every catalogue has every key (with the same placeholders and
plural forms), no page writes English outside the catalogue (a scan of the console's
source), the host's `locale` setting or else the browser's language picks one, and every
page in each shipped locale passes axe without sideways scrolling. Before signing in (the
set-up and sign-in pages) the visitor's own pick, else the browser's language, decides: a
fresh host's setting says "en" and nobody can change it yet."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from host.core.settings import settings_schema
from tests.host.server import HostProcess

from .bundle import ROOT
from .conftest import _LOOK_OF, ADMIN, LOOKS, Look, check_axe, shot, sideways_scroll, sign_in
from .source_text import english_left

LOCALES = ROOT / "web" / "src" / "locales"
CATALOGUES = {path.stem: json.loads(path.read_text()) for path in sorted(LOCALES.glob("*.json"))}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Words each locale must show on the settings page: (nav entry, first section heading).
EXPECTED = {
    "en": ("Settings", "Network"),
    "fr": ("Réglages", "Réseau"),
    "de": ("Einstellungen", "Netzwerk"),
}


def forms(message: str | dict[str, str]) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [message]


def placeholders(message: str | dict[str, str]) -> set[str]:
    return {name for form in forms(message) for name in PLACEHOLDER.findall(form)}


def test_english_and_at_least_two_more_locales_ship() -> None:
    assert "en" in CATALOGUES and len(CATALOGUES) >= 3
    assert set(EXPECTED) <= set(CATALOGUES)


@pytest.mark.parametrize("code", sorted(CATALOGUES))
def test_every_catalogue_has_every_key_with_the_same_placeholders(code: str) -> None:
    english, catalogue = CATALOGUES["en"], CATALOGUES[code]
    assert sorted(set(english) - set(catalogue)) == [], "missing keys"
    assert sorted(set(catalogue) - set(english)) == [], "keys English does not have"
    for key, message in catalogue.items():
        assert all(form.strip() for form in forms(message)), f"{key} is empty"
        assert placeholders(message) == placeholders(english[key]), key
        if isinstance(english[key], dict):
            assert isinstance(message, dict) and {"one", "other"} <= set(message), key


def test_every_message_key_the_console_uses_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for source in (ROOT / "web" / "src").rglob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([\w.\- ]+)["']""", source.read_text()))
    assert used and sorted(used - set(CATALOGUES["en"])) == []


def test_no_page_writes_english_outside_the_catalogue() -> None:
    # Text nodes and visible attributes of every html`` template, and the strings handed to
    # toasts, confirmations, errors and announcements, across web/src (tests/web/source_text.py).
    left = english_left(ROOT / "web" / "src")
    assert left == [], "English the catalogues do not hold:\n" + "\n".join(left)


def test_every_host_setting_has_its_words_in_the_catalogue() -> None:
    # The English entries are the host's own title and help: the catalogue follows the host,
    # and each translation has a setting to translate.
    english = CATALOGUES["en"]
    for name, schema in settings_schema()["properties"].items():
        assert english.get(f"setting.{name}") == schema["title"], name
        assert english.get(f"setting.{name}.help") == schema["description"], name


@pytest.fixture
def open_in(browser: Browser, host: HostProcess) -> Iterator[Any]:
    contexts: list[Any] = []
    errors: list[str] = []

    def open_(
        path: str,
        look: Look,
        language: str,
        signed_in: bool = True,
        target: HostProcess | None = None,
        beside: Page | None = None,
    ) -> Page:
        """A page at `path` in a fresh context, or in a new tab of `beside`'s context
        (its look, language and sign-in: a page loads afresh without a context and a
        sign-in of its own)."""
        target = target or host
        if beside is not None:
            context = beside.context
        else:
            context = browser.new_context(
                ignore_https_errors=True,
                base_url=target.url,
                viewport=look.size,
                color_scheme=look.scheme,  # type: ignore[arg-type]
                locale=language,
                reduced_motion="reduce",
            )
            contexts.append(context)
            if signed_in:
                sign_in(context, target)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        _LOOK_OF[id(page)] = look
        page.goto(f"/{path}")
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, errors


def set_locale(host: HostProcess, value: str | None) -> None:
    with host.client(auth=ADMIN) as admin:
        assert admin.patch("/api/config", json={"locale": value}).status_code == 200


@pytest.mark.browser
@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_the_locale_setting_chooses_the_language_in_every_look(
    open_in: Any, host: HostProcess, code: str
) -> None:
    set_locale(host, code)
    try:
        nav_word, first_section = EXPECTED[code]
        for look in LOOKS:
            page = open_in("settings", look, "en-US")  # the setting wins over the browser
            expect(page.locator("section.card h2").first).to_have_text(first_section)
            nav = page.locator("nav.side") if look.viewport == "desktop" else None
            if nav is not None:
                expect(nav.get_by_role("link", name=nav_word, exact=True)).to_be_visible()
            assert page.evaluate("document.documentElement.lang") == code
            shot(page, f"settings-locale-{code}")
            check_axe(page)
            assert sideways_scroll(page) == 0
            page.context.close()
    finally:
        set_locale(host, None)


@pytest.mark.browser
def test_the_browsers_language_chooses_when_the_setting_says_so(
    open_in: Any, host: HostProcess
) -> None:
    set_locale(host, "auto")
    try:
        page = open_in("settings", LOOKS[0], "de-DE")
        expect(page.locator("section.card h2").first).to_have_text("Netzwerk")
        # Plurals through Intl: one change, then two.
        page.locator("sl-input[data-setting=login_max_failures] input").fill("7")
        expect(page.get_by_role("status").filter(has_text="ungespeicherte")).to_have_text(
            "1 ungespeicherte Änderung"
        )
        page.locator("sl-input[data-setting=login_failure_window_s] input").fill("70")
        expect(page.get_by_role("status").filter(has_text="ungespeicherte")).to_have_text(
            "2 ungespeicherte Änderungen"
        )
        # The settings page offers the shipped languages as a list, by their own names.
        page.locator("sl-select[data-setting=locale]").click()
        expect(page.get_by_role("option")).to_have_text(
            ["Die Sprache des jeweiligen Browsers", "English", "Français", "Deutsch"]
        )
        page.keyboard.press("Escape")
        shot(page, "settings-browser-language-de")
    finally:
        set_locale(host, None)


ROUTES = [
    r["path"] for r in json.loads((ROOT / "web" / "src" / "routes.json").read_text())["routes"]
]
# Console words of the English catalogue that neither translation uses: one of them in a
# French or German page's headings, buttons, labels or help is English left behind.
ENGLISH_ONLY = re.compile(
    r"\b(Loading|Save|Cancel|Delete|Edit|Remove|Restart|Unpair|Revoke|Install|Nothing|Could|"
    r"Created|Address|Updated|Default|Show|Find|Launch|Close|Download|Check|Pair|the|and|your|with)\b"
)
# The text a person reads as console chrome, through every shadow root; host data (log
# lines, names, paths, code) is left out.
CHROME_TEXT = """() => {
  const chrome = "h1, h2, h3, legend, th, label, summary, sl-button, sl-option, sl-switch, sl-checkbox, .help, p";
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.matches(chrome) && !el.closest("[role=log], pre, code, .mono, td, dd")) {
        out.push(el.textContent.replace(/\\s+/g, " ").trim());
        for (const name of ["label", "help-text", "placeholder", "summary"]) {
          if (el.getAttribute(name)) out.push(el.getAttribute(name));
        }
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return out.filter(Boolean);
}"""
SHOWN = {"", "devices", "settings", "tokens"}  # screenshot at every look, per locale


def page_ready(page: Page) -> None:
    expect(page.locator("#page-title")).not_to_be_empty()
    expect(page.locator("helio-loading")).to_have_count(0)


@pytest.mark.browser
@pytest.mark.parametrize("look", LOOKS, ids=lambda look: f"{look.viewport}-{look.scheme}")
@pytest.mark.parametrize("code", ["fr", "de"])
def test_every_page_speaks_the_locale_passes_axe_and_fits_a_phone(
    open_in: Any, host: HostProcess, code: str, look: Look
) -> None:
    # Every page at desktop light and phone dark, the SHOWN ones at every look; one test per
    # look (a whole locale's 34 pages in one test outlasted pytest-timeout on a busy box),
    # its pages the tabs of one signed-in context.
    paths = [p for p in ROUTES if p in SHOWN or look in (LOOKS[0], LOOKS[3])]
    set_locale(host, code)
    problems: list[str] = []  # every page is checked, then all that is wrong is reported
    try:
        first = None
        for path in paths:
            page = open_in(path, look, "en-US", beside=first)
            first = first or page
            page_ready(page)
            where = f"/{path} in {code} at {look.viewport} {look.scheme}"
            assert page.evaluate("document.documentElement.lang") == code
            english = sorted({t for t in page.evaluate(CHROME_TEXT) if ENGLISH_ONLY.search(t)})
            if english:
                problems.append(f"{where} still says: {english}")
            if path in SHOWN:
                shot(page, f"{path or 'dashboard'}-{code}")
            try:
                check_axe(page)
            except AssertionError as error:
                problems.append(f"{where}: {error}")
            sideways = sideways_scroll(page)
            if sideways > 0:
                problems.append(f"{where} scrolls {sideways} px sideways")
                shot(page, f"overflow-{path or 'dashboard'}-{code}")
            page.close()
    finally:
        set_locale(host, None)
    assert problems == [], "\n".join(problems)


@pytest.mark.browser
@pytest.mark.parametrize("code", ["fr", "de"])
def test_the_sign_in_and_unknown_pages_speak_the_locale(
    open_in: Any, host: HostProcess, code: str
) -> None:
    set_locale(host, code)
    problems: list[str] = []
    try:
        for path, signed_in, ready in (
            ("", False, "#title"),  # the sign-in gate
            ("no-such-page", True, "#back-to-dashboard"),
        ):
            for look in (LOOKS[0], LOOKS[3]):
                page = open_in(path, look, "en-US", signed_in=signed_in)
                expect(page.locator(ready)).to_be_visible()
                where = f"/{path} in {code} at {look.viewport} {look.scheme}"
                english = sorted({t for t in page.evaluate(CHROME_TEXT) if ENGLISH_ONLY.search(t)})
                if english:
                    problems.append(f"{where} still says: {english}")
                shot(page, f"{'signin' if not signed_in else 'not-found'}-{code}")
                check_axe(page)
                if sideways_scroll(page) > 0:
                    problems.append(f"{where} scrolls sideways")
                page.context.close()
    finally:
        set_locale(host, None)
    assert problems == [], "\n".join(problems)


def gate_problems(page: Page, where: str) -> list[str]:
    """What is wrong with a set-up or sign-in page as shown: English left, axe, sideways."""
    problems = []
    english = sorted({t for t in page.evaluate(CHROME_TEXT) if ENGLISH_ONLY.search(t)})
    if english:
        problems.append(f"{where} still says: {english}")
    try:
        check_axe(page)
    except AssertionError as error:
        problems.append(f"{where}: {error}")
    if sideways_scroll(page) > 0:
        problems.append(f"{where} scrolls sideways")
    problems += picker_misalignment(page, where)
    return problems


def picker_misalignment(page: Page, where: str) -> list[str]:
    """The language list must sit in line with the page's card: its right edge on the
    card's, never past either edge; at phone width its left edge on the card's too (a
    narrower list there leaves its label hanging in the air above the card)."""
    picker = page.locator("helio-language-picker sl-select").bounding_box()
    card = page.locator("helio-setup-page, helio-signin-page").bounding_box()
    assert picker and card, f"{where}: no language list or card on screen"
    left, right = picker["x"], picker["x"] + picker["width"]
    card_left, card_right = card["x"], card["x"] + card["width"]
    lined_up = abs(right - card_right) <= 1 and left >= card_left - 1
    if page.viewport_size and page.viewport_size["width"] < 600:
        lined_up = lined_up and abs(left - card_left) <= 1
    if lined_up:
        return []
    return [
        f"{where}: the language list spans {left:.0f}-{right:.0f} px, "
        f"the card {card_left:.0f}-{card_right:.0f} px"
    ]


def pick_language(page: Page, code: str) -> None:
    """Choose a language in the gate's list, by the language's own name, as a visitor does."""
    page.locator("helio-language-picker sl-select").click()
    page.get_by_role("option", name=CATALOGUES[code]["language.name"], exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", code)


@pytest.mark.browser
@pytest.mark.parametrize(("code", "language"), [("fr", "fr-CA"), ("de", "de-AT")])
def test_the_set_up_page_follows_the_browsers_language(
    open_in: Any, fresh_host: HostProcess, code: str, language: str
) -> None:
    # A fresh host's `locale` is "en" and no one can change it before an account exists.
    with fresh_host.client() as anon:
        assert anon.get("/api/configLocale").json()["locale"] == "en"
    problems: list[str] = []
    for look in LOOKS:
        page = open_in("", look, language, signed_in=False, target=fresh_host)
        expect(page.locator("#title")).to_have_text(CATALOGUES[code]["setup.title"])
        assert page.evaluate("document.documentElement.lang") == code
        # The list shows the language in use, by its own name.
        expect(page.locator("helio-language-picker sl-select")).to_have_attribute("value", code)
        shot(page, f"setup-{code}")
        problems += gate_problems(page, f"set-up in {code} at {look.viewport} {look.scheme}")
        page.context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.browser
def test_the_visitors_pick_on_the_set_up_page_applies_at_once_and_is_kept(
    open_in: Any, fresh_host: HostProcess
) -> None:
    page = open_in("", LOOKS[0], "en-US", signed_in=False, target=fresh_host)
    expect(page.locator("#title")).to_have_text(CATALOGUES["en"]["setup.title"])
    pick_language(page, "de")
    expect(page.locator("#title")).to_have_text(CATALOGUES["de"]["setup.title"])
    expect(page.get_by_label(CATALOGUES["de"]["signin.username"])).to_be_visible()
    page.reload()  # kept in this browser: the next visit opens in German
    expect(page.locator("#title")).to_have_text(CATALOGUES["de"]["setup.title"])
    assert page.evaluate("document.documentElement.lang") == "de"
    # The console goes on in German once the account exists: the pick became the setting.
    de = CATALOGUES["de"]
    page.get_by_label(de["signin.username"]).fill("admin")
    page.get_by_label(de["signin.password"], exact=True).fill("pw-123456")
    page.get_by_label(de["setup.confirm"]).fill("pw-123456")
    page.get_by_role("button", name=de["setup.submit"]).click()
    expect(page.locator("#who")).to_have_text("admin")
    expect(page.get_by_role("heading", level=1)).to_have_text(de["route.dashboard"])
    with fresh_host.client(auth=("admin", "pw-123456")) as admin:
        assert admin.get("/api/config").json()["locale"] == "de"


@pytest.mark.browser
@pytest.mark.parametrize("code", ["fr", "de"])
def test_the_sign_in_page_speaks_the_visitors_pick_in_every_look(
    open_in: Any, host: HostProcess, code: str
) -> None:
    problems: list[str] = []
    for look in LOOKS:
        page = open_in("", look, "en-US", signed_in=False)
        expect(page.locator("#title")).to_have_text(CATALOGUES["en"]["signin.title"])
        pick_language(page, code)
        expect(page.locator("#title")).to_have_text(CATALOGUES[code]["signin.title"])
        shot(page, f"signin-picked-{code}")
        problems += gate_problems(page, f"sign-in in {code} at {look.viewport} {look.scheme}")
        page.context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.browser
def test_once_signed_in_the_hosts_setting_decides_again(open_in: Any, host: HostProcess) -> None:
    set_locale(host, "fr")
    try:
        page = open_in("", LOOKS[0], "en-US", signed_in=False)
        expect(page.locator("#title")).to_have_text(CATALOGUES["fr"]["signin.title"])
        pick_language(page, "de")  # the visitor's pick, before signing in
        page.get_by_label(CATALOGUES["de"]["signin.username"]).fill(ADMIN[0])
        page.get_by_label(CATALOGUES["de"]["signin.password"], exact=True).fill(ADMIN[1])
        page.get_by_role("button", name=CATALOGUES["de"]["signin.submit"]).click()
        expect(page.locator("#who")).to_have_text(ADMIN[0])
        expect(page.locator("html")).to_have_attribute("lang", "fr")  # the host's setting
        expect(page.locator("helio-language-picker")).to_have_count(0)
    finally:
        set_locale(host, None)


@pytest.mark.browser
def test_saving_the_locale_setting_applies_it_at_once(open_in: Any, host: HostProcess) -> None:
    try:
        page = open_in("settings", LOOKS[0], "en-US")
        expect(page.locator("section.card h2").first).to_have_text("Network")
        page.locator("sl-select[data-setting=locale]").click()
        page.get_by_role("option", name="Deutsch", exact=True).click()
        page.get_by_role("button", name="Save changes").click()
        # No reload: the shell decides again and the page renders its words in German.
        expect(page.locator("section.card h2").first).to_have_text("Netzwerk")
        assert page.evaluate("document.documentElement.lang") == "de"
    finally:
        set_locale(host, None)


def test_every_refusal_code_the_host_sends_has_its_words_in_the_catalogue() -> None:
    # The host names the rule it refused by (`code`, host/core/schema.py and the auth
    # handlers); the console words it from `error.<code>` in each locale.
    sent = set()
    for source in (ROOT / "host").rglob("*.py"):
        sent |= set(re.findall(r'"((?:schema|auth)\.[a-z_]+)"', source.read_text()))
    assert {"schema.min_length", "auth.bad_credentials"} <= sent
    assert sorted(code for code in sent if f"error.{code}" not in CATALOGUES["en"]) == []


@pytest.mark.browser
@pytest.mark.parametrize("code", ["fr", "de"])
def test_the_hosts_refusals_speak_the_locale(open_in: Any, host: HostProcess, code: str) -> None:
    # The host's sentences are English; the console words a refusal from its code.
    set_locale(host, code)
    words = CATALOGUES[code]
    try:
        page = open_in("", LOOKS[0], "en-US", signed_in=False)
        page.locator("sl-input[name=username] input").fill(ADMIN[0])
        page.locator("sl-input[name=password] input").fill("not-the-password")
        page.locator("sl-input[name=password] input").press("Enter")
        expect(page.locator("helio-error .message")).to_have_text(
            words["error.auth.bad_credentials"]
        )
        shot(page, f"signin-refused-{code}")
        page.context.close()

        page = open_in("account", LOOKS[3], "en-US")
        page.locator("sl-input[name=currentPassword] input").fill("not-the-password")
        for name in ("newPassword", "confirmNewPassword"):
            page.locator(f"sl-input[name={name}] input").fill("a-much-longer-passphrase")
        page.locator("sl-button[type=submit]").click()
        expect(page.locator("[data-field-error=currentPassword]")).to_have_text(
            words["error.auth.wrong_current"]
        )
        shot(page, f"account-wrong-current-{code}")
        check_axe(page)
    finally:
        set_locale(host, None)


@pytest.mark.browser
@pytest.mark.parametrize("code", ["fr", "de"])
def test_a_failed_codec_probe_is_told_in_the_locale_with_the_hosts_words_marked_english(
    open_in: Any, host: HostProcess, code: str
) -> None:
    # The host's diagnostic is English text from the probe: the card says what happened in
    # the console's language and keeps the host's words, marked lang="en", for a search
    # or a bug report.
    detail = "No usable video encoder: the NVIDIA driver did not answer and no encoder is on PATH"

    def failed_probe(route: Any) -> None:
        answer = route.fetch()
        meta = answer.json()
        meta["codec"] = {"state": "failed", "encoders": [], "error": detail}
        route.fulfill(response=answer, json=meta)

    set_locale(host, code)
    try:
        for look in LOOKS:  # every look: the card is new in each
            page = open_in("", look, "en-US")
            page.route("**/api/metadata", failed_probe)
            page.reload()
            expect(page.locator("#codec-state")).to_have_attribute("data-state", "failed")
            expect(page.locator("#codec-error")).to_have_text(CATALOGUES[code]["dash.codec.none"])
            expect(page.locator("#codec-detail")).to_have_attribute("lang", "en")
            expect(page.locator("#codec-detail")).to_have_text(detail)
            english = sorted({t for t in page.evaluate(CHROME_TEXT) if ENGLISH_ONLY.search(t)})
            assert english == [], english
            page.locator("#codec-title").scroll_into_view_if_needed()
            page.get_by_text(CATALOGUES[code]["dash.codec.hostDetail"]).click()
            expect(page.locator("#codec-detail")).to_be_visible()
            shot(page, f"dashboard-codec-failed-{code}")
            check_axe(page)
            assert sideways_scroll(page) == 0
            page.context.close()
    finally:
        set_locale(host, None)
