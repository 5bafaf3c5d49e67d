"""The flagship demo in headless Chromium, from the built site: the Helio console against
the Helio host running in the page's service worker, under a subpath, with no backend.

Screenshots of each step: build/screenshots/flagship-*.png.
"""

from __future__ import annotations

import base64
import json
import re
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.waiting import BROWSER_WAIT_MS, wait_for, wait_until_settled
from tests.web.dialogs import dialog_named

from .conftest import (
    BOOT_MS,
    PASSWORD,
    REPO,
    SCREENSHOTS,
    USERNAME,
    Flagship,
    shot,
    shot_looks,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HOST = "https://host:47990"
CONSOLE = "/demos/host/console/"
LANDING = "/demos/host/"

# A call to the host's address from a demo page: the page script and the worker send it
# to the page's own service worker, which runs the host.
_CALL = """async ([url, method, body, token, csrf]) => {
  const headers = {"content-type": "application/json"};
  if (token) headers.authorization = "Bearer " + token;
  if (csrf) headers["x-csrf-token"] = csrf;
  const response = await fetch(url, {method, headers,
    body: body === null ? undefined : JSON.stringify(body)});
  return {status: response.status, body: await response.json()};
}"""


# A query panel of the landing page, run once Python answers (it boots on first use). No
# count of tries: a loaded machine boots late, not never; pytest-timeout bounds a hang.
RUN_PANEL = """([service, sql]) => customElements.whenDefined('demo-query-panel').then(async () => {
  const panel = document.querySelector(`demo-query-panel[service=${service}]`);
  while (!(await panel.run('SELECT 1;'))) await new Promise((r) => setTimeout(r, 200));
  panel.sql = sql; return panel.run(); })"""


def call(page: Any, method: str, path: str, body: Any = None, tokens: Any = None) -> Any:
    token, csrf = (tokens["access_token"], tokens["csrf_token"]) if tokens else (None, None)
    return page.evaluate(_CALL, [HOST + path, method, body, token, csrf])


def sign_in_by_api(page: Any) -> Any:
    answer = call(page, "POST", "/api/auth/login", {"username": USERNAME, "password": PASSWORD})
    assert answer["status"] == 200, answer
    return answer["body"]


def console_tokens(page: Any) -> Any:
    """The tokens this page's console keeps in bearer mode (web/src/api.js: one key per
    API and console folder)."""
    key = f"helio-auth {HOST}{page.evaluate('new URL(document.baseURI).pathname')}"
    stored = page.evaluate("(key) => sessionStorage.getItem(key) ?? localStorage.getItem(key)", key)
    assert stored, "the console kept no tokens"

    data = json.loads(stored)
    return {"access_token": data["access"], "csrf_token": data["csrf"]}


def open_console(flagship: Flagship, path: str = CONSOLE) -> Any:
    page = flagship.context.new_page()
    page.goto(flagship.server.url + path)
    return page


USERNAME_FIELD = "helio-signin-page sl-input[name=username] input"


def sign_in(page: Any) -> None:
    """Through the console's own sign-in page."""
    page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
    page.locator(USERNAME_FIELD).fill(USERNAME)
    page.locator("helio-signin-page sl-input[name=password] input").fill(PASSWORD)
    page.locator("helio-signin-page sl-button[type=submit]").click()
    page.locator("#who").wait_for(timeout=BROWSER_WAIT_MS)


def test_the_console_signs_in_and_shows_the_dashboard(flagship: Flagship) -> None:
    page = open_console(flagship)
    page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
    shot(page, "1-sign-in")
    sign_in(page)
    assert page.locator("#who").inner_text().strip() == USERNAME
    page.locator("nav.side").wait_for()
    # The console's own view of the host: signed in over the demo host's address.
    status = call(page, "GET", "/api/auth/status", None, console_tokens(page))["body"]
    assert status["authenticated"] is True and status["method"] == "session"
    shot(page, "2-dashboard")
    # Bearer mode: nothing was set as a cookie (a worker cannot), the tokens are kept.
    assert flagship.context.cookies() == []
    assert console_tokens(page)["access_token"]
    page.close()


def nav(page: Any, title: str) -> None:
    page.locator("nav.side").get_by_role("link", name=title, exact=True).click()


def add_app_in_console(page: Any, name: str, command: str) -> None:
    """Through the console's Applications page, as a visitor would."""
    nav(page, "Applications")
    page.locator("helio-apps-page li[data-uuid]").first.wait_for(
        timeout=BROWSER_WAIT_MS
    )  # the seed
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.get_by_label("Name", exact=True).fill(name)
    dialog.get_by_label("Command", exact=True).fill(command)
    shot(page, "3a-add-app")
    dialog.get_by_role("button", name="Add application").click()
    dialog.wait_for(state="detached")
    page.locator("helio-apps-page li[data-uuid]").filter(has_text=name).wait_for()


def test_a_visitors_changes_survive_reload_and_a_stopped_worker(flagship: Flagship) -> None:
    page = open_console(flagship)
    sign_in(page)
    name = f"Hades {uuid.uuid4().hex[:6]}"
    add_app_in_console(page, name, "hades --fullscreen")
    shot(page, "3b-app-added")

    # A token, through the console's tokens page.
    nav(page, "API tokens")
    # Picked in words: "Applications: see".
    apps = page.locator("helio-tokens-page fieldset[data-group=apps]")
    apps.locator("sl-checkbox[data-action=see]").click()
    page.locator("helio-tokens-page #create-token").click()
    page.get_by_text("Copy it now: it is shown only once.").wait_for()
    page.keyboard.press("Escape")
    rows = page.locator("helio-tokens-page #tokens tbody tr")
    rows.first.wait_for()
    hashes = rows.evaluate_all("rows => rows.map((r) => r.dataset.hash)")
    assert len(hashes) >= 1

    # A setting, through the console's settings page.
    nav(page, "Settings")
    field = page.locator('helio-settings-form sl-input[data-setting="login_max_failures"] input')
    field.wait_for()
    assert field.input_value() == "10"  # the default
    field.fill("12")
    page.locator("helio-settings-form sl-button[type=submit]").click()
    page.get_by_text("Saved 1 setting.").wait_for()
    shot(page, "3c-changes-made")

    # Reload the deep link (the build wrote console/settings/index.html for a static
    # host), then open the console's root again with the worker stopped.
    assert page.url.endswith(CONSOLE + "settings")
    page.reload()
    field.wait_for(timeout=BOOT_MS)
    assert field.input_value() == "12"
    flagship.stop_workers()
    page.goto(flagship.server.url + CONSOLE)
    page.locator("#who").wait_for(timeout=BOOT_MS)  # still signed in: the session was saved
    nav(page, "Settings")
    field.wait_for(timeout=BOOT_MS)
    assert field.input_value() == "12"
    shot(page, "4a-after-stopped-worker")
    nav(page, "API tokens")
    rows.first.wait_for()
    assert set(hashes) <= set(rows.evaluate_all("rows => rows.map((r) => r.dataset.hash)"))
    nav(page, "Applications")
    page.locator("helio-apps-page li[data-uuid]").filter(has_text=name).wait_for(
        timeout=BROWSER_WAIT_MS
    )
    shot(page, "4b-app-after-stopped-worker")
    page.close()


def test_a_simulated_device_pairs_with_its_pin_typed_in_the_console(flagship: Flagship) -> None:
    landing = flagship.open(LANDING)
    device = f"Living room TV {uuid.uuid4().hex[:4]}"
    landing.fill("#pair-form input[name=name]", device)
    landing.click("#pair-form button[type=submit]")
    pin = landing.locator("#device-pin")
    pin.wait_for(timeout=BOOT_MS)
    shown = pin.inner_text()
    assert len(shown) == 4 and shown.isdigit()
    shot(landing, "5a-device-shows-pin")

    # The visitor types the PIN on the console's Devices & pairing page.
    page = open_console(flagship)
    sign_in(page)
    nav(page, "Devices & pairing")
    request = page.locator("helio-devices-page [data-request]").filter(has_text=device)
    request.wait_for(timeout=BROWSER_WAIT_MS)
    request.get_by_label("PIN", exact=True).fill(shown)
    request.get_by_label("Name this device").fill("TV")
    shot(page, "5b-pin-typed")
    request.get_by_role("button", name="Pair").click()
    card = page.locator("helio-devices-page [data-client]").filter(has_text="TV")
    card.first.wait_for(timeout=BROWSER_WAIT_MS)
    request.wait_for(state="detached")
    shot(page, "5c-paired")

    # The simulated device starts streaming: the dashboard lists it.
    nav(page, "Dashboard")
    stream = page.locator("helio-dashboard-page #streams tr[data-device]").filter(has_text="TV")
    stream.wait_for(timeout=BROWSER_WAIT_MS)
    hostname = page.locator("helio-dashboard-page #hostname").inner_text()
    assert hostname == "Helio demo (in your browser)"  # not Pyodide's "emscripten"
    shot(page, "5d-dashboard-stream")

    # The landing page shows the paired device's live hardware metrics.
    usage = landing.locator("#metric-list [data-metric=gpu_usage_percent] dd")
    usage.wait_for(timeout=BROWSER_WAIT_MS)
    first_note = landing.locator("#metric-note").inner_text()
    assert "Simulated GPU" in first_note
    wait_for(  # live: new samples
        lambda: landing.locator("#metric-note").inner_text() != first_note,
        "the landing page's metrics to refresh",
    )
    shot(landing, "5e-paired-device-metrics")
    landing.close()
    page.close()


def test_the_landing_pages_own_steps_pair_in_one_tab(flagship: Flagship) -> None:
    """Ask to pair, open the console in the same tab, type the PIN: the device (in the
    worker, not the landing page) pairs, the console says so, and leads back home."""
    page = flagship.open(LANDING)
    device = f"Den TV {uuid.uuid4().hex[:4]}"
    page.fill("#pair-form input[name=name]", device)
    page.click("#pair-form button[type=submit]")
    pin = page.locator("#device-pin")
    pin.wait_for(timeout=BOOT_MS)
    shown = pin.inner_text()
    page.click("#open-console")  # the landing page (and its polling) is gone
    sign_in(page)
    nav(page, "Devices & pairing")
    request = page.locator("helio-devices-page [data-request]").filter(has_text=device)
    request.wait_for(timeout=BROWSER_WAIT_MS)
    request.get_by_label("PIN", exact=True).fill(shown)
    request.get_by_role("button", name="Pair").click()
    outcome = page.locator("helio-devices-page [data-outcome=paired]")
    outcome.wait_for(timeout=BROWSER_WAIT_MS)
    assert f"{device} is paired" in outcome.inner_text()
    page.locator("helio-devices-page [data-client]").filter(has_text=device).wait_for()
    shot_looks(page, "pairing-one-tab-paired")
    page.locator("#home-link").click()
    page.locator("#pair-form").wait_for(timeout=BOOT_MS)
    assert page.url.rstrip("/").endswith(LANDING.rstrip("/"))
    # The live host wrote the pairing and the stream it started into the history the
    # landing page's panel reads.
    sql = "SELECT at, event, device FROM host_events ORDER BY id DESC LIMIT 2;"
    history = page.evaluate(RUN_PANEL, ["history", sql])
    assert history["ok"], history
    started, paired = history["result"][0]["values"]
    assert paired[1:] == ["device paired", device] and _recent(paired[0])
    assert started[1:] == ["stream started", device] and _recent(started[0])
    page.close()


SQLITE_UTC = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def _run_first_example(page: Any, service: str, marker: str) -> tuple[Any, list[str], list[Any]]:
    """Run the landing page's `service` panel on its first example (the text holding
    `marker`, filled in as the panel starts), as a visitor does: the panel, its result's
    columns, and its rows as {column: text}."""
    panel = page.locator(f"demo-query-panel[service={service}]")
    run = panel.locator("button.primary")
    run.wait_for(timeout=BOOT_MS)
    editor = panel.locator(".editor")
    wait_for(lambda: marker in editor.inner_text(), f"the {service} panel's first example")
    wait_for(lambda: run.is_enabled(), f"the {service} panel to be ready")
    run.click()
    table = panel.locator("table")
    table.wait_for(timeout=BROWSER_WAIT_MS)
    columns = table.locator("thead th").all_inner_texts()
    rows = [
        dict(zip(columns, tr.locator("td").all_inner_texts(), strict=True))
        for tr in table.locator("tbody tr").all()
    ]
    return panel, columns, rows


# The metrics seed (fixtures/host-demo/metrics/seed.sql): one GPU, a row a minute.
METRICS_SEED = REPO / "fixtures" / "host-demo" / "metrics" / "seed.sql"
SEED_GPU = "NVIDIA GeForce RTX 4070"


def _seeded_streaming() -> int:
    """The seed's minutes with a stream on, read from the seed itself."""
    return sum(
        line.rstrip().endswith("TRUE),") or line.rstrip().endswith("TRUE);")
        for line in METRICS_SEED.read_text().splitlines()
    )


def _recent(at: str) -> bool:
    """`at` reads as a date (UTC, as SQLite writes it) and is this test run's, not the seed's."""
    stamp = datetime.strptime(at, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    return SQLITE_UTC.match(at) is not None and abs(datetime.now(UTC) - stamp) < timedelta(hours=1)


def test_the_history_panel_reads_what_the_visitor_did_on_the_live_host(
    flagship: Flagship,
) -> None:
    """Launch and close a game in the console, go back to the landing page, run the
    history panel's first query: the host wrote both events, dated now."""
    page = open_console(flagship)
    sign_in(page)
    nav(page, "Applications")
    row = page.locator("helio-apps-page li[data-uuid]").filter(has_text="Celeste")
    row.wait_for(timeout=BROWSER_WAIT_MS)
    row.get_by_role("button", name="Launch").click()
    row.get_by_role("button", name="Close").wait_for(timeout=BROWSER_WAIT_MS)
    row.get_by_role("button", name="Close").click()
    row.get_by_role("button", name="Launch").wait_for(timeout=BROWSER_WAIT_MS)

    page.locator("#home-link").click()
    panel, columns, rows = _run_first_example(page, "history", "FROM host_events")
    assert columns == ["at", "event", "what", "ran_s"]
    closed, launched = rows[0], rows[1]  # newest first
    assert (closed["event"], closed["what"]) == ("app closed", "Celeste")
    assert (launched["event"], launched["what"]) == ("app launched", "Celeste")
    assert _recent(closed["at"]) and _recent(launched["at"]), rows[:2]
    assert closed["ran_s"].isdigit()
    panel.scroll_into_view_if_needed()
    shot_looks(page, "history-live")
    panel.screenshot(path=str(SCREENSHOTS / "flagship-history-panel.png"))  # for the docs

    # Kept in this browser like the rest of the database: a stopped worker restores it.
    flagship.stop_workers()
    page.reload()
    kept = page.evaluate(RUN_PANEL, ["history", "SELECT at FROM host_events ORDER BY id DESC;"])
    assert kept["ok"] and kept["result"][0]["values"][0] == [closed["at"]], kept
    page.close()


def test_the_metrics_panel_reads_the_samples_of_the_live_host(flagship: Flagship) -> None:
    """Watch the console's Hardware metrics page, go back to the landing page, run the
    metrics panel's first query: the samples the live host took are there, dated now."""
    page = open_console(flagship)
    sign_in(page)
    page.locator("nav.side").get_by_role("link", name="Hardware metrics").click()
    raw = page.locator("helio-metrics-page #raw")
    raw.wait_for(state="attached", timeout=BROWSER_WAIT_MS)
    page.locator("helio-metrics-page [data-metric]").first.wait_for(timeout=BROWSER_WAIT_MS)
    first = raw.text_content()
    wait_for(lambda: raw.text_content() != first, "a second sample")
    shown = json.loads(raw.text_content() or "{}")["gpus"][0]["metrics"]

    page.locator("#home-link").click()
    panel, columns, rows = _run_first_example(page, "metrics", "Simulated GPU")
    assert columns == ["sampled_at", "gpu_pct", "gpu_c", "watts", "streaming"]
    assert len(rows) >= 2, rows
    assert all(_recent(row["sampled_at"]) for row in rows)  # the live GPU's, dated now
    assert rows[0]["sampled_at"] > rows[1]["sampled_at"]  # newest first, a second apart at least
    # The page showed one of these very samples.
    seen = {(float(row["gpu_pct"]), float(row["gpu_c"])) for row in rows}
    assert (shown["gpu_usage_percent"], shown["gpu_temperature_c"]) in seen, (shown, rows)
    panel.scroll_into_view_if_needed()
    shot_looks(page, "metrics-live")
    panel.screenshot(path=str(SCREENSHOTS / "flagship-metrics-panel.png"))  # for the docs

    # Kept in this browser like the rest of the database: a stopped worker restores it.
    flagship.stop_workers()
    page.reload()
    newest = "SELECT max(sampled_at)::text AS at FROM samples s JOIN gpus g ON g.id = s.gpu_id"
    kept = page.evaluate(RUN_PANEL, ["metrics", newest + " WHERE g.name = 'Simulated GPU';"])
    assert kept["ok"], kept
    assert kept["result"][0]["rows"][0]["at"] == rows[0]["sampled_at"], kept
    page.close()


def test_logs_show_the_demo_hosts_own_log_and_apps_raise_no_console_error(
    flagship: Flagship,
) -> None:
    """The worker keeps the host's log: a wrong PIN typed in the console is there."""
    page = flagship.open(LANDING)
    device = f"Typo TV {uuid.uuid4().hex[:4]}"
    page.fill("#pair-form input[name=name]", device)
    page.click("#pair-form button[type=submit]")
    page.locator("#device-pin").wait_for(timeout=BOOT_MS)
    wrong = "0000" if page.locator("#device-pin").inner_text() != "0000" else "1111"
    page.click("#open-console")
    sign_in(page)
    nav(page, "Devices & pairing")
    request = page.locator("helio-devices-page [data-request]").filter(has_text=device)
    request.wait_for(timeout=BROWSER_WAIT_MS)
    request.get_by_label("PIN", exact=True).fill(wrong)
    request.get_by_role("button", name="Pair").click()
    page.locator("helio-devices-page [data-outcome=wrong_pin]").wait_for(timeout=BROWSER_WAIT_MS)
    nav(page, "Logs & troubleshooting")
    log = page.get_by_role("log", name="Host log")
    log.filter(has_text=f"from {device}").filter(has_text="failed: wrong PIN").wait_for(
        timeout=BROWSER_WAIT_MS
    )
    shot_looks(page, "logs-demo-host")
    seen = len(flagship.log)
    nav(page, "Applications")
    page.locator("helio-apps-page li[data-uuid]").first.wait_for(timeout=BROWSER_WAIT_MS)
    loaded(page)  # what loads after the list
    errors = [line for line in flagship.log[seen:] if line.startswith("error:")]
    assert errors == [], errors
    page.close()


def test_displays_helpers_and_integrations_show_the_simulated_pc(flagship: Flagship) -> None:
    """The demo host's simulated PC fills the pages a browser tab has nothing for, each
    saying it is simulated; synced games bring their covers, with no console error."""
    page = open_console(flagship)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page)
    seen = len(flagship.log)

    nav(page, "Displays")
    outputs = page.locator("helio-displays-page article[data-device]")
    outputs.nth(1).wait_for(timeout=BROWSER_WAIT_MS)
    assert outputs.count() == 2
    assert "Simulated 27in" in outputs.first.inner_text()
    assert "Virtual" in outputs.nth(1).inner_text()
    simulated = page.locator("helio-displays-page #displays-simulated")  # the host's answer says so
    assert simulated.inner_text().startswith("Simulated:")
    # The host's own words about its platform stay reachable, in the line's title.
    assert "simulated in the browser demo" in (simulated.get_attribute("title") or "")
    outputs.first.locator("sl-details").click()  # the monitor's EDID modes
    outputs.first.get_by_role("cell", name="2560 × 1440").first.wait_for()
    shot_looks(page, "displays-simulated")

    nav(page, "Helpers")
    mangohud = page.locator("helio-helpers-page [data-group=overlay] li[data-tool=mangohud]")
    mangohud.filter(has_text="Found").wait_for(timeout=BROWSER_WAIT_MS)
    assert "simulated-pc" in mangohud.inner_text()
    simulated = page.locator("helio-helpers-page #helpers-simulated")  # from the host's answers
    simulated.wait_for(timeout=BROWSER_WAIT_MS)
    assert simulated.inner_text().startswith("Simulated:")
    hdr = page.locator("helio-helpers-page [data-group=hdr]")
    hdr.get_by_role("button", name="Register as implicit layer").click()
    hdr.locator(".badge").filter(has_text=re.compile(r"^\s*Registered\s*$")).wait_for(
        timeout=BROWSER_WAIT_MS
    )
    page.evaluate("window.scrollTo(0, 0)")  # the click scrolled: full-page shots from the top
    shot_looks(page, "helpers-simulated")

    nav(page, "Integrations")
    steam = page.locator("helio-integrations-page [data-library=storefront]")
    steam.locator("tr[data-game]").nth(2).wait_for(timeout=BROWSER_WAIT_MS)
    assert "(simulated)" in steam.locator("tr[data-game]").first.inner_text()
    assert "simulated-pc/bin/steam" in steam.locator(".facts").inner_text()
    simulated = page.locator("helio-integrations-page #integrations-simulated")
    assert simulated.inner_text().startswith("Simulated:")
    lutris = page.locator("helio-integrations-page [data-library=libmgr]")
    lutris.locator("tr[data-game]").filter(has_text="Lighthouse Keeper").wait_for()
    steam.get_by_role("button", name="Sync to applications").click()
    steam.locator("[data-count]").wait_for()
    page.get_by_text("2 new").first.wait_for(timeout=BROWSER_WAIT_MS)
    shot_looks(page, "integrations-simulated")

    nav(page, "Applications")
    synced = page.locator("helio-apps-page li[data-uuid]").filter(has_text="Starfall Courier")
    synced.locator("img.cover").wait_for(timeout=BROWSER_WAIT_MS)
    wait_for(
        lambda: synced.locator("img.cover").evaluate("(img) => img.complete && img.naturalWidth"),
        "the synced game's cover to load",
    )
    shot_looks(page, "apps-synced-covers")
    console_errors = [line for line in flagship.log[seen:] if line.startswith("error:")]
    assert (console_errors, errors) == ([], [])
    page.close()


def test_an_app_whose_cover_is_missing_raises_no_console_error(flagship: Flagship) -> None:
    """An app naming an image that is not there shows its letter, and the console stays
    clean (a failed load is an error a visitor sees in the developer tools)."""
    page = open_console(flagship)
    sign_in(page)
    tokens = console_tokens(page)
    name = f"No cover {uuid.uuid4().hex[:4]}"
    added = call(page, "POST", "/api/apps", {"name": name, "image-path": "gone.png"}, tokens)
    assert added["status"] == 200, added
    seen = len(flagship.log)
    nav(page, "Applications")
    row = page.locator("helio-apps-page li[data-uuid]").filter(has_text=name)
    row.locator(".cover").wait_for(timeout=BROWSER_WAIT_MS)
    page.wait_for_load_state("networkidle")
    errors = [line for line in flagship.log[seen:] if line.startswith("error:")]
    assert errors == [], errors
    assert row.locator("img.cover").count() == 0
    page.close()


def test_the_console_shows_the_simulated_hardware_metrics_live(flagship: Flagship) -> None:
    page = open_console(flagship)
    sign_in(page)
    page.locator("nav.side").get_by_role("link", name="Hardware metrics").click()
    raw = page.locator("helio-metrics-page #raw")
    raw.wait_for(
        state="attached", timeout=BROWSER_WAIT_MS
    )  # the raw JSON sits in a closed <details>
    page.locator("helio-metrics-page [data-metric]").first.wait_for(timeout=BROWSER_WAIT_MS)
    first = raw.text_content()
    assert "Simulated GPU" in first
    wait_for(  # the page polls; the sampler moves with the clock
        lambda: raw.text_content() != first, "the console's metrics to refresh"
    )
    shot(page, "5b-console-metrics")
    page.close()


def test_reset_restores_the_seed(flagship: Flagship) -> None:
    page = flagship.open(LANDING)
    tokens = sign_in_by_api(page)
    call(page, "POST", "/api/apps", {"name": "Before reset"}, tokens)
    call(page, "PATCH", "/api/config", {"login_max_failures": 12}, tokens)
    assert call(page, "POST", "/api/apps/launch", {"id": 1}, tokens)["status"] == 200
    assert call(page, "POST", "/api/apps/close", None, tokens)["status"] == 200
    events = "SELECT count(*) AS n FROM host_events;"
    assert page.evaluate(RUN_PANEL, ["history", events])["result"][0]["values"][0][0] >= 5
    page.locator("demo-controls #reset").click()
    page.locator("demo-controls #reset-confirm").click()
    page.get_by_text("Reset to the seed data: host, history, metrics.").wait_for(
        timeout=BROWSER_WAIT_MS
    )
    shot(page, "6-reset")
    revoked = call(page, "GET", "/api/apps", None, tokens)
    assert revoked["status"] == 401  # the session was part of what reset forgot
    fresh = sign_in_by_api(page)
    apps = call(page, "GET", "/api/apps", None, fresh)["body"]["apps"]
    assert [a["name"] for a in apps] == ["Desktop", "Steam Big Picture", "Celeste"]
    config = call(page, "GET", "/api/config", None, fresh)["body"]
    assert config["login_max_failures"] == 10 and config["hardware_metrics"] is True
    assert call(page, "GET", "/api/tokens", None, fresh)["body"]["tokens"] == []
    # What the host wrote into its history is forgotten too: the seed's 3 events.
    assert page.evaluate(RUN_PANEL, ["history", events])["result"] == [
        {"columns": ["n"], "values": [[3]]}
    ]
    page.close()


def test_two_demos_on_one_origin_stay_apart(flagship: Flagship) -> None:
    a = flagship.open(LANDING)
    b = flagship.open("/demos/host-b/")
    name = f"Only in B {uuid.uuid4().hex[:6]}"
    b_tokens = sign_in_by_api(b)
    assert call(b, "POST", "/api/apps", {"name": name}, b_tokens)["status"] == 200
    a_tokens = sign_in_by_api(a)
    a_apps = [x["name"] for x in call(a, "GET", "/api/apps", None, a_tokens)["body"]["apps"]]
    b_apps = [x["name"] for x in call(b, "GET", "/api/apps", None, b_tokens)["body"]["apps"]]
    assert name in b_apps and name not in a_apps
    # A session of one demo means nothing to the other.
    assert call(a, "GET", "/api/apps", None, b_tokens)["status"] == 401
    a.close()
    b.close()


@pytest.mark.parametrize(
    ("width", "height", "scheme"),
    [(1280, 800, "light"), (390, 844, "dark")],
    ids=["desktop-light", "phone-dark"],
)
def test_the_landing_page_reads_well_and_passes_axe(
    flagship: Flagship, width: int, height: int, scheme: str
) -> None:
    from tests.web.conftest import check_axe

    page = flagship.context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    page.goto(flagship.server.url + LANDING)
    page.evaluate("helioDemo.ready")
    # A gamer first: what Helio is and what to try, before how the demo is built.
    assert page.locator("h1").inner_text() == "Play your PC games on any screen"
    lead = page.locator("#what-helio-is").inner_text()
    assert "Moonlight" in lead and "Pyodide" not in lead and "service worker" not in lead
    order = page.evaluate(
        "[...document.querySelectorAll('#try, #devices-title, #queries-title, #how-it-works')]"
        ".map((e) => e.id)"
    )
    assert order == ["try", "devices-title", "queries-title", "how-it-works"]
    assert page.locator("#demo-username").inner_text() == USERNAME
    assert page.locator("#demo-password").inner_text() == PASSWORD
    history = page.evaluate(RUN_PANEL, ["history", "SELECT count(*) AS n FROM play_sessions;"])
    assert history["ok"] and history["result"] == [{"columns": ["n"], "values": [[60]]}]
    # The seed's GPU only: the live host adds samples of its own while other tests stream.
    seeded = "SELECT count(*) AS minutes FROM samples s JOIN gpus g ON g.id = s.gpu_id"
    metrics = page.evaluate(
        RUN_PANEL, ["metrics", f"{seeded} WHERE streaming AND g.name = '{SEED_GPU}';"]
    )
    assert metrics["ok"] and metrics["result"][0]["rows"] == [{"minutes": _seeded_streaming()}]
    page.locator("demo-fixture-explorer").get_by_text("/api/apps").first.wait_for()
    # No horizontal scrolling at phone width: the page fits.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, f"0-landing-{scheme}-{width}")
    check_axe(page)
    failed = page.evaluate(RUN_PANEL, ["history", "SELECT nope FROM nowhere;"])
    assert not failed["ok"] and failed["error"] == "no such table: nowhere"
    page.close()


# Every page of the console's one route table.
def loaded(page: Any) -> None:
    """Until the page's own requests have answered and what they show is drawn: no
    request for half a second, no loading indicator left, transitions ended."""
    page.wait_for_load_state("networkidle")
    expect(page.locator("helio-loading")).to_have_count(0)
    wait_until_settled(page)


ROUTES = [
    route["title"]
    for route in json.loads((REPO / "web" / "src" / "routes.json").read_text())["routes"]
]


def test_every_console_page_loads_in_the_flagship(flagship: Flagship) -> None:
    page = open_console(flagship)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page)
    problems: dict[str, Any] = {}
    for title in ROUTES:
        nav(page, title)
        heading = title.split(" ")[0]  # "Devices & pairing" is headed "Devices and pairing"
        page.locator("h1#page-title").filter(has_text=heading).first.wait_for(
            timeout=BROWSER_WAIT_MS
        )
        loaded(page)
        alerts = page.locator("helio-error .message").all_inner_texts()
        slug = title.lower().replace(" & ", "-").replace(" ", "-")
        shot(page, f"route-{slug}")
        if alerts or errors:
            problems[title] = {"alerts": alerts, "errors": list(errors)}
        errors.clear()
    page.close()
    assert problems == {}


