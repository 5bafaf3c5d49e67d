"""The console's API paths live in one room: web/src/data/.

Pages and components call the data layer's functions (`saveApp(api, app)`); a path
literal elsewhere would be a second place to change when a route moves.
"""

from __future__ import annotations

import re

from .bundle import WEB

SRC = WEB / "src"
DATA = SRC / "data"
# A string or template literal that starts with an API path: "/api/…", '/api/…', `/api/…`.
API_LITERAL = re.compile(r"""["'`]/api/""")


def test_no_api_path_literal_outside_the_data_layer() -> None:
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in sorted(SRC.rglob("*.js"))
        if DATA not in path.parents
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if API_LITERAL.search(line)
    ]
    assert not found, "API paths belong in web/src/data/:\n" + "\n".join(found)


def test_the_data_layer_holds_the_paths() -> None:
    # The guard above must not pass by reading nothing.
    assert any(API_LITERAL.search(p.read_text()) for p in DATA.glob("*.js"))
