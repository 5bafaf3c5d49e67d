"""`to_char(number, format)` as Postgres writes it, for integers and numerics.

DuckDB has no number formatting of Postgres' kind, and sqlglot reads every to_char
format as a date's. This module writes the number itself: the format's digit positions
(`9` a digit or a blank, `0` a digit or a zero), the decimal point (`.`, `D`), group
separators (`,`, `G`), the sign (`S` before or after the digits, `MI` at its own place,
`PR` as angle brackets; a blank or `-` before the first digit otherwise), fill mode
(`FM`: no padding blanks, trailing zeros of `9` places dropped) and any other character
copied as it is. The value is rounded half away from zero to the format's decimal places;
one with more integer digits than the format has places becomes `#` in each. Postgres'
quirks are kept (`to_char(0.5, '9.99')` is `'  .50'`, `to_char(1, 'FM9.99')` is `'1.'`),
checked against PGlite by corpus group 36_number_formats.

Refused, as the demo's limit: the patterns `B`, `C`, `EEEE`, `L`, `PL`, `RN`, `SG`,
`SP`, `TH` and `V`, double-quoted text and backslashes in the format. The server's locale
is C's, as in PGlite: `D` is `.` and `G` is `,`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation

__all__ = [
    "NUMBER_FORMAT_FUNCTION",
    "number_format_letters",
    "number_format_refusal",
    "number_to_char",
]

NUMBER_FORMAT_FUNCTION = "pg_number_to_char"

# The format's patterns, longest first, as Postgres matches them (case as listed).
_SUPPORTED = ("FM", "fm", "MI", "mi", "PR", "pr", "9", "0", ".", ",", "D", "d", "G", "g", "S", "s")
_UNSUPPORTED = (
    "EEEE", "eeee", "PL", "pl", "RN", "rn", "SG", "sg", "SP", "sp", "TH", "th",
    "B", "b", "C", "c", "L", "l", "V", "v", '"', "\\",
)  # fmt: skip
_PATTERNS = sorted(_SUPPORTED + _UNSUPPORTED, key=len, reverse=True)
_PATTERN_WORDS = frozenset(p.upper() for p in _PATTERNS if p.isalpha())
# Enough digits for any integer or numeric DuckDB holds (38) and the format's places.
_EXACT = Context(prec=200)


def _tokens(fmt: str) -> list[str]:
    """The format as its patterns (upper case) and single literal characters."""
    out: list[str] = []
    at = 0
    while at < len(fmt):
        found = next((p for p in _PATTERNS if fmt.startswith(p, at)), None)
        out.append(found.upper() if found else fmt[at])
        at += len(found) if found else 1
    return out


def number_format_letters(fmt: str) -> bool:
    """Whether every letter of `fmt` belongs to a number format's pattern (a date's
    format, `YYYY-MM-DD`, has others)."""
    return all(not token.isalpha() or token in _PATTERN_WORDS for token in _tokens(fmt))


def number_format_refusal(fmt: str) -> str | None:
    """Why the demo cannot write numbers in `fmt`, or None."""
    unsupported = [t for t in _tokens(fmt) if t in {u.upper() for u in _UNSUPPORTED}]
    if unsupported:
        shown = "double-quoted text" if unsupported[0] == '"' else unsupported[0]
        return (
            f"to_char() of a number with {shown} in its format is not supported by this"
            " demo (9, 0, the decimal point, D, the comma, G, S, MI, PR and FM are)"
        )
    return None


@dataclass
class _Layout:
    """What the format says about the number: Postgres' reading of it."""

    pre: int = 0  # digit places before the decimal point
    post: int = 0  # and after it
    decimal: bool = False
    zero: bool = False  # a `0` place before the decimal point
    zero_start: int = 0  # the first such place (1-based until writing)
    zero_end: int = 0  # the places up to the last `0`
    fill: bool = False
    sign_at: str | None = None  # `S`: "pre" (before the digits) or "post"
    pre_at_sign: int = 0  # digit places before an `S` written ahead of the decimal point
    minus: bool = False
    bracket: bool = False
    tokens: list[str] = field(default_factory=list)


def _layout(fmt: str) -> _Layout:
    layout = _Layout(tokens=_tokens(fmt))
    for token in layout.tokens:
        if token in ("9", "0"):
            if layout.bracket:
                raise ValueError(f'"{token}" must be ahead of "PR"')
            if token == "0" and not layout.zero and not layout.decimal:
                layout.zero, layout.zero_start = True, layout.pre + 1
            if layout.decimal:
                layout.post += 1
            else:
                layout.pre += 1
            if token == "0":
                layout.zero_end = layout.pre + layout.post
        elif token in (".", "D"):
            if layout.decimal:
                raise ValueError("multiple decimal points")
            layout.decimal = True
        elif token == "FM":
            layout.fill = True
        elif token == "S":
            if layout.sign_at is not None:
                raise ValueError('cannot use "S" twice')
            if layout.minus or layout.bracket:
                raise ValueError('cannot use "S" and "PL"/"MI"/"SG"/"PR" together')
            layout.sign_at = "post" if layout.decimal else "pre"
            layout.pre_at_sign = layout.pre
        elif token == "MI":
            if layout.sign_at is not None:
                raise ValueError('cannot use "S" and "MI" together')
            layout.minus = True
        elif token == "PR":
            if layout.sign_at is not None or layout.minus:
                raise ValueError('cannot use "PR" and "S"/"PL"/"MI"/"SG" together')
            layout.bracket = True
    return layout