def test_native_only_actions_work_or_say_they_are_simulated(flagship: Flagship) -> None:
    """What needs files, downloads or the PC: picker, cover upload, log downloads, updates."""
    from tests.host.platform_fixtures import PNG

    page = open_console(flagship)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page)

    # The file picker browses the demo's simulated folders; a cover uploads and previews.
    nav(page, "Applications")
    page.locator("helio-apps-page li[data-uuid]").first.wait_for(timeout=BROWSER_WAIT_MS)
    page.get_by_role("button", name="Add application").click()
    dialog = dialog_named(page, "Add an application")
    dialog.get_by_label("Name", exact=True).fill("Hades")
    dialog.locator("sl-button", has_text="Browse…").nth(0).click()
    picker = dialog_named(page, "Choose a program or script")
    picker.get_by_role("button", name="Games").click()
    picker.get_by_role("button", name="Hades").wait_for()
    shot(page, "7a-file-picker")
    picker.get_by_role("button", name="Cancel").click()
    wait_until_settled(page)  # the picker's closing animation, so the next shot is clear
    dialog.locator("#cover-file").set_input_files(
        {"name": "hades.png", "mimeType": "image/png", "buffer": PNG}
    )
    dialog.locator("img.thumb").wait_for(timeout=BROWSER_WAIT_MS)
    assert dialog.locator("img.thumb").get_attribute("src").startswith("blob:")
    assert dialog.locator("helio-error .message").all_inner_texts() == []
    shot(page, "7b-cover-uploaded")
    dialog.get_by_role("button", name="Cancel").click()

    # Downloads come from blob URLs made in the page.
    nav(page, "Logs & troubleshooting")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download log").click()
    assert download.value.suggested_filename.startswith("helio-log-")
    with page.expect_download() as download:
        page.get_by_role("button", name="Support ZIP", exact=True).click()
    assert download.value.suggested_filename.endswith(".zip")
    shot(page, "7c-logs")

    # Updates cannot run in a browser: the host says so, in the page.
    nav(page, "Updates")
    page.get_by_role("button", name="Check for updates").click()
    alert = page.locator("helio-updates-page helio-error .message")
    alert.first.wait_for(timeout=BROWSER_WAIT_MS)
    assert "not available in the browser demo" in alert.first.inner_text()
    shot(page, "7d-updates-simulated")
    assert errors == []
    page.close()


