"""The SQL function behind a numeric quotient inside an expression (transforms/exact_quotients.py).

Its answers are judged against PGlite by corpus group 34_nested_quotients; here, what no
corpus case reaches: a quotient too long for the DECIMAL(38, 20) that holds it fails
rather than being rounded, a zero divisor fails in Postgres' words, and the held form is
the same number as the text form, and the scale form counts the text form's decimals.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from demo.runtime.sql.postgres.transforms.exact_quotients import numeric_quotient_value


@pytest.mark.parametrize(("dividend", "divisor"), [("2.01", "2"), ("-7", "3.0"), ("1", "7")])
def test_the_held_form_is_the_quotients_value(dividend: str, divisor: str) -> None:
    text = numeric_quotient_value(dividend, divisor, "text")
    held = numeric_quotient_value(dividend, divisor, "held")
    assert Decimal(held) == Decimal(text)
    assert len(held.partition(".")[2]) == 20
    # The scale a sum of quotients shows is the largest of these (numeric.py).
    assert numeric_quotient_value(dividend, divisor, "scale") == str(len(text.partition(".")[2]))


def test_a_zero_divisor_fails_as_postgres_says() -> None:
    with pytest.raises(ValueError, match="^division by zero$"):
        numeric_quotient_value("1.5", "0", "held")


@pytest.mark.parametrize(
    ("dividend", "divisor"),
    [
        ("1", "300000"),  # Postgres keeps 24 decimals of 0.0000033333...: more than 20
        ("123456789012345678901234567890", "0.1"),  # 31 digits before the point
    ],
)
def test_a_quotient_the_decimal_cannot_hold_fails_rather_than_rounds(
    dividend: str, divisor: str
) -> None:
    with pytest.raises(ValueError, match="needs more digits than this demo holds"):
        numeric_quotient_value(dividend, divisor, "held")
    # Its text is still Postgres' whole quotient.
    assert Decimal(numeric_quotient_value(dividend, divisor, "text")) != 0
