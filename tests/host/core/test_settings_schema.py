"""Settings as schema: one declaration drives validation, OpenAPI and the console's settings page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.core.schema import SchemaError, validate
from host.core.settings import SETTINGS, settings_change_schema, settings_schema, validate_settings
from http_errors import BadRequest

from ..helpers import in_process

# A value of the wrong JSON type for each kind of default.
_WRONG_TYPE = {bool: "yes", int: "10", str: 5, list: "a,b"}


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s.name)
def test_each_setting_accepts_its_default_and_refuses_a_wrong_type(setting: Any) -> None:
    validate(setting.schema, setting.default, setting.name)
    wrong = _WRONG_TYPE[type(setting.default)]
    with pytest.raises(SchemaError):
        validate(setting.schema, wrong, setting.name)
    with pytest.raises(BadRequest, match=f"^Invalid setting {setting.name}"):
        validate_settings({setting.name: wrong})


def test_openapi_publishes_every_setting_with_what_the_console_needs(tmp_path: Path) -> None:
    ctx, client = in_process(tmp_path, "127.0.0.1")
    ctx.credentials.set("admin", "pw")
    with client:
        document = client.get("/api/openapi.json", auth=("admin", "pw")).json()
    published = document["components"]["schemas"]["Settings"]
    assert published == settings_schema()
    assert list(published["properties"]) == [s.name for s in SETTINGS]  # declaration order
    for setting in SETTINGS:
        entry = published["properties"][setting.name]
        assert entry["default"] == setting.default
        assert entry["description"] == setting.help
        assert entry["title"] and entry["x-group"]
    assert published["properties"]["origin_web_ui_allowed"]["enum"] == ["pc", "lan", "wan"]
    # A write takes the same schema, where null also resets a setting to its default.
    write = document["paths"]["/api/config"]["patch"]["requestBody"]["content"]
    assert write["application/json"]["schema"] == settings_change_schema()
    reach = write["application/json"]["schema"]["properties"]["origin_web_ui_allowed"]
    assert reach["enum"] == ["pc", "lan", "wan", None] and reach["type"] == ["string", "null"]
