"""Text that UTF-8 can carry.

JSON's `\\ud800` escape (and CESU-style bytes, which Python's JSON reader
lets through) gives a Python string with a lone surrogate: it compares and
stores like any other, but answering it back fails to encode, so a setting
or app name holding one turned every later read into a 500. The body parser
refuses such strings and the state database reads them as null (the stored
value then falls back like any other invalid one).
"""

from __future__ import annotations

from typing import Any

__all__ = ["encodable", "without_unencodable"]


def encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def without_unencodable(value: Any) -> tuple[Any, bool]:
    """`value` with every unencodable string as None (and such object keys dropped), and
    whether anything was replaced. JSON values only; nesting is bounded by the parser."""
    if isinstance(value, str):
        return (value, False) if encodable(value) else (None, True)
    if isinstance(value, list):
        pairs = [without_unencodable(item) for item in value]
        return [item for item, _ in pairs], any(changed for _, changed in pairs)
    if isinstance(value, dict):
        cleaned: dict[str, Any] = {}
        changed = False
        for key, item in value.items():
            if not encodable(key):
                changed = True
                continue
            cleaned[key], item_changed = without_unencodable(item)
            changed = changed or item_changed
        return cleaned, changed
    return value, False
