"""A string that matches a simple regular expression (`pattern` of a schema).

Simple means: literals, escapes (`\\d`, `\\w`, `\\s`, `\\.`), character classes with
ranges (`[0-9a-fA-F]`), `.`, groups with alternation (the first choice is taken),
anchors, and the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (each repeated
the fewest times allowed). Anything else (look-arounds, back
references, negated classes) gives None and the caller keeps its plain value.
"""

from __future__ import annotations

import re

__all__ = ["string_for_pattern"]

_CLASS_ESCAPES = {"d": "0", "w": "a", "s": " "}


class _Unsupported(ValueError):
    pass


def string_for_pattern(pattern: str) -> str | None:
    """A string `re.search(pattern, result)` accepts, or None when the pattern is not simple."""
    try:
        text, end = _sequence(pattern, 0)
    except (_Unsupported, IndexError):
        return None
    if end != len(pattern):
        return None
    try:
        return text if re.search(pattern, text) else None
    except re.error:
        return None


def _sequence(pattern: str, at: int) -> tuple[str, int]:
    """Generate from `at` up to a `)` or `|` (alternatives after `|` are skipped)."""
    out = []
    while at < len(pattern) and pattern[at] not in ")|":
        atom, at = _atom(pattern, at)
        low, at = _quantifier(pattern, at)
        out.append(atom * low)
    if at < len(pattern) and pattern[at] == "|":
        depth = 0
        while at < len(pattern) and not (pattern[at] == ")" and depth == 0):
            if pattern[at] == "\\":
                at += 1
            elif pattern[at] == "(":
                depth += 1
            elif pattern[at] == ")":
                depth -= 1
            at += 1
    return "".join(out), at


def _atom(pattern: str, at: int) -> tuple[str, int]:
    char = pattern[at]
    if char in "^$":
        return "", at + 1
    if char == "(":
        if pattern.startswith("(?:", at):
            at += 2
        elif pattern.startswith("(?", at):
            raise _Unsupported(pattern)
        text, at = _sequence(pattern, at + 1)
        if pattern[at] != ")":
            raise _Unsupported(pattern)
        return text, at + 1
    if char == "[":
        return _char_class(pattern, at + 1)
    if char == "\\":
        escaped = pattern[at + 1]
        if escaped in _CLASS_ESCAPES:
            return _CLASS_ESCAPES[escaped], at + 2
        if escaped.isalnum():  # \b, \D, \1, \uXXXX: not simple
            raise _Unsupported(pattern)
        return escaped, at + 2
    if char == ".":
        return "a", at + 1
    if char in "*+?{":
        raise _Unsupported(pattern)
    return char, at + 1


def _char_class(pattern: str, at: int) -> tuple[str, int]:
    if pattern[at] == "^":
        raise _Unsupported(pattern)
    first: str | None = None
    while pattern[at] != "]" or first is None and at == 0:
        char = pattern[at]
        if char == "\\":
            escaped = pattern[at + 1]
            char = _CLASS_ESCAPES.get(escaped, escaped)
            if escaped.isalpha() and escaped not in _CLASS_ESCAPES:
                raise _Unsupported(pattern)
            at += 2
        else:
            at += 1
        if first is None:
            first = char
    if first is None:
        raise _Unsupported(pattern)
    return first, at + 1


def _quantifier(pattern: str, at: int) -> tuple[int, int]:
    """(the fewest repetitions allowed, next position)."""
    if at >= len(pattern):
        return 1, at
    char = pattern[at]
    if char in "?*":
        return 0, at + 1
    if char == "+":
        return 1, at + 1
    if char == "{":
        match = re.match(r"\{(\d+)(,\d*)?\}", pattern[at:])
        if not match:
            raise _Unsupported(pattern)
        return int(match.group(1)), at + match.end()
    return 1, at