def native_refusal(site: str) -> dict[str, Any]:
    """The reference: the demo host run natively through the worker's own bridge, asked
    what the page asks below."""
    from host.demo_profile.app import DemoHost
    from tests.host.demo_profile.client import ADDRESS, HostClient

    client = HostClient(DemoHost(None, ADDRESS, site))
    login = {"username": USERNAME, "password": PASSWORD}
    signed = client.request("POST", "/api/auth/login", login, {"origin": site}).json()
    client.access = signed["access_token"]
    page = {"x-csrf-token": signed["csrf_token"], "origin": site}
    client.request("PATCH", "/api/config", {"csrf_allowed_origins": []}, page)
    answer = client.request("POST", "/api/apps", {"name": "Refused"}, page)
    client.host.close()
    return {"status": answer.status, "body": answer.json()}


def test_the_origin_rule_holds_through_the_worker(flagship: Flagship) -> None:
    """The worker tells the host which page asked (a worker never sees `Origin`): the site's
    origin is allowed because the seed lists it; once a visitor removes it, the host
    refuses that page's state-changing requests with its own 403, reads still work."""
    page = flagship.open(LANDING)
    site = flagship.server.url
    tokens = sign_in_by_api(page)
    try:
        config = call(page, "GET", "/api/config", None, tokens)["body"]
        assert config["csrf_allowed_origins"] == [site]
        assert call(page, "PATCH", "/api/config", {"csrf_allowed_origins": []}, tokens)["status"]
        refused = call(page, "POST", "/api/apps", {"name": "Refused"}, tokens)
        assert (
            refused["body"]["error"] == f"Origin {site} is not allowed to change state on this host"
        )
        # Playwright's loop runs in this thread; the reference runs its own.
        with ThreadPoolExecutor(1) as pool:
            assert refused == pool.submit(native_refusal, site).result()
        assert call(page, "GET", "/api/apps", None, tokens)["status"] == 200
    finally:
        page.evaluate("helioDemo.reset()")
    page.close()


