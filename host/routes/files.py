"""Browsing the host PC's folders (for picking an app's program or working directory)."""

from __future__ import annotations

from host.handlers import files
from host.routing import Route

from .build import STR, answer, array, get, obj

__all__ = ["ROUTES"]

_ENTRY = obj(("name", "path", "type"), name=STR, path=STR, type={"enum": ["directory", "file"]})
_BROWSE = answer(("path", "parent", "entries"), path=STR, parent=STR, entries=array(_ENTRY))
_TYPE = {
    "type": "string",
    "description": "any, file or executable list those files; another kind "
    "(directory) lists folders only",
}

ROUTES: tuple[Route, ...] = (
    get(
        "/api/browse",
        files.browse,
        "browse",
        "List a folder of the host PC (folders first; `type` filters files)",
        query_schema=obj(path=STR, type=_TYPE),
        response_schema=_BROWSE,
    ),
)
