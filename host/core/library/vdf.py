"""Valve's text KeyValues format (`.vdf`, `.acf`), read into nested dicts.

    "AppState"
    {
        "appid"     "440"
        "name"      "Team Fortress 2"
        "UserConfig" { "language" "english" }
    }

Keys and values are strings, optionally unquoted; `{ ... }` opens a nested
section; `//` starts a comment; `[$WIN32]`-style conditions after a value
are skipped. Steam treats keys case-insensitively, so `get` helpers do too.
A later duplicate key replaces an earlier one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["VdfError", "get_key", "parse_vdf"]

_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"'}


class VdfError(ValueError):
    """The text is not KeyValues; the message gives the line."""


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, value, line) with kind one of "str", "{", "}"."""
    i, line, size = 0, 1, len(text)
    while i < size:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = size if end < 0 else end
        elif ch in "{}":
            yield ch, ch, line
            i += 1
        elif ch == "[":  # a platform condition like [$WIN32]: not a key or value
            end = text.find("]", i)
            if end < 0:
                raise VdfError(f"Unclosed condition on line {line}")
            i = end + 1
        elif ch == '"':
            out, i, start = [], i + 1, line
            while True:
                if i >= size:
                    raise VdfError(f"Unclosed quoted string starting on line {start}")
                ch = text[i]
                if ch == "\\" and i + 1 < size and text[i + 1] in _ESCAPES:
                    out.append(_ESCAPES[text[i + 1]])
                    i += 2
                    continue
                if ch == '"':
                    i += 1
                    break
                line += ch == "\n"
                out.append(ch)
                i += 1
            yield "str", "".join(out), start
        else:
            start = i
            while i < size and not text[i].isspace() and text[i] not in '{}"':
                i += 1
            yield "str", text[start:i], line


def parse_vdf(text: str) -> dict[str, Any]:
    """The whole document as a dict of (nested) dicts and strings."""
    root: dict[str, Any] = {}
    stack = [root]
    key: str | None = None
    for kind, value, line in _tokens(text.lstrip("\ufeff")):
        if kind == "str":
            if key is None:
                key = value
            else:
                stack[-1][key] = value
                key = None
        elif kind == "{":
            if key is None:
                raise VdfError(f"A section without a name on line {line}")
            section: dict[str, Any] = {}
            stack[-1][key] = section
            stack.append(section)
            key = None
        else:
            if key is not None or len(stack) == 1:
                raise VdfError(f"Unexpected }} on line {line}")
            stack.pop()
    if len(stack) != 1:
        raise VdfError("The document ends inside a section (a } is missing)")
    if key is not None:
        raise VdfError(f"The key {key!r} has no value")
    return root


def get_key(section: Any, name: str, default: Any = None) -> Any:
    """`section[name]` compared case-insensitively, as Steam reads its files."""
    if not isinstance(section, dict):
        return default
    if name in section:
        return section[name]
    lowered = name.lower()
    for key, value in section.items():
        if key.lower() == lowered:
            return value
    return default
