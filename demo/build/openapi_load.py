"""Reading a mock-http OpenAPI document at build time into the one JSON the runtime gets.

- YAML or JSON. YAML timestamps (`example: 2023-10-29` unquoted) stay the strings
  written in the document: JSON has no dates, and the document means that text.
- External `$ref`s (`schemas.yaml#/Pet`, `./paths/pets.yaml`) are bundled: each file
  referred to is read once (relative to the file that refers to it) and kept whole
  under `x-helio-files/<path relative to the document>`, and every reference to it,
  including the local `#/...` ones inside it, is rewritten to a pointer there. So
  cycles across files stay references, and the runtime follows local pointers only.
  A missing or unreadable file is a build error naming the file and the referring
  pointer; remote (`http://`) references are refused the same way.
- The result is checked (`check_openapi`): one line naming the JSON pointer at fault.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from demo.compose.keys import text_keys
from demo.runtime.manifest import ManifestError
from demo.runtime.mock.openapi import OpenApiError, check_openapi, escape_pointer

__all__ = ["BUNDLE_KEY", "load_openapi", "read_structured"]

BUNDLE_KEY = "x-helio-files"


def read_structured(path: Path, where: str) -> Any:
    """A JSON or YAML file's data; a clear ManifestError when it cannot be parsed."""
    if path.suffix.lower() == ".json":
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise ManifestError(where, f"{path.name} is not valid JSON: {exc}") from exc
    import yaml  # native only: the browser receives JSON

    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_yaml12_loader())
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        one_line = " ".join(str(exc).split())
        raise ManifestError(where, f"{path.name} is not valid YAML: {one_line}") from exc


_YAML11_ONLY = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _yaml12_loader() -> Any:
    """PyYAML's safe loader reading plain scalars as YAML 1.2 (what OpenAPI tools use).

    YAML 1.1 reads `18:00` as the number 1080, `yes`/`on` as true and dates as
    datetimes; in YAML 1.2's core schema (and so in Prism and every JS tool) they are
    the strings written, and so they are here."""
    import re

    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in _YAML11_ONLY]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool",
        re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
        list("tTfF"),
    )
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:int",
        re.compile(r"^(?:[-+]?(?:0|[1-9][0-9]*)|0x[0-9a-fA-F]+)$"),
        list("-+0123456789"),
    )
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
            r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
        ),
        list("-+.0123456789"),
    )

    def timestamp_as_text(loader: yaml.SafeLoader, node: yaml.Node) -> str:
        return str(loader.construct_scalar(node))

    Loader.add_constructor("tag:yaml.org,2002:timestamp", timestamp_as_text)
    return Loader


def load_openapi(path: Path, where: str) -> dict[str, Any]:
    """The checked, bundled document at `path` (`where` prefixes every error)."""
    document = text_keys(read_structured(path, where))
    if isinstance(document, dict):
        bundler = _Bundler(path.parent, where)
        document = bundler.rewrite(document, path, "")
        if bundler.files:
            document[BUNDLE_KEY] = bundler.files
    try:
        check_openapi(document)
    except OpenApiError as exc:
        raise ManifestError(where, f"{path.name}: {exc}") from exc
    return document


class _Bundler:
    def __init__(self, root: Path, where: str) -> None:
        self.root = root.resolve()
        self.where = where
        self.files: dict[str, Any] = {}

    def _key(self, file: Path) -> str:
        try:
            return PurePosixPath(file.resolve().relative_to(self.root)).as_posix()
        except ValueError:  # outside the document's folder: named from the filesystem root
            return file.resolve().as_posix()

    def rewrite(self, node: Any, file: Path, pointer: str, base: str = "") -> Any:
        """`node` with every `$ref` made local; `base` is the pointer of `file`'s copy."""
        if isinstance(node, list):
            return [self.rewrite(v, file, f"{pointer}/{i}", base) for i, v in enumerate(node)]
        if not isinstance(node, dict):
            return node
        out = {
            k: self.rewrite(v, file, f"{pointer}/{escape_pointer(k)}", base)
            for k, v in node.items()
            if k != "$ref"
        }
        ref = node.get("$ref")
        if isinstance(ref, str):
            out = {"$ref": self._local(ref, file, f"{pointer}/$ref", base), **out}
        elif "$ref" in node:
            out["$ref"] = node["$ref"]
        return out

    def _local(self, ref: str, file: Path, pointer: str, base: str) -> str:
        target, _, fragment = ref.partition("#")
        if not target:
            return f"#{base}{fragment}" if base else ref
        at = pointer if not base else f"{base}{pointer}"
        if "://" in target:
            raise ManifestError(
                self.where,
                f"remote $ref {ref!r} at #{at} is not supported: save the file beside the document",
            )
        path = (file.parent / unquote(target)).resolve()
        if not path.is_file():
            raise ManifestError(
                self.where, f"$ref file {target} not found (referred to at #{at} in {file.name})"
            )
        key = self._key(path)
        copy_at = f"/{BUNDLE_KEY}/{escape_pointer(key)}"
        if key not in self.files:
            self.files[key] = None  # reserved first: a file may refer back to itself
            data = text_keys(read_structured(path, self.where))
            self.files[key] = self.rewrite(data, path, "", copy_at)
        return f"#{copy_at}{fragment}"
