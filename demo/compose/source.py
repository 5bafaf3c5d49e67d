"""Reading one Compose file: YAML with the line of every key, and the error type.

Every problem in a Compose project is a `ComposeError` naming the file, the line and
the key path (`compose.yaml:12: services.web.portz: ...`), so `analyze` can print one
line a user can act on. PyYAML's composer gives each node its position; `YamlFile`
keeps the line of every key path, which schema errors and rule errors are mapped to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .keys import text_keys

__all__ = ["ComposeError", "KeyPath", "YamlFile", "dotted", "read_yaml"]

KeyPath = tuple[str | int, ...]


def dotted(path: KeyPath) -> str:
    """`services.web.ports[0]`: how a key path is printed."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class ComposeError(ValueError):
    """A Compose project cannot be read: file, line (0 when unknown), key path, problem."""

    def __init__(self, file: str, line: int, key: str, problem: str) -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {key}: {problem}" if key else f"{where}: {problem}")
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "key": self.key, "problem": self.problem}


@dataclass
class YamlFile:
    """A parsed YAML file: its data and the 1-based line of each key path."""

    name: str  # as reports show it (relative to the project folder when inside it)
    path: Path
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line_of(self, path: KeyPath) -> int:
        """The line of `path`, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 0)

    def error(self, path: KeyPath, problem: str) -> ComposeError:
        return ComposeError(self.name, self.line_of(path), dotted(path), problem)


def _record_lines(
    loader: yaml.SafeLoader, node: yaml.Node, path: KeyPath, out: YamlFile, seen: set[int]
) -> None:
    if id(node) in seen:  # an alias: its lines belong to the anchor
        return
    seen.add(id(node))
    out.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        keys: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":  # `<<`: lines are at the anchor
                continue
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise out.error(path, f"line {key_node.start_mark.line + 1}: a key must be text")
            key = str(key)
            line = key_node.start_mark.line + 1
            if key in keys:
                raise ComposeError(
                    out.name,
                    line,
                    dotted((*path, key)),
                    f"duplicate key (first at line {keys[key]})",
                )
            keys[key] = line
            out.lines[(*path, key)] = line
            _record_lines(loader, value_node, (*path, key), out, seen)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out.lines[(*path, i)] = item.start_mark.line + 1
            _record_lines(loader, item, (*path, i), out, seen)


def read_yaml(path: Path, name: str) -> YamlFile:
    """Parse `path`; a missing file, bad encoding or bad YAML is a `ComposeError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ComposeError(name, 0, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ComposeError(name, 0, "", f"cannot read: {exc}") from None
    out = YamlFile(name, path, None)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise ComposeError(name, 1, "", "the file is empty")
        # Lines first: constructing the document flattens `<<` merges into the mappings.
        _record_lines(loader, node, (), out, set())
        out.data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise ComposeError(name, line, "", f"not valid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise ComposeError(name, 0, "", f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    if not isinstance(out.data, dict):
        raise ComposeError(name, 1, "", "a Compose file must be a mapping (services: ...)")
    # Keys are text in Compose (YAML may read `80: x` as a number).
    out.data = text_keys(out.data)
    return out
