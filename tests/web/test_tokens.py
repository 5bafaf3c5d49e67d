"""The API-token page: builder from /api/token/routes, secret once, list, revoke."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.host.server import HostProcess

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, each_look, shot, sideways_scroll

pytestmark = pytest.mark.browser


def tick(page: Page, route: str, method: str) -> None:
    box = page.locator(f"[data-route='{route}'] sl-checkbox[data-method={method}]").get_by_role(
        "checkbox"
    )
    box.focus()
    page.keyboard.press("Space")


def open_tokens(open_page: OpenPage, routes: bool = True) -> Page:
    """The token page; `routes`: with the raw API routes shown (the switch)."""
    page = open_page("tokens")
    expect(page.locator("fieldset[data-group=config]")).to_be_visible()
    if routes:
        page.locator("#show-routes").click()
        expect(page.locator("[data-route='/api/config']")).to_be_visible()
    return page


def test_the_builder_lists_every_grantable_route(open_page: OpenPage, host: HostProcess) -> None:
    with host.client(auth=ADMIN) as admin:
        catalogue = admin.get("/api/token/routes").json()["routes"]
    page = open_tokens(open_page)
    for entry in catalogue:
        row = page.locator(f"[data-route='{entry['route']}']")
        expect(row).to_have_count(1)
        expect(row.locator("sl-checkbox[data-method]")).to_have_count(len(entry["methods"]))
    # Search narrows the list; a search with no match says what to try.
    search = page.get_by_label("Find", exact=True)
    search.fill("logs")
    expect(page.locator("[data-route]")).to_have_count(
        sum(1 for e in catalogue if "logs" in f"{e['route']} {' '.join(e['methods'])}".lower())
    )
    search.fill("no-such-route")
    expect(page.get_by_text("Nothing matches")).to_be_visible()


DEEP_TEXT = """() => {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === 3) return out.push(node.data);
    if (["STYLE", "SCRIPT"].includes(node.nodeName)) return;
    if (node.shadowRoot) walk(node.shadowRoot);
    node.childNodes.forEach(walk);
  };
  walk(document.querySelector("helio-app").shadowRoot.querySelector("main"));
  return out.join(" ");
}"""


def test_create_a_token_from_a_group_and_single_methods_then_use_and_revoke_it(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_tokens(open_page)
    # Nothing selected: the page says why it will not create a token.
    page.get_by_role("button", name="Create token").click()
    expect(page.locator("helio-error .message")).to_contain_text("Pick at least one thing")

    group = page.locator("fieldset[data-group=updates] sl-checkbox.group-toggle").get_by_role(
        "checkbox"
    )
    group.focus()
    page.keyboard.press("Space")
    tick(page, "/api/config", "GET")
    with host.client(auth=ADMIN) as admin:
        catalogue = admin.get("/api/token/routes").json()["routes"]
    updates = [e for e in catalogue if e["route"].startswith("/api/updates")]
    expected = sum(len(e["methods"]) for e in updates) + 1
    expect(page.locator("#selection-count")).to_have_text(f"{expected} permissions selected")

    with page.expect_request("**/api/token") as sent:
        page.get_by_role("button", name="Create token").click()
    scopes = {s["path"]: sorted(s["methods"]) for s in sent.value.post_data_json["scopes"]}
    assert scopes == {
        "/api/config": ["GET"],
        **{e["path"]: sorted(e["methods"]) for e in updates},
    }
    secret = page.locator("#secret")
    expect(secret).to_be_visible()
    token = secret.inner_text()
    assert len(token) == 64
    expect(page.locator("#curl")).to_have_text(
        f'curl --cacert cert.pem -H "Authorization: Bearer {token}" {host.url}/api/config'
    )
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy the token").click()
    expect(page.locator("sl-alert").filter(has_text="Copied to the clipboard")).to_have_count(1)
    assert page.evaluate("navigator.clipboard.readText()") == token
    shot(page, "tokens-secret")
    check_axe(page)
    page.get_by_role("button", name="I saved it").click()
    expect(secret).to_have_count(0)  # shown once: gone after the dialog closes

    with host.client(headers={"Authorization": f"Bearer {token}"}) as bearer:
        assert bearer.get("/api/config").status_code == 200
        assert bearer.get("/api/updates").status_code == 200
        assert bearer.patch("/api/config", json={}).status_code in (401, 403)  # not granted
        assert bearer.get("/api/apps").status_code in (401, 403)
    rows = page.locator("#tokens tr[data-hash]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("GET /api/config")

    rows.first.get_by_role("button", name="Revoke").click()
    page.locator("helio-confirm").get_by_role("button", name="Revoke").click()
    expect(rows).to_have_count(0)
    expect(page.get_by_role("heading", name="No tokens yet")).to_be_visible()
    with host.client(headers={"Authorization": f"Bearer {token}"}) as bearer:
        assert bearer.get("/api/config").status_code == 401


def test_tokens_looks(open_page: OpenPage, host: HostProcess) -> None:
    with host.client(auth=ADMIN) as admin:
        made = admin.post(
            "/api/token",
            json={
                "scopes": [
                    {"path": "/api/apps", "methods": ["GET"]},
                    {"path": "/api/metadata", "methods": ["GET"]},
                ]
            },
        )
        assert made.status_code == 200
    each_look(
        open_page,
        "tokens",
        "tokens",
        lambda page: expect(page.locator("#tokens tr[data-hash]")).to_have_count(1),
    )


def test_scopes_are_picked_by_resource_and_action_in_words(
    open_page: OpenPage, host: HostProcess
) -> None:
    for look in LOOKS:
        page = open_page("tokens", look=look)
        settings = page.locator("fieldset[data-group=config]")
        expect(settings).to_contain_text("Settings")
        text = page.evaluate(DEEP_TEXT)
        assert "/api/" not in text and "[^/]" not in text, "raw routes shown without asking"
        expect(page.locator("[data-route]")).to_have_count(0)
        box = settings.locator("sl-checkbox[data-action=see]").get_by_role("checkbox")
        box.focus()
        page.keyboard.press("Space")
        with page.expect_request("**/api/token") as sent:
            page.get_by_role("button", name="Create token").click()
        assert sent.value.post_data_json["scopes"] == [{"path": "/api/config", "methods": ["GET"]}]
        page.get_by_role("button", name="I saved it").click()
        row = page.locator("#tokens tr[data-hash]").filter(has_text="Settings: see").first
        expect(row).to_be_visible()
        shot(page, "tokens-in-words")
        check_axe(page)
        assert sideways_scroll(page) == 0
        # The raw routes, on demand.
        page.locator("#show-routes").click()
        expect(page.locator("[data-route='/api/config']")).to_be_visible()
        expect(row).to_contain_text("GET /api/config")
        shot(page, "tokens-routes-shown")
        page.context.close()
