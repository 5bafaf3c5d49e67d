"""Variables in a Compose project: the `.env` file and `${VAR}` interpolation.

The values come from the environment given (the shell's, on the command line; none in
the Studio page) over the project's `.env`, as Compose does. Supported forms:
`$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
`${VAR?error}`, `${VAR:+replacement}`, `${VAR+replacement}` and `$$` for a literal
`$`. Defaults may themselves hold variables. Only values are interpolated, never keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .source import ComposeError, KeyPath

__all__ = ["interpolate", "read_env_file"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ENV_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$")


def read_env_file(path: Path, name: str) -> dict[str, str]:
    """`KEY=VALUE` lines; `#` comments; single quotes literal, double quotes with escapes."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ComposeError(name, 0, "", f"cannot read: {exc}") from None
    values: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _ENV_LINE.match(line)
        if not match:
            raise ComposeError(name, number, "", f"not a KEY=VALUE line: {line.strip()[:60]!r}")
        key, raw = match.group(1), match.group(2).strip()
        if raw[:1] in ("'", '"') and raw.endswith(raw[0]) and len(raw) >= 2:
            value = raw[1:-1]
            if raw[0] == '"':
                value = value.replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\")
        else:
            value = re.sub(r"\s+#.*$", "", raw)  # an unquoted value ends at " #"
        values[key] = value
    return values


def _substitute(text: str, env: Mapping[str, str], fail: Callable[[str], ComposeError]) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char != "$":
            out.append(char)
            i += 1
            continue
        following = text[i + 1 : i + 2]
        if following == "$":
            out.append("$")
            i += 2
        elif following == "{":
            end = _closing_brace(text, i + 2)
            if end < 0:
                raise fail(f"unclosed ${{ in {text!r}")
            out.append(_expression(text[i + 2 : end], env, fail))
            i = end + 1
        else:
            match = _NAME.match(text, i + 1)
            if match is None:
                raise fail(f"a lone $ in {text!r} (write $$ for a literal $)")
            out.append(env.get(match.group(), ""))
            i = match.end()
    return "".join(out)


def _closing_brace(text: str, start: int) -> int:
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _expression(inner: str, env: Mapping[str, str], fail: Callable[[str], ComposeError]) -> str:
    match = _NAME.match(inner)
    if match is None:
        raise fail(f"bad variable ${{{inner}}}")
    name, rest = match.group(), inner[match.end() :]
    value = env.get(name)
    if not rest:
        return value or ""
    for op in (":-", ":?", ":+", "-", "?", "+"):
        if rest.startswith(op):
            arg = _substitute(rest[len(op) :], env, fail)
            empty_counts = op.startswith(":")  # `:-` treats an empty value as unset
            is_set = value is not None and (value != "" or not empty_counts)
            if op.endswith("-"):
                return value if is_set and value is not None else arg
            if op.endswith("+"):
                return arg if is_set else ""
            if not is_set:
                raise fail(f"required variable {name} is not set: {arg or 'no message'}")
            return value or ""
    raise fail(f"bad variable ${{{inner}}}")


def interpolate(
    value: Any, env: Mapping[str, str], error: Callable[[KeyPath, str], ComposeError]
) -> Any:
    """`value` with every string interpolated; `error(path, problem)` makes the errors."""

    def walk(node: Any, path: KeyPath) -> Any:
        if isinstance(node, dict):
            return {k: walk(v, (*path, k)) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v, (*path, i)) for i, v in enumerate(node)]
        if isinstance(node, str) and "$" in node:
            return _substitute(node, env, lambda problem: error(path, problem))
        return node

    return walk(value, ())