def _digits(value: Decimal, layout: _Layout) -> tuple[str, str, int]:
    """(sign, the digits to write with their decimal point, blank places ahead of them)."""
    places = Decimal(1).scaleb(-layout.post)
    rounded = value.quantize(places, rounding=ROUND_HALF_UP, context=_EXACT)
    sign = "-" if rounded < 0 else "+"  # a value rounded to zero has no sign
    digits = format(abs(rounded), "f")
    whole = len(digits.split(".")[0])
    if whole > layout.pre:  # too many digits for the format: every place is `#`
        marks = ["#"] * (layout.pre + layout.post + 1)
        marks[layout.pre] = "."
        return sign, "".join(marks), 0
    return sign, digits, layout.pre - whole


class _Writer:
    """Writes the number as the format's patterns ask, one pattern after another."""

    def __init__(self, value: Decimal, layout: _Layout) -> None:
        self.layout = layout
        self.sign, self.number, self.blanks = _digits(value, layout)
        self.at = 0  # the next character of `number`
        self.place = 0  # the digit places written
        self.started = False  # a digit has been written (group separators show)
        self.out: list[str] = []
        if layout.zero_start:
            layout.zero_start -= 1
        if layout.minus:
            self.sign_written = True  # MI writes it
        else:
            if self.sign != "-" and layout.fill:
                layout.bracket = False
            self.sign_written = self.sign == "+" and layout.fill and layout.sign_at is None
            if layout.sign_at == "pre" and layout.pre == layout.pre_at_sign:
                layout.sign_at = "post"  # `999S`: after the digits
        self.places = layout.post + layout.pre - 1
        self.last = self._last_relevant() if layout.fill and layout.decimal else None
        if not self.sign_written and self.blanks == 0:
            self.places += 1

    def _last_relevant(self) -> int | None:
        """Fill mode: the index of the last decimal digit to write (trailing zeros of `9`
        places are dropped; a `0` place keeps its digit)."""
        point = self.number.find(".")
        if point < 0:
            return None
        last = point
        for index in range(point + 1, len(self.number)):
            if self.number[index] != "0":
                last = index
        if self.layout.zero_end > self.blanks:
            last = max(last, min(len(self.number) - 1, self.layout.zero_end - self.blanks))
        return last

    def _point_is_last(self) -> bool:
        return self.last is not None and self.number[self.last] == "."

    def _leading_zero(self) -> bool:
        """The `0` of a number below one, which a `9` place leaves blank (`  .50`)."""
        layout = self.layout
        return not layout.zero and self.at == 0 and self.number[:1] == "0" and layout.post != 0

    def _write_sign(self) -> None:
        layout = self.layout
        if layout.sign_at is not None:
            if layout.sign_at == "pre":
                self.out.append(self.sign)
                self.sign_written = True
        elif layout.bracket:
            self.out.append(" " if self.sign == "+" else "<")
            self.sign_written = True
        else:
            if self.sign == "-" or not layout.fill:
                self.out.append("-" if self.sign == "-" else " ")
            self.sign_written = True

    def digit_place(self, token: str) -> None:
        layout = self.layout
        # The sign goes before the first digit written (a blank `9` place is not one).
        reached = self.place >= self.blanks or (layout.zero and layout.zero_start == self.place)
        digit_next = not self._leading_zero() or self._point_is_last()
        if not self.sign_written and reached and digit_next:
            self._write_sign()
        if self.place < self.blanks and (layout.zero_start > self.place or not layout.zero):
            if not layout.fill:
                self.out.append(" ")
        elif layout.zero and self.place < self.blanks and layout.zero_start <= self.place:
            self.out.append("0")
            self.started = True
        else:
            self._write_next(token)
        end = self.places + (1 if self.blanks else 0) + (1 if layout.decimal else 0)
        if self.last is not None and self.last == self.at:
            end = self.place
        if self.place + 1 == end:
            if self.sign_written and layout.bracket:
                self.out.append(" " if self.sign == "+" else ">")
            elif layout.sign_at == "post":
                self.out.append(self.sign)
        self.place += 1

    def _write_next(self, token: str) -> None:
        """The number's next character: its decimal point, or a digit."""
        layout = self.layout
        char = self.number[self.at] if self.at < len(self.number) else ""
        if char == ".":
            if not self._point_is_last() or layout.fill:
                self.out.append(".")
        elif self.last is not None and self.at > self.last and token != "0":
            pass  # fill mode drops a trailing zero
        elif self._leading_zero():
            if not layout.fill:
                self.out.append(" ")
            elif self._point_is_last():
                self.out.append("0")  # `FM9.99` of 0 is `0.`
        else:
            self.out.append(char)
            self.started = True
        if self.at < len(self.number):
            self.at += 1

    def separator(self) -> None:
        if self.started:
            self.out.append(",")
        elif not self.layout.fill:
            self.out.append(" ")

    def minus(self) -> None:
        if self.sign == "-":
            self.out.append("-")
        elif not self.layout.fill:
            self.out.append(" ")

    def text(self) -> str:
        for token in self.layout.tokens:
            if token in ("9", "0", ".", "D"):
                self.digit_place(token)
            elif token in (",", "G"):
                self.separator()
            elif token == "MI":
                self.minus()
            elif token not in ("FM", "S", "PR"):
                self.out.append(token)  # any other character is written as it is
        return "".join(self.out)


def number_to_char(value: str, fmt: str) -> str:
    """`to_char(value, fmt)` of an integer or numeric given as its text."""
    try:
        number = Decimal(value)
    except InvalidOperation:
        raise ValueError(f'invalid input syntax for type numeric: "{value}"') from None
    return _Writer(number, _layout(fmt)).text()
