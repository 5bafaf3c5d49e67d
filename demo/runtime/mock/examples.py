"""Choosing a response example the way Prism's static mode does.

Order for a response's media type: `Prefer: example=<name>` (from `examples`), then
`example`, then the first of `examples`, else a value generated from the schema
(sampler.py; from a seeded generator when the caller passes `rng`).
"""

from __future__ import annotations

import random
from typing import Any

from .openapi import resolve
from .sampler import sample_schema

__all__ = ["NoExample", "choose_example", "example_for", "sample_schema"]


class NoExample(LookupError):
    """A named example was asked for (`Prefer: example=...`) and does not exist."""


def example_for(document: dict[str, Any], media: dict[str, Any], name: str | None = None) -> Any:
    """The example value of one media-type object, honouring a requested example name."""
    return choose_example(document, media, name)[0]


def choose_example(
    document: dict[str, Any],
    media: dict[str, Any],
    name: str | None = None,
    rng: random.Random | None = None,
) -> tuple[Any, str]:
    """The example value and where it came from: a name of `examples`, "example" (the
    media object's `example`) or "schema" (generated)."""
    raw_examples = media.get("examples")
    examples: dict[str, Any] = raw_examples if isinstance(raw_examples, dict) else {}
    if name is not None:
        if name not in examples:
            available = ", ".join(examples) or "none"
            raise NoExample(f"no example named {name!r} (available: {available})")
        return _example_value(document, examples[name]), name
    if rng is not None:  # dynamic: always generated
        return sample_schema(document, media.get("schema", {}), rng=rng), "dynamic"
    if "example" in media:
        return media["example"], "example"
    for first, entry in examples.items():
        return _example_value(document, entry), first
    return sample_schema(document, media.get("schema", {})), "schema"


def _example_value(document: dict[str, Any], entry: Any) -> Any:
    entry = resolve(document, entry)
    return entry.get("value") if isinstance(entry, dict) else entry
