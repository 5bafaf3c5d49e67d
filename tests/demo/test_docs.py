"""The demo kit's docs name what the registry and the route table declare."""

from __future__ import annotations

from demo.runtime.adapters import ADAPTERS
from demo.runtime.routes import route_table
from tests.demo.sites import REPO


def test_every_adapter_is_documented() -> None:
    text = (REPO / "docs" / "demo-kit.md").read_text()
    for name in ADAPTERS:
        assert f"`{name}`" in text, name


def test_every_route_is_in_the_runtime_docs() -> None:
    text = (REPO / "docs" / "demo-runtime.md").read_text()
    for route in route_table():
        documented = route.template.replace("{service}", "<service>").replace("{route}", "<route>")
        assert f"`{documented}`" in text, route.template


def test_every_compose_label_is_documented() -> None:
    from demo.compose.rules import LABELS

    text = (REPO / "docs" / "demo-kit.md").read_text()
    for label in LABELS:
        assert f"| `{label}` |" in text, label
