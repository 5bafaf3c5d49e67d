"""Finding Shoelace dialogs in the console's tests."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

__all__ = ["dialog_named"]


def dialog_named(page: Page, label: str) -> Locator:
    """An open sl-dialog by its label. Its slotted content lies outside the role=dialog box
    in its shadow root, so `get_by_role("dialog")` would not reach the form inside."""
    return page.locator(f'sl-dialog[open][label="{label}"]')
