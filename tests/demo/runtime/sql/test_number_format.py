"""to_char() of numbers (number_format.py) against PGlite on a grid of values and formats.

Corpus group 36_number_formats checks to_char through the whole adapter, on both paths;
this grid checks the writer alone on many more pairs: every value below in every format
below, each answer PGlite's in this run. The values cover zero, below one, negatives,
rounding at the last place, overflow and more digits than a double holds; the formats
every pattern the writer supports, alone and together, in and out of fill mode.
"""

from __future__ import annotations

import json

import pytest

from demo.runtime.sql.postgres.number_format import number_to_char
from tests.demo.sites import native_only

from . import differential as diff

pytestmark = native_only

VALUES = [
    "0", "0.5", "-0.5", "1", "1.5", "-1.5", "7", "12", "-12.3", "0.004", "-0.004", "0.006",
    "99.995", "-99.995", "123.456", "1234.5", "-1234.5", "12345", "1000000", "1234567.891",
    "123456789012345678901234567890.123456",
]  # fmt: skip
FORMATS = [
    "999", "99", "0", "9", "FM9", "FM0", "9999.99", "FM9999.99", "0000.00", "FM0000.00",
    "9,999.99", "FM9,999.99", "FM999,999.00", "990.99", "9.99", "FM9.99", "FM0.00", "0.9",
    ".99", "FM.99", "FM90.0", "9990", "FM9990.0099", "0999", "FM09.90", "S999.9", "999.9S",
    "S9999", "9999S", "FMS999", "FMS9,999.99", "999MI", "MI999.99", "999MI.99", "FMMI9,999",
    "999PR", "999.99PR", "FM999PR", "9G999D99", "FM9G999D99", "fm999d99", "$999.99",
    "FM$9,999.00", " 999 units", "x9x9x", "99,999,999.99", "G999", "999,", "9,,9",
]  # fmt: skip


def _reference() -> dict[str, dict[str, str]]:
    """PGlite's to_char of every value in every format: format -> value -> text."""
    cases = [
        {
            "name": fmt,
            "sql": "SELECT "
            + ", ".join(f"to_char({v}::numeric, '{fmt}') AS \"{v}\"" for v in VALUES),
        }
        for fmt in FORMATS
    ]
    corpus = {"postgres": [{"name": "grid", "setup": "", "probe": "SELECT 1", "cases": cases}]}
    answers = diff.NodeRun("oracle.mjs", stdin=json.dumps(corpus)).result()["postgres"]["grid"]
    grid = {}
    for fmt in FORMATS:
        answer = answers["cases"][fmt]["answer"]
        assert answer["ok"], (fmt, answer)
        grid[fmt] = answer["result"][0]["rows"][0]
    return grid


@pytest.fixture(scope="module")
def reference() -> dict[str, dict[str, str]]:
    return _reference()


def test_every_value_in_every_format_is_written_as_postgres_writes_it(
    reference: dict[str, dict[str, str]],
) -> None:
    differ = [
        f"to_char({value}, {fmt!r}): Postgres {want!r}, here {number_to_char(value, fmt)!r}"
        for fmt, row in reference.items()
        for value, want in row.items()
        if number_to_char(value, fmt) != want
    ]
    assert differ == []