def test_a_form_posted_from_another_site_is_refused(flagship: Flagship) -> None:
    """Cross-site request forgery: a page on another origin (`localhost` is not
    `127.0.0.1`) posts a form to the demo host. The navigation reaches this site's worker,
    which names the posting site as the origin, and the host refuses it."""
    flagship.open(LANDING).close()  # the worker is installed and running
    evil = flagship.context.new_page()
    other = flagship.server.url.replace("127.0.0.1", "localhost")
    evil.goto(other + "/no-such-page")
    target = flagship.server.url + "/demos/host/__demo/app/host/api/auth/login"
    evil.evaluate(
        """(target) => {
        const form = document.createElement("form");
        form.method = "POST"; form.action = target;
        for (const [name, value] of [["username", "admin"], ["password", "helio-demo"]]) {
          const input = document.createElement("input");
          input.name = name; input.value = value; form.append(input);
        }
        document.body.append(form); form.submit(); }""",
        target,
    )
    evil.wait_for_url(target)
    answer = json.loads(evil.locator("body").inner_text())
    assert answer["error"] == f"Origin {other} is not allowed to change state on this host"
    shot(evil, "8-cross-site-form-refused")
    evil.close()


def test_two_consoles_on_one_origin_keep_their_own_sign_in(flagship: Flagship) -> None:
    a = open_console(flagship)
    sign_in(a)
    b = open_console(flagship, "/demos/host-b/console/")
    sign_in(b)
    a.reload()  # signing in to B kept A's tokens: A opens signed in
    a.locator("#who").wait_for(timeout=BOOT_MS)
    assert console_tokens(a) != console_tokens(b)
    shot(a, "9-two-consoles-signed-in")
    a.close()
    b.close()


