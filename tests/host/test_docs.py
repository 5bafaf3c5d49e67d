"""Documentation generated from code stays in sync with it."""

from __future__ import annotations

from pathlib import Path

from host.core.settings import settings_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_settings_doc_is_generated_from_the_settings_table() -> None:
    assert (DOCS / "settings.md").read_text() == settings_markdown(), (
        "docs/settings.md is stale: run `python -m host settings-doc > docs/settings.md`"
    )
