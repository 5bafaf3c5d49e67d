"""serviceworker/arrow-columns.js reads duckdb-wasm's answers as apache-arrow does.

The worker reads the common column types straight from duckdb-wasm's Arrow bytes and
leaves the others to apache-arrow. Both read every statement here (duckdb-wasm's Node
bundle): where the direct reader answers, its names, type descriptions and raw values
(BigInts, nulls, -0, NaN included) must be apache-arrow's exactly.
"""

from __future__ import annotations

from tests.demo.sites import native_only

from .duckdb_wasm import run_on_duckdb_wasm

pytestmark = [native_only]

# Read directly: every type arrow-columns.js takes, with nulls, edge values, more rows
# than one Arrow batch holds, no rows, and repeated column names.
DIRECT = [
    "SELECT 42::TINYINT a, -3::SMALLINT b, 7::INTEGER c, 9007199254740993::BIGINT d, "
    "200::UTINYINT e, 60000::USMALLINT f, 4000000000::UINTEGER g, "
    "18446744073709551615::UBIGINT h, NULL::INTEGER i",
    "SELECT 1.5::FLOAT a, -0.0::DOUBLE b, 'nan'::DOUBLE c, '-inf'::FLOAT d, 1e308::DOUBLE e, "
    "NULL::DOUBLE f",
    "SELECT true a, false b, NULL::BOOLEAN c",
    "SELECT 12.34::DECIMAL(4,2) a, -12.34::DECIMAL(18,3) b, "
    "-123456789012345678901234567890.12::DECIMAL(38,2) c, NULL::DECIMAL(9,0) d, "
    "sum(i) e FROM range(3) t(i)",
    "SELECT DATE '2024-01-05' a, DATE '1900-03-01' b, TIME '12:34:56.789' c, "
    "TIMESTAMP '2024-01-05 09:30:00.123456' d, TIMESTAMP_S '2024-01-05 09:30:00' e, "
    "TIMESTAMP_MS '2024-01-05 09:30:00.5' f, TIMESTAMP_NS '1960-01-05 09:30:00.123456789' g, "
    "NULL::DATE h, NULL::TIMESTAMP i",
    "SELECT ''::VARCHAR a, 'héllo ✓ 😀' b, repeat('ab', 1000) c, NULL::VARCHAR d",
    "SELECT i, i::VARCHAR s, CASE WHEN i % 3 = 0 THEN NULL ELSE i * 1.5 END f, i % 2 = 0 b "
    "FROM range(5000) t(i)",
    "SELECT * FROM range(0) t(i)",
    "SELECT NULL a",
    "SELECT 1 a, 'x' a, 2.5 a, true a",
]
# Left to apache-arrow: nested, dictionary-encoded, interval and binary columns.
VIA_APACHE_ARROW = [
    "SELECT INTERVAL 3 DAY a, [1, 2] a, 1 a",
    "SELECT [1, 2] a",
    "SELECT {'x': 1} a",
    "SELECT 'a'::ENUM('a', 'b') a",
    "SELECT INTERVAL 3 DAY a",
    "SELECT 'abc'::BLOB a",
]


def test_direct_reads_match_apache_arrow() -> None:
    statements = DIRECT + VIA_APACHE_ARROW
    answers = run_on_duckdb_wasm("arrow_columns_runner.mjs", statements)
    for sql, answer in zip(statements, answers, strict=True):
        if sql in DIRECT:
            assert answer["direct"] == answer["apacheArrow"], sql
        else:
            assert answer["direct"] is None, sql
    # The statements hold what they say: many rows, nulls, BigInts.
    many = answers[6]["direct"]
    assert many["numRows"] == 5000 and many["columns"][2][0] == "<undefined>"
    assert answers[0]["direct"]["columns"][3] == ["9007199254740993n"]
    # Repeated names (every `?column?` of `SELECT 1, true`): each column keeps its own
    # type on both paths (apache-arrow's schema gave the first the last one's type).
    repeated = answers[len(DIRECT) - 1]["direct"]
    assert [t["id"] for t in repeated["types"]] == [2, 5, 7, 6]  # Int, Utf8, Decimal, Bool
    nested = answers[len(DIRECT)]["apacheArrow"]
    assert [t["id"] for t in nested["types"]] == [11, 12, 2]  # Interval, List, Int