_BYTES = """async ([url, token]) => {
  const response = await fetch(url, {headers: {authorization: "Bearer " + token}});
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {status: response.status, type: response.headers.get("content-type"), bytes: [...bytes]};
}"""


def test_an_uploaded_cover_survives_a_stopped_worker_and_reset_forgets_it(
    flagship: Flagship,
) -> None:
    from tests.host.platform_fixtures import PNG

    page = flagship.open(LANDING)
    tokens = sign_in_by_api(page)
    key = f"cover-{uuid.uuid4().hex[:6]}.png"
    upload = {"key": key, "data": base64.b64encode(PNG).decode()}
    assert call(page, "POST", "/api/covers/upload", upload, tokens)["status"] == 200
    app = call(page, "POST", "/api/apps", {"name": "Covered", "image-path": key}, tokens)
    cover_url = f"{HOST}/api/apps/{app['body']['app']['uuid']}/cover"

    flagship.stop_workers()
    page.reload()
    page.evaluate("helioDemo.ready")
    kept = page.evaluate(_BYTES, [cover_url, tokens["access_token"]])
    assert kept == {"status": 200, "type": "image/png", "bytes": list(PNG)}

    console = open_console(flagship, CONSOLE + "apps")
    sign_in(console)
    cover = (
        console.locator("helio-apps-page li[data-uuid]").filter(has_text="Covered").locator("img")
    )
    cover.wait_for(timeout=BROWSER_WAIT_MS)
    console.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=cover.element_handle()
    )
    shot(console, "7e-cover-after-stopped-worker")
    console.close()

    page.evaluate("helioDemo.reset()")
    fresh = sign_in_by_api(page)
    gone = page.evaluate(_BYTES, [f"{HOST}/api/covers/{key}", fresh["access_token"]])
    assert gone["status"] == 404
    page.close()


def test_deep_links_and_unknown_console_paths_open_inside_the_shell(flagship: Flagship) -> None:
    page = open_console(flagship)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda m: problems.append(f"{m.text} {m.location}") if m.type == "error" else None,
    )
    sign_in(page)
    title = page.locator("h1#page-title")

    # A reload on a deep link opens that page, signed in.
    page.goto(flagship.server.url + CONSOLE + "apps")
    title.filter(has_text="Applications").wait_for(timeout=BOOT_MS)
    page.reload()
    title.filter(has_text="Applications").wait_for(timeout=BOOT_MS)
    page.locator("helio-apps-page li[data-uuid]").first.wait_for(timeout=BROWSER_WAIT_MS)

    # A path no file matches, at any depth: the worker answers the console, whose router
    # shows its not-found page inside the shell.
    for path in ("no-such-page", "no/such/page"):
        answer = page.goto(flagship.server.url + CONSOLE + path)
        assert answer is not None and answer.status == 200 and answer.from_service_worker
        page.locator("helio-not-found-page #back-to-dashboard").wait_for(timeout=BOOT_MS)
        assert page.locator("nav.side").is_visible()
        assert page.locator("#who").inner_text().strip() == USERNAME
    shot(page, "unknown-path-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("helio-not-found-page #back-to-dashboard").wait_for()
    shot(page, "unknown-path-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 800})

    # Its way back lands on the dashboard.
    page.locator("helio-not-found-page #back-to-dashboard").click()
    page.wait_for_url(flagship.server.url + CONSOLE)
    title.filter(has_text="Dashboard").wait_for(timeout=BROWSER_WAIT_MS)
    page.close()
    assert problems == []


LOCALES = REPO / "web" / "src" / "locales"
# The words a person reads on the page, through every shadow root (style and script left
# out); attributes such as a title are not read.
SHOWN_TEXT = """() => {
  const out = [];
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("style, script") && node.textContent.trim()) out.push(node.textContent.trim());
    }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document.body);
  return out.join(" | ");
}"""


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_flagship_console_speaks_the_visitors_browser_language(
    flagship: Flagship, code: str
) -> None:
    """The demo host's console follows each visitor's browser (its `locale` is "auto"): once
    the host has answered, the sign-in form is in the browser's language, not the host's."""
    context = flagship.context.browser.new_context(locale=f"{code}-{code.upper()}")
    try:
        page = context.new_page()
        page.goto(flagship.server.url + CONSOLE)
        page.locator(USERNAME_FIELD).wait_for(timeout=BROWSER_WAIT_MS)  # the host answered
        assert page.evaluate("document.documentElement.lang") == code
        answer = call(page, "GET", "/api/configLocale")
        assert answer["body"]["locale"] == "auto", answer
    finally:
        context.close()


# What the demo host says in English about its made-up PC.
HOST_ENGLISH = re.compile(r"[^|]*(?:browser demo|nothing runs|no real monitor)[^|]*", re.I)


@pytest.fixture(scope="module")
def locale_context(flagship: Flagship) -> Iterator[Any]:
    """A context of its own for tests that change the host's locale (the shared one must
    not see it): its Python and host boot once for every language, each test setting its
    own."""
    context = flagship.context.browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_simulated_pc_is_said_once_in_the_consoles_language(
    locale_context: Any, flagship: Flagship, code: str
) -> None:
    """On Displays, Helpers and Integrations a German or French visitor reads that the PC is
    simulated in one line of their language, with no English sentence of the host's beside
    it (the host's own words stay in the line's title)."""
    words = json.loads((LOCALES / f"{code}.json").read_text())
    problems: list[str] = []  # every page is looked at, then all that is wrong is reported
    page = locale_context.new_page()  # a tab of its own: signed out (bearer mode)
    try:
        page.goto(flagship.server.url + CONSOLE)
        sign_in(page)
        answer = call(page, "PATCH", "/api/config", {"locale": code}, console_tokens(page))
        assert answer["status"] == 200, answer
        for path, ready, key in (
            ("displays", "article[data-device]", "displays.simulated"),
            ("helpers", "li[data-tool=mangohud] .badge", "helpers.simulated"),
            ("integrations", "tr[data-game]", "integr.simulated"),
        ):
            page.goto(flagship.server.url + CONSOLE + path)
            element = page.locator(f"helio-{path}-page")
            element.locator(ready).first.wait_for(timeout=BROWSER_WAIT_MS)
            note = element.locator(f"#{path}-simulated")
            note.wait_for(timeout=BROWSER_WAIT_MS)
            assert page.evaluate("document.documentElement.lang") == code
            if note.inner_text().strip() != words[key]:
                problems.append(f"{path}: the simulated line reads {note.inner_text()!r}")
            english = HOST_ENGLISH.findall(page.evaluate(SHOWN_TEXT))
            if english:
                problems.append(f"{path} shows the host's English: {english}")
            shot_looks(page, f"{path}-simulated-{code}")
    finally:
        page.close()
    assert problems == [], "\n".join(problems)
